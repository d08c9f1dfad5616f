import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/index.js';
import { saveVariantTableSchema } from './product-admin.js';
import { planVariantTable } from './variant-table.js';

const OPTIONS = [
  { name: 'Colour', options: ['Black', 'White'] },
  { name: 'Size', options: ['S', 'M'] },
];
const STORED = [
  { path: '0/0', priceMinor: 1000, stock: 5 },
  { path: '0/1', priceMinor: 1200, stock: 0 },
  { path: '1/0', priceMinor: 1000, stock: 9 },
];
const row = (path: string, priceMinor: number, stock: number, stockSeen = stock) => ({
  path,
  priceMinor,
  stock,
  stockSeen,
});

function refusal(run: () => unknown): { code: string; params: readonly string[] } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, params: error.params };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('planVariantTable', () => {
  it('changes only the prices and stock that differ from what is stored', () => {
    const changes = planVariantTable(OPTIONS, STORED, [
      row('0/0', 1000, 5),
      row('0/1', 1500, 3, 0),
      row('1/0', 900, 9),
    ]);
    expect(changes).toEqual([
      { path: '0/1', price: { from: 1200, to: 1500 }, stock: { from: 0, to: 3 } },
      { path: '1/0', price: { from: 1000, to: 900 } },
    ]);
  });

  it('leaves a stock the operator did not touch alone, though an order moved it meanwhile', () => {
    const sold = STORED.map((variant) => (variant.path === '0/0' ? { ...variant, stock: 2 } : variant));
    expect(planVariantTable(OPTIONS, sold, [row('0/0', 1100, 5)])).toEqual([
      { path: '0/0', price: { from: 1000, to: 1100 } },
    ]);
  });

  it('refuses a stock set from a count that moved since the table was loaded, naming the variant', () => {
    const moved = STORED.map((variant) => (variant.path === '1/0' ? { ...variant, stock: 4 } : variant));
    expect(refusal(() => planVariantTable(OPTIONS, moved, [row('1/0', 1000, 20, 9)]))).toEqual({
      code: 'product/stale_stock',
      params: ['Colour: White, Size: S', '4', '1/0'],
    });
  });

  it('accepts the same stock from two operators: the second one changes nothing', () => {
    const done = STORED.map((variant) => (variant.path === '0/1' ? { ...variant, stock: 3 } : variant));
    expect(planVariantTable(OPTIONS, done, [row('0/1', 1200, 3, 3)])).toEqual([]);
  });

  it('refuses a variant the product does not have, and one named twice', () => {
    expect(refusal(() => planVariantTable(OPTIONS, STORED, [row('1/1', 1000, 1)]))).toEqual({
      code: 'product/variant_not_found',
      params: ['1/1'],
    });
    expect(
      refusal(() => planVariantTable(OPTIONS, STORED, [row('0/0', 1000, 5), row('0/0', 1000, 6, 5)])),
    ).toEqual({ code: 'general/argument_error', params: ['rows'] });
  });
});

describe('saveVariantTableSchema', () => {
  const valid = { version: 3, rows: [row('0/0', 1000, 5)] };
  it('takes whole, bounded prices and stock for well-formed paths', () => {
    expect(saveVariantTableSchema.safeParse(valid).success).toBe(true);
    for (const bad of [
      { ...valid, rows: [] },
      { ...valid, rows: null },
      { ...valid, rows: [{ ...valid.rows[0], priceMinor: 10.5 }] },
      { ...valid, rows: [{ ...valid.rows[0], stock: -1 }] },
      { ...valid, rows: [{ ...valid.rows[0], stock: '5' }] },
      { ...valid, rows: [{ ...valid.rows[0], path: '' }] },
      { ...valid, rows: [{ ...valid.rows[0], path: '0/../1' }] },
      { ...valid, version: 0 },
    ]) {
      expect(saveVariantTableSchema.safeParse(bad).success).toBe(false);
    }
  });
});
