import { type CurrencyCode, convertMoney } from '@crossbuy/core/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { queryRows } from '../../db/query-rows.js';
import { conversionFactor, type PricingRegion, priceForRegion } from './pricing.js';

const malaysia: PricingRegion = { countryCode: 'MY', currency: 'MYR', rate: '3.4875' };
const japan: PricingRegion = { countryCode: 'JP', currency: 'JPY', rate: '112.35' };
const singapore: PricingRegion = { countryCode: 'SG', currency: 'SGD', rate: '1' };

describe('priceForRegion', () => {
  it("uses the merchant's explicit price while it is in the region's currency", () => {
    expect(
      priceForRegion(
        { amountMinor: 1000, currency: 'SGD' },
        { amountMinor: 3590, currency: 'MYR' },
        malaysia,
      ),
    ).toEqual({
      amountMinor: 3590,
      currency: 'MYR',
    });
  });

  it('converts the base price when there is no usable explicit price, half-even', () => {
    expect(priceForRegion({ amountMinor: 1000, currency: 'SGD' }, undefined, malaysia)).toEqual({
      amountMinor: 3488,
      currency: 'MYR',
    });
    // An explicit price left in a currency the region no longer uses is ignored.
    expect(
      priceForRegion({ amountMinor: 1000, currency: 'SGD' }, { amountMinor: 5, currency: 'USD' }, malaysia),
    ).toEqual({
      amountMinor: 3488,
      currency: 'MYR',
    });
  });

  it('rounds to whole yen for JPY', () => {
    // 59.90 x 112.35 = 6729.765
    expect(priceForRegion({ amountMinor: 5990, currency: 'SGD' }, undefined, japan)).toEqual({
      amountMinor: 6730,
      currency: 'JPY',
    });
  });

  it('returns the base price unchanged in the base region', () => {
    expect(priceForRegion({ amountMinor: 1234, currency: 'SGD' }, undefined, singapore)).toEqual({
      amountMinor: 1234,
      currency: 'SGD',
    });
  });

  it('refuses a base price that is not in the base currency', () => {
    expect(() => priceForRegion({ amountMinor: 1, currency: 'USD' }, undefined, malaysia)).toThrow(
      RangeError,
    );
  });
});

describe('conversionFactor', () => {
  it('is the rate moved by the difference in minor digits, exactly', () => {
    expect(conversionFactor(malaysia)).toBe('3.4875');
    expect(conversionFactor(japan)).toBe('1.1235');
    expect(conversionFactor({ countryCode: 'KR', currency: 'KRW', rate: '1024.5' })).toBe('10.245');
    expect(conversionFactor({ countryCode: 'KR', currency: 'KRW', rate: '0.5' })).toBe('0.005');
    expect(conversionFactor({ countryCode: 'KR', currency: 'KRW', rate: '100' })).toBe('1');
    expect(conversionFactor(singapore)).toBe('1');
  });
});

describe('the SQL conversion used for sorting and filtering', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it('gives exactly what priceForRegion gives, ties included', async () => {
    const cases: { amount: number; currency: CurrencyCode; rate: string }[] = [];
    const rates: [CurrencyCode, string][] = [
      ['MYR', '3.4875'],
      ['JPY', '112.35'],
      ['KRW', '1024.5'],
      ['USD', '0.7412'],
      ['MYR', '0.5'],
      ['MYR', '2.5'],
      ['JPY', '1'],
      ['JPY', '50'],
    ];
    for (const [currency, rate] of rates) {
      for (const amount of [0, 1, 3, 5, 7, 150, 250, 999, 1990, 12345, 19999, 987654])
        cases.push({ amount, currency, rate });
    }
    const rows = await queryRows<{ converted: string }>(
      database.db,
      sql`SELECT round_half_even(c.amount * c.factor)::text AS converted
            FROM (VALUES ${sql.join(
              cases.map(
                (c, index) =>
                  sql`(${index}::int, ${c.amount}::int, ${conversionFactor({ countryCode: 'XX', currency: c.currency, rate: c.rate })}::numeric)`,
              ),
              sql`, `,
            )}) AS c(position, amount, factor) ORDER BY c.position`,
    );
    const expected = cases.map((c) =>
      String(convertMoney({ amountMinor: c.amount, currency: 'SGD' }, c.currency, c.rate).amountMinor),
    );
    expect(rows.map((row) => row.converted)).toEqual(expected);
    // The ties really are there: 3 x 0.5 = 1.5 -> 2, 5 x 0.5 = 2.5 -> 2, 250 SGD cents at 1 JPY = 2.5 -> 2.
    expect(
      expected.slice(
        cases.findIndex((c) => c.rate === '0.5'),
        cases.findIndex((c) => c.rate === '0.5') + 4,
      ),
    ).toEqual(['0', '0', '2', '2']);
  });
});
