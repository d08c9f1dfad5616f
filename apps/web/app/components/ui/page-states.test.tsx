import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyCard } from './page-states';

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
