import { describe, expect, it } from 'vitest';
import { normalizeExchangeRate, setExchangeRateSchema, storeSettingsSchema } from './index.js';

describe('normalizeExchangeRate', () => {
  it('keeps a rate as exact text in its shortest form', () => {
    expect(normalizeExchangeRate('3.4875')).toBe('3.4875');
    expect(normalizeExchangeRate(' 0112.350 ')).toBe('112.35');
    expect(normalizeExchangeRate('0.1')).toBe('0.1');
    expect(normalizeExchangeRate('1024.00')).toBe('1024');
    expect(normalizeExchangeRate('0.00000001')).toBe('0.00000001');
    expect(normalizeExchangeRate('9999999999.99999999')).toBe('9999999999.99999999');
  });

  it('refuses zero, signs, exponents, too many digits and anything not a decimal', () => {
    for (const text of [
      '0',
      '0.0',
      '-1',
      '+1',
      '1e3',
      '.5',
      '5.',
      '1,5',
      '0.000000001',
      '12345678901',
      '',
      'NaN',
    ]) {
      expect(normalizeExchangeRate(text), text).toBeNull();
    }
  });
});

describe('store settings schemas', () => {
  it('names the broken rule of each setting', () => {
    const codeOf = (input: unknown) =>
      storeSettingsSchema.partial().safeParse(input).error?.issues[0]?.message;
    expect(codeOf({ quoteValidDays: 91 })).toBe('settings/invalid_quote_valid_days');
    expect(codeOf({ maxAddressesPerUser: 0 })).toBe('settings/invalid_max_addresses');
    expect(codeOf({ quoteFeePercent: '7.12345' })).toBe('settings/invalid_quote_fee_percent');
    expect(codeOf({ quoteValidDays: 90, maxAddressesPerUser: 1000, quoteFeePercent: '7.5' })).toBeUndefined();
    expect(codeOf({ maxUnpaidOrders: 0 })).toBe('settings/invalid_max_unpaid_orders');
    expect(codeOf({ maxUnitsHeldPerItem: 10_001 })).toBe('settings/invalid_max_units_held');
    expect(codeOf({ maxOrdersPerHour: 2.5 })).toBe('settings/invalid_max_orders_per_hour');
    expect(codeOf({ maxOpenCheckouts: '20' })).toBe('settings/invalid_max_open_checkouts');
    expect(
      codeOf({ maxUnpaidOrders: 1, maxUnitsHeldPerItem: 10_000, maxOrdersPerHour: 60, maxOpenCheckouts: 20 }),
    ).toBeUndefined();
  });

  it('normalises a rate set by hand', () => {
    expect(setExchangeRateSchema.parse({ rate: '3.50' })).toEqual({ rate: '3.5' });
    expect(setExchangeRateSchema.safeParse({ rate: '0' }).error?.issues[0]?.message).toBe(
      'settings/invalid_exchange_rate',
    );
  });
});
