import { describe, expect, it } from 'vitest';
import {
  addToCartSchema,
  fitCartQuantity,
  mostCartQuantity,
  reconcileSelection,
  selectionSubtotal,
  updateCartItemSchema,
} from './index.js';

describe('reconcileSelection', () => {
  it('drops ids that no longer exist and says whether everything is checked', () => {
    expect(
      reconcileSelection(
        { cartItemIds: ['a', 'gone'], quotationItemIds: ['q1'] },
        { cartItemIds: ['a', 'b'], quotationItemIds: ['q1'] },
      ),
    ).toEqual({ cartItemIds: ['a'], quotationItemIds: ['q1'], allChecked: false });
    expect(
      reconcileSelection(
        { cartItemIds: ['a', 'b'], quotationItemIds: [] },
        { cartItemIds: ['a', 'b'], quotationItemIds: [] },
      ).allChecked,
    ).toBe(true);
    expect(
      reconcileSelection({ cartItemIds: [], quotationItemIds: [] }, { cartItemIds: [], quotationItemIds: [] })
        .allChecked,
    ).toBe(false);
  });
});

describe('fitCartQuantity', () => {
  it('keeps a quantity within one to the stock and the most one line holds, saying which bound it met', () => {
    expect(fitCartQuantity(2, 3)).toEqual({ quantity: 2, limit: null });
    expect(fitCartQuantity(0, 3)).toEqual({ quantity: 1, limit: 'fewest' });
    expect(fitCartQuantity(-4, null)).toEqual({ quantity: 1, limit: 'fewest' });
    expect(fitCartQuantity(Number.NaN, 3)).toEqual({ quantity: 1, limit: 'fewest' });
    expect(fitCartQuantity(5, 3)).toEqual({ quantity: 3, limit: 'stock' });
    expect(fitCartQuantity(999, 3)).toEqual({ quantity: 3, limit: 'stock' });
    expect(fitCartQuantity(999, 500)).toEqual({ quantity: 99, limit: 'most' });
    expect(fitCartQuantity(999, null)).toEqual({ quantity: 99, limit: 'most' });
    expect(fitCartQuantity(2.7, 3)).toEqual({ quantity: 2, limit: null });
  });

  it('leaves a sold-out item its quantity, since nothing would fit', () => {
    expect(fitCartQuantity(4, 0)).toEqual({ quantity: 4, limit: null });
    expect(mostCartQuantity(0)).toBe(99);
    expect(mostCartQuantity(3)).toBe(3);
    expect(mostCartQuantity(null)).toBe(99);
  });
});

describe('selectionSubtotal', () => {
  it('sums unit price times quantity, and is zero in the currency when empty', () => {
    const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });
    expect(
      selectionSubtotal(
        [
          { unitPrice: sgd(1990), quantity: 2 },
          { unitPrice: sgd(505), quantity: 1 },
        ],
        'SGD',
      ),
    ).toEqual(sgd(4485));
    expect(selectionSubtotal([], 'JPY')).toEqual({ amountMinor: 0, currency: 'JPY' });
  });
});

describe('cart schemas', () => {
  it('default an add to one of a product without variants', () => {
    expect(addToCartSchema.parse({ productId: 'p' })).toEqual({
      productId: 'p',
      variantPath: '',
      quantity: 1,
      message: '',
    });
  });
  it('let an update change only quantity and message', () => {
    expect(updateCartItemSchema.safeParse({ quantity: 2 }).success).toBe(true);
    expect(updateCartItemSchema.safeParse({ quantity: 2, productId: 'p' }).success).toBe(false);
    expect(updateCartItemSchema.safeParse({}).success).toBe(false);
  });
});
