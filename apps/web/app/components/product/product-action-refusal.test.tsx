import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductActionRefusal } from './product-action-refusal';

afterEach(cleanup);

describe('ProductActionRefusal', () => {
  it('announces the refusal across both columns of the buttons', () => {
    render(<ProductActionRefusal message="This product is sold out." />);
    const refusal = screen.getByRole('alert');
    expect(refusal.textContent).toBe('This product is sold out.');
    expect(refusal.className).toContain('sm:col-span-2');
  });

  it('draws nothing while there is no refusal', () => {
    const { container } = render(<ProductActionRefusal message={null} />);
    expect(container.innerHTML).toBe('');
  });
});
