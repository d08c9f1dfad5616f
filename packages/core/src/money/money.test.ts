import { describe, expect, it } from 'vitest';
import {
  addMoney,
  CURRENCIES,
  CURRENCY_SYMBOLS,
  type CurrencyCode,
  convertMoney,
  DEFAULT_CURRENCY,
  formatMoney,
  groupDigits,
  isCurrencyCode,
  type Money,
  minorUnitDigits,
  money,
  multiplyMoney,
  parseMajorAmount,
  subtractMoney,
  sumMoney,
} from './index.js';

const NBSP = '\u00a0';

describe('currencies', () => {
  it('lists exactly the spec currencies with SGD as the default', () => {
    expect(CURRENCIES).toHaveLength(32);
    expect(new Set(CURRENCIES).size).toBe(32);
    expect(DEFAULT_CURRENCY).toBe('SGD');
    expect(CURRENCIES).toContain(DEFAULT_CURRENCY);
  });

  it('uses 0 minor digits for JPY, ISK and KRW and 2 for every other currency', () => {
    const zero = CURRENCIES.filter((code) => minorUnitDigits(code) === 0);
    expect(zero).toEqual(['JPY', 'ISK', 'KRW']);
    for (const code of ['USD', 'SGD', 'HUF', 'IDR', 'HRK', 'GBP'] as const)
      expect(minorUnitDigits(code)).toBe(2);
  });

  it('recognises supported codes only', () => {
    expect(isCurrencyCode('SGD')).toBe(true);
    expect(isCurrencyCode('HRK')).toBe(true);
    expect(isCurrencyCode('EUR')).toBe(false);
    expect(isCurrencyCode('sgd')).toBe(false);
    expect(isCurrencyCode(undefined)).toBe(false);
  });
});

describe('money', () => {
  it('builds a value from whole minor units', () => {
    expect(money(1250, 'SGD')).toEqual({ amountMinor: 1250, currency: 'SGD' });
    expect(money(-3, 'JPY')).toEqual({ amountMinor: -3, currency: 'JPY' });
  });

  it('refuses fractional, non-finite or unsafe amounts', () => {
    expect(() => money(12.5, 'SGD')).toThrow(RangeError);
    expect(() => money(0.1 + 0.2, 'SGD')).toThrow(RangeError);
    expect(() => money(Number.NaN, 'SGD')).toThrow(RangeError);
    expect(() => money(Number.POSITIVE_INFINITY, 'SGD')).toThrow(RangeError);
    expect(() => money(2 ** 53, 'SGD')).toThrow(RangeError);
  });

  it('refuses unknown currencies that slip past the types', () => {
    expect(() => money(1, 'EUR' as CurrencyCode)).toThrow(/Unsupported currency: EUR/);
  });
});

describe('arithmetic', () => {
  it('adds and subtracts in one currency', () => {
    expect(addMoney(money(1250, 'SGD'), money(99, 'SGD'))).toEqual(money(1349, 'SGD'));
    expect(subtractMoney(money(1250, 'SGD'), money(1300, 'SGD'))).toEqual(money(-50, 'SGD'));
    expect(addMoney(money(1, 'JPY'), money(2, 'JPY'))).toEqual(money(3, 'JPY'));
  });

  it('refuses to mix currencies', () => {
    expect(() => addMoney(money(1, 'SGD'), money(1, 'USD'))).toThrow(/Cannot combine SGD with USD/);
    expect(() => subtractMoney(money(1, 'JPY'), money(1, 'KRW'))).toThrow(RangeError);
  });

  it('multiplies by a whole quantity', () => {
    expect(multiplyMoney(money(1999, 'SGD'), 3)).toEqual(money(5997, 'SGD'));
    expect(multiplyMoney(money(1999, 'SGD'), 0)).toEqual(money(0, 'SGD'));
    expect(multiplyMoney(money(500, 'JPY'), -2)).toEqual(money(-1000, 'JPY'));
  });

  it('refuses fractional quantities', () => {
    expect(() => multiplyMoney(money(100, 'SGD'), 1.5)).toThrow(RangeError);
    expect(() => multiplyMoney(money(100, 'SGD'), Number.NaN)).toThrow(RangeError);
  });

  it('refuses values whose amount is a float, however they were built', () => {
    const float = { amountMinor: 0.1 + 0.2, currency: 'SGD' } as Money;
    expect(() => addMoney(float, money(1, 'SGD'))).toThrow(RangeError);
    expect(() => multiplyMoney(float, 2)).toThrow(RangeError);
    expect(() => formatMoney(float)).toThrow(RangeError);
  });

  it('refuses results beyond the safe integer range', () => {
    expect(() => addMoney(money(Number.MAX_SAFE_INTEGER, 'SGD'), money(1, 'SGD'))).toThrow(/out of range/);
    expect(() => multiplyMoney(money(2 ** 52, 'SGD'), 4)).toThrow(/out of range/);
  });

  it('sums a list, answering zero in the given currency for an empty list', () => {
    expect(sumMoney([money(100, 'SGD'), money(250, 'SGD'), money(-50, 'SGD')], 'SGD')).toEqual(
      money(300, 'SGD'),
    );
    expect(sumMoney([], 'SGD')).toEqual(money(0, 'SGD'));
    expect(sumMoney([], 'JPY')).toEqual(money(0, 'JPY'));
  });

  it('sums exactly where floats would drift', () => {
    const tenCents = Array.from({ length: 10 }, () => money(10, 'SGD'));
    expect(sumMoney(tenCents, 'SGD')).toEqual(money(100, 'SGD'));
  });

  it('refuses a list holding another currency', () => {
    expect(() => sumMoney([money(100, 'USD')], 'SGD')).toThrow(RangeError);
  });
});

describe('convertMoney', () => {
  it('converts SGD to JPY, rounding to whole yen half-even', () => {
    // 12.50 SGD x 108.5 = 1356.25 JPY
    expect(convertMoney(money(1250, 'SGD'), 'JPY', '108.5')).toEqual(money(1356, 'JPY'));
    // 0.10 SGD x 105 = 10.5 JPY -> 10 (even); 0.30 SGD x 105 = 31.5 JPY -> 32 (even)
    expect(convertMoney(money(10, 'SGD'), 'JPY', '105')).toEqual(money(10, 'JPY'));
    expect(convertMoney(money(30, 'SGD'), 'JPY', '105')).toEqual(money(32, 'JPY'));
  });

  it('converts JPY to SGD, rounding to cents half-even', () => {
    // 1000 JPY x 0.0092 = 9.20 SGD
    expect(convertMoney(money(1000, 'JPY'), 'SGD', '0.0092')).toEqual(money(920, 'SGD'));
    // 125 JPY x 0.01 = 1.25 SGD exactly; 1 JPY x 0.00925 = 0.00925 -> 0.01
    expect(convertMoney(money(125, 'JPY'), 'SGD', '0.01')).toEqual(money(125, 'SGD'));
    expect(convertMoney(money(1, 'JPY'), 'SGD', '0.00925')).toEqual(money(1, 'SGD'));
    // 1 JPY x 0.005 = 0.005 SGD -> 0.00 (even); 3 JPY x 0.005 = 0.015 -> 0.02 (even)
    expect(convertMoney(money(1, 'JPY'), 'SGD', '0.005')).toEqual(money(0, 'SGD'));
    expect(convertMoney(money(3, 'JPY'), 'SGD', '0.005')).toEqual(money(2, 'SGD'));
  });

  it('converts between two-digit currencies', () => {
    // 100.00 SGD x 0.7412 = 74.12 USD; 0.05 SGD x 0.7412 = 0.03706 -> 0.04
    expect(convertMoney(money(10000, 'SGD'), 'USD', '0.7412')).toEqual(money(7412, 'USD'));
    expect(convertMoney(money(5, 'SGD'), 'USD', '0.7412')).toEqual(money(4, 'USD'));
    // -0.25 x 0.1 = -0.025 -> -0.02 (even)
    expect(convertMoney(money(-25, 'SGD'), 'USD', '0.1')).toEqual(money(-2, 'USD'));
  });

  it('is exact where a float rate would drift', () => {
    // In floating point 1.015 * 100 is 101.49999999999999 and 2.675 * 100 is 267.49999999999997, which would
    // round down; the exact values sit on the half and go to the even neighbour.
    expect(convertMoney(money(1, 'JPY'), 'SGD', '1.015')).toEqual(money(102, 'SGD'));
    expect(convertMoney(money(1, 'KRW'), 'USD', '2.675')).toEqual(money(268, 'USD'));
    expect(convertMoney(money(29, 'SGD'), 'USD', '1.00')).toEqual(money(29, 'USD'));
    // 1,234,567.89 USD x 151.123456 = 186,572,166.20342784 JPY
    expect(convertMoney(money(123456789, 'USD'), 'JPY', '151.123456')).toEqual(money(186572166, 'JPY'));
  });

  it('refuses rates that are not positive decimal strings', () => {
    for (const rate of ['', 'abc', '0', '0.000', '-1.2', '1e3', '1,5', '.5', '1.']) {
      expect(() => convertMoney(money(100, 'SGD'), 'USD', rate), rate).toThrow(/Invalid exchange rate/);
    }
  });

  it('refuses unknown target currencies', () => {
    expect(() => convertMoney(money(100, 'SGD'), 'EUR' as CurrencyCode, '1')).toThrow(RangeError);
  });
});

describe('parseMajorAmount', () => {
  it('reads major units into minor units', () => {
    expect(parseMajorAmount('12.50', 'SGD')).toEqual(money(1250, 'SGD'));
    expect(parseMajorAmount('12', 'SGD')).toEqual(money(1200, 'SGD'));
    expect(parseMajorAmount(' 7.5 ', 'SGD')).toEqual(money(750, 'SGD'));
    expect(parseMajorAmount('-3.10', 'USD')).toEqual(money(-310, 'USD'));
    expect(parseMajorAmount('1500', 'JPY')).toEqual(money(1500, 'JPY'));
  });

  it('rounds extra decimals half-even, both ways at .5', () => {
    expect(parseMajorAmount('12.345', 'SGD')).toEqual(money(1234, 'SGD'));
    expect(parseMajorAmount('12.355', 'SGD')).toEqual(money(1236, 'SGD'));
    expect(parseMajorAmount('12.3451', 'SGD')).toEqual(money(1235, 'SGD'));
    expect(parseMajorAmount('-12.345', 'SGD')).toEqual(money(-1234, 'SGD'));
    expect(parseMajorAmount('-12.355', 'SGD')).toEqual(money(-1236, 'SGD'));
    expect(parseMajorAmount('0.005', 'SGD')).toEqual(money(0, 'SGD'));
    expect(parseMajorAmount('0.015', 'SGD')).toEqual(money(2, 'SGD'));
  });

  it('rounds to whole units for zero-digit currencies', () => {
    expect(parseMajorAmount('12.5', 'JPY')).toEqual(money(12, 'JPY'));
    expect(parseMajorAmount('13.5', 'JPY')).toEqual(money(14, 'JPY'));
    expect(parseMajorAmount('13.49', 'KRW')).toEqual(money(13, 'KRW'));
  });

  it('answers null for text that is not a plain decimal', () => {
    for (const text of ['', ' ', 'abc', '1,000.00', '1e3', '.5', '5.', '$5', '--1', 'Infinity']) {
      expect(parseMajorAmount(text, 'SGD'), text).toBeNull();
    }
  });
});

describe('formatMoney', () => {
  it('formats en-GB with the symbols a shopper in Singapore reads', () => {
    expect(formatMoney(money(1250, 'SGD'))).toBe('S$12.50');
    expect(formatMoney(money(123456789, 'SGD'))).toBe('S$1,234,567.89');
    expect(formatMoney(money(1250, 'USD'))).toBe('US$12.50');
    expect(formatMoney(money(1250, 'GBP'))).toBe('£12.50');
    expect(formatMoney(money(-5, 'SGD'))).toBe('-S$0.05');
  });

  it('tells apart the currencies that share a narrow symbol', () => {
    expect(formatMoney(money(1250, 'HKD'))).toBe('HK$12.50');
    expect(formatMoney(money(1250, 'AUD'))).toBe('A$12.50');
    expect(formatMoney(money(1250, 'CNY'))).toBe('CN¥12.50');
    expect(formatMoney(money(1250, 'DKK'))).toBe(`DKK${NBSP}12.50`);
    expect(formatMoney(money(1250, 'SEK'))).toBe(`SEK${NBSP}12.50`);
  });

  it('uses the narrow symbol where no other currency of the store has it', () => {
    expect(formatMoney(money(1250, 'MYR'))).toBe(`RM${NBSP}12.50`);
    expect(formatMoney(money(1250, 'THB'))).toBe('฿12.50');
    expect(formatMoney(money(1250, 'PHP'))).toBe('₱12.50');
  });

  it('shows no decimals for zero-digit currencies, and the yen as ¥', () => {
    expect(formatMoney(money(6780, 'JPY'))).toBe('¥6,780');
    expect(formatMoney(money(-6780, 'JPY'))).toBe('-¥6,780');
    expect(formatMoney(money(50000, 'KRW'))).toBe('₩50,000');
    expect(formatMoney(money(990, 'ISK'))).toBe(`ISK${NBSP}990`);
  });

  it('shows two decimals where the spec says so even if Intl would not', () => {
    expect(formatMoney(money(150000, 'HUF'))).toBe(`Ft${NBSP}1,500.00`);
    expect(formatMoney(money(1234567, 'IDR'))).toBe(`Rp${NBSP}12,345.67`);
  });

  it('keeps large amounts exact', () => {
    expect(formatMoney(money(Number.MAX_SAFE_INTEGER, 'USD'))).toBe('US$90,071,992,547,409.91');
  });
});

// What formatMoney stands for, asked of Intl as the browser would: en-GB with the narrow symbol unless
// another currency of the list shares it (then Intl's longer symbol), and S$ and ¥ in place of Intl's.
const PREFERRED: Partial<Record<CurrencyCode, string>> = { SGD: 'S$', JPY: '¥' };

function narrowSymbolOf(currency: CurrencyCode): string | undefined {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(1)
    .find((part) => part.type === 'currency')?.value;
}

function intlFormatOf(currency: CurrencyCode): Intl.NumberFormat {
  const narrow = narrowSymbolOf(currency);
  const shared = CURRENCIES.filter((code) => narrowSymbolOf(code) === narrow).length > 1;
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    currencyDisplay: PREFERRED[currency] !== undefined || !shared ? 'narrowSymbol' : 'symbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function intlFormat(value: Money): string {
  return intlFormatOf(value.currency)
    .formatToParts(value.amountMinor / 10 ** minorUnitDigits(value.currency))
    .map((part) => (part.type === 'currency' ? (PREFERRED[value.currency] ?? part.value) : part.value))
    .join('');
}

describe('formatMoney against Intl', () => {
  it('has the symbol Intl gives each currency', () => {
    for (const currency of CURRENCIES) {
      const symbol = intlFormatOf(currency)
        .formatToParts(1)
        .find((part) => part.type === 'currency')?.value;
      expect(CURRENCY_SYMBOLS[currency], currency).toBe(PREFERRED[currency] ?? symbol);
    }
  });

  it('writes every currency as Intl does, for amounts of every length and sign', () => {
    const amounts = [0, 1, 5, 99, 100, 1250, 99999, 100000, 1234567, 987654321, -5, -123456];
    for (const currency of CURRENCIES) {
      for (const amountMinor of amounts) {
        const value = money(amountMinor, currency);
        expect(formatMoney(value), `${currency} ${amountMinor}`).toBe(intlFormat(value));
      }
    }
  });

  it('groups digits in threes', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits('1234567')).toBe('1,234,567');
  });
});
