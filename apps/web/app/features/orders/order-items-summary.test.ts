import { describe, expect, it } from 'vitest';
import { orderItemsSummary } from './order-items-summary';

describe('orderItemsSummary', () => {
  it('names the first item and counts the units without inventing another item', () => {
    expect(orderItemsSummary('Velvet Lip Balm', 1)).toBe('Velvet Lip Balm');
    expect(orderItemsSummary('Velvet Lip Balm', 2)).toBe('Velvet Lip Balm, 2 items in all');
    expect(orderItemsSummary(null, 0)).toBe('No items');
  });
});
