import { ApiError } from '@crossbuy/core/errors';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorAlert } from './alert';

afterEach(cleanup);

describe('ErrorAlert', () => {
  it('shows nothing while there is no refusal', () => {
    const { container } = render(<ErrorAlert error={null} />);
    expect(container.innerHTML).toBe('');
  });

  it("announces a refusal in the store's words", () => {
    render(<ErrorAlert error={new ApiError({ status: 400, code: 'settings/csv_empty' })} />);
    expect(screen.getByRole('alert').textContent).toBe('The file holds no exchange rates');
  });
});
