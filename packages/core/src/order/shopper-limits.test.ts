import { describe, expect, it } from 'vitest';
import { type ItemTaken, newCheckoutRefusal, newOrderRefusal, type ShopperOrders } from './shopper-limits.js';

const LIMITS = { maxUnpaidOrders: 5, maxUnitsHeldPerItem: 20, maxOrdersPerHour: 10, maxOpenCheckouts: 20 };
const NOW = new Date('2026-11-23T10:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

const noOrders: ShopperOrders = { unpaidOrders: 0, nthLatestPlacedAt: null, unitsHeld: () => 0 };
const kettle = (quantity: number, variantPath = ''): ItemTaken => ({
  productId: 'p-kettle',
  variantPath,
  name: 'Kettle',
  quantity,
});

describe('newOrderRefusal', () => {
  it('lets a shopper below every limit order', () => {
    expect(newOrderRefusal(LIMITS, noOrders, [kettle(20)], NOW)).toBeNull();
    expect(
      newOrderRefusal(
        LIMITS,
        { unpaidOrders: 4, nthLatestPlacedAt: minutesAgo(60), unitsHeld: () => 19 },
        [kettle(1)],
        NOW,
      ),
    ).toBeNull();
  });

  it('refuses the order past the unpaid ones allowed, naming the limit', () => {
    expect(newOrderRefusal(LIMITS, { ...noOrders, unpaidOrders: 5 }, [kettle(1)], NOW)).toEqual({
      code: 'checkout/too_many_unpaid_orders',
      params: [5],
    });
    // A limit lowered below what a shopper holds refuses until they are back under it.
    expect(newOrderRefusal(LIMITS, { ...noOrders, unpaidOrders: 7 }, [], NOW)?.code).toBe(
      'checkout/too_many_unpaid_orders',
    );
  });

  it('counts orders over the last hour and says when the next may be placed', () => {
    expect(newOrderRefusal(LIMITS, { ...noOrders, nthLatestPlacedAt: minutesAgo(20) }, [], NOW)).toEqual({
      code: 'checkout/too_many_orders',
      params: [10, 40],
    });
    expect(
      newOrderRefusal(
        LIMITS,
        { ...noOrders, nthLatestPlacedAt: new Date(NOW.getTime() - 3_599_000) },
        [],
        NOW,
      )?.params,
    ).toEqual([10, 1]);
    expect(newOrderRefusal(LIMITS, { ...noOrders, nthLatestPlacedAt: minutesAgo(61) }, [], NOW)).toBeNull();
  });

  it('counts an item over every line and the unpaid orders that hold it, per variant', () => {
    const held = (productId: string, variantPath: string) =>
      productId === 'p-kettle' && variantPath === '1' ? 15 : 0;
    const orders = { ...noOrders, unitsHeld: held };
    expect(newOrderRefusal(LIMITS, orders, [kettle(5, '1')], NOW)).toBeNull();
    expect(newOrderRefusal(LIMITS, orders, [kettle(3, '1'), kettle(3, '1')], NOW)).toEqual({
      code: 'checkout/too_many_units_held',
      params: ['Kettle', 20, 15],
    });
    // Another variant is another item.
    expect(newOrderRefusal(LIMITS, orders, [kettle(20, '0'), kettle(5, '1')], NOW)).toBeNull();
    expect(newOrderRefusal(LIMITS, noOrders, [kettle(21)], NOW)).toEqual({
      code: 'checkout/too_many_units_held',
      params: ['Kettle', 20, 0],
    });
  });

  it('tells unpaid orders first, then the hour, then the item', () => {
    const everything: ShopperOrders = {
      unpaidOrders: 5,
      nthLatestPlacedAt: minutesAgo(1),
      unitsHeld: () => 20,
    };
    expect(newOrderRefusal(LIMITS, everything, [kettle(1)], NOW)?.code).toBe(
      'checkout/too_many_unpaid_orders',
    );
    expect(newOrderRefusal(LIMITS, { ...everything, unpaidOrders: 0 }, [kettle(1)], NOW)?.code).toBe(
      'checkout/too_many_orders',
    );
  });
});

describe('newCheckoutRefusal', () => {
  it('refuses while the limiting checkout is open, saying when it ends', () => {
    expect(newCheckoutRefusal(LIMITS, null, NOW)).toBeNull();
    expect(newCheckoutRefusal(LIMITS, NOW, NOW)).toBeNull();
    expect(newCheckoutRefusal(LIMITS, new Date(NOW.getTime() + 25 * 60_000 + 1), NOW)).toEqual({
      code: 'checkout/too_many_sessions',
      params: [20, 26],
    });
  });
});
