import { describe, expect, it } from 'vitest';
import { labelledOptions } from './select-field';

describe('labelledOptions', () => {
  it('offers each code in its order, named by its label', () => {
    const labels = { shipped: 'Shipped', paid: 'Paid', cancelled: 'Cancelled' } as const;
    expect(labelledOptions(['paid', 'shipped'], labels)).toEqual([
      { value: 'paid', label: 'Paid' },
      { value: 'shipped', label: 'Shipped' },
    ]);
  });
});
