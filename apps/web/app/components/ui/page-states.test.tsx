import { ApiError } from '@crossbuy/core/errors';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyCard, ErrorWithRetry } from './page-states';

afterEach(cleanup);

describe('EmptyCard', () => {
  it('says why the list is empty first, then what follows it', () => {
    const { container } = render(
      <EmptyCard title="You have no orders yet">
        <p>Items you check out show here.</p>
      </EmptyCard>,
    );
    const card = container.firstElementChild;
    expect(Array.from(card?.children ?? []).map((child) => child.textContent)).toEqual([
      'You have no orders yet',
      'Items you check out show here.',
    ]);
  });

  it('is the sentence alone when there is nothing more to say', () => {
    const { container } = render(<EmptyCard title="No quotations here" />);
    expect(container.firstElementChild?.children).toHaveLength(1);
    expect(screen.getByText('No quotations here').tagName).toBe('P');
  });
});

describe('ErrorWithRetry', () => {
  it("announces why the part could not load in the store's words, and loads it again on request", () => {
    const onRetry = vi.fn();
    render(
      <ErrorWithRetry error={new ApiError({ status: 400, code: 'settings/csv_empty' })} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The file holds no exchange rates');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
