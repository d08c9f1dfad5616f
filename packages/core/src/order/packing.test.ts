import { describe, expect, it } from 'vitest';
import { lineOrigin, pickList } from './packing.js';

const capture = (name: string, extra: Record<string, string | null> = {}) => ({
  name,
  variantLabel: null,
  mainImage: null,
  productUrl: null,
  sourceMarketPlace: null,
  ...extra,
});

describe('where a line comes from', () => {
  it('tells catalogue items from quoted ones, with the seller of an item bought abroad', () => {
    expect(lineOrigin({ source: 'cart', capture: capture('Kettle') })).toEqual({
      label: 'Catalogue item',
      sellerUrl: null,
    });
    expect(lineOrigin({ source: 'quotation_internal', capture: capture('Kettle') }).label).toBe(
      'Quoted catalogue item',
    );
    expect(
      lineOrigin({
        source: 'quotation_external',
        capture: capture('Kimono', { sourceMarketPlace: 'Rakuten', productUrl: 'https://rakuten.example/k' }),
      }),
    ).toEqual({ label: 'Quoted item from Rakuten', sellerUrl: 'https://rakuten.example/k' });
    expect(lineOrigin({ source: 'quotation_external', capture: capture('Kimono') }).label).toBe(
      'Quoted item',
    );
  });
});

describe('the pick list', () => {
  it('adds up each item across orders, per variant, naming the orders it goes into', () => {
    const blue = {
      source: 'cart' as const,
      productId: 'p1',
      variantPath: '1',
      quantity: 2,
      capture: capture('Rice cooker', { variantLabel: 'Colour: Blue' }),
    };
    const white = {
      ...blue,
      variantPath: '0',
      quantity: 1,
      capture: capture('Rice cooker', { variantLabel: 'Colour: White' }),
    };
    const kimono = {
      source: 'quotation_external' as const,
      productId: null,
      variantPath: '',
      quantity: 1,
      capture: capture('Kimono', { productUrl: 'https://rakuten.example/k', sourceMarketPlace: 'Rakuten' }),
    };
    const list = pickList([
      { orderRef: 'CB-A', lines: [blue, kimono] },
      { orderRef: 'CB-B', lines: [white, { ...blue, quantity: 3 }] },
      { orderRef: 'CB-C', lines: [{ ...kimono, quantity: 2 }] },
    ]);
    expect(list.map((entry) => [entry.name, entry.variantLabel, entry.quantity, entry.orderRefs])).toEqual([
      ['Rice cooker', 'Colour: Blue', 5, ['CB-A', 'CB-B']],
      ['Kimono', null, 3, ['CB-A', 'CB-C']],
      ['Rice cooker', 'Colour: White', 1, ['CB-B']],
    ]);
    expect(list[1]?.origin).toBe('Quoted item from Rakuten');
    expect(pickList([])).toEqual([]);
  });
});
