import { ApiError } from '@crossbuy/core/errors';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorWithRetry } from './page-states';

afterEach(cleanup);

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
