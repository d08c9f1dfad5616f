import {
  add,
  convert,
  type Dinero,
  type DineroCurrency,
  dinero,
  halfEven,
  multiply,
  subtract,
  toDecimal,
  toSnapshot,
  transformScale,
} from 'dinero.js/bigint';

/** The currencies of spec section 9, in the spec's order. */
export const CURRENCIES = [
  'JPY',
  'ISK',
  'KRW',
  'USD',
  'BGN',
  'CZK',
  'DKK',
  'GBP',
  'HUF',
  'PLN',
  'RON',
  'SEK',
  'CHF',
  'NOK',
  'HRK',
  'RUB',
  'TRY',
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'HKD',
  'IDR',
  'ILS',
  'INR',
  'MXN',
  'MYR',
  'NZD',
  'PHP',
  'SGD',
  'THB',
  'ZAR',
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: CurrencyCode = 'SGD';

const ZERO_DIGIT_CURRENCIES: ReadonlySet<CurrencyCode> = new Set(['JPY', 'ISK', 'KRW']);

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Spec section 9 fixes these; they differ from ISO 4217 and from Intl's defaults for HUF and IDR. */
export function minorUnitDigits(currency: CurrencyCode): 0 | 2 {
  return ZERO_DIGIT_CURRENCIES.has(currency) ? 0 : 2;
}

// Our own currency objects rather than dinero's: the spec's exponents win, and dinero no longer ships HRK.
const DINERO_CURRENCIES = Object.fromEntries(
  CURRENCIES.map((code) => [code, { code, base: 10n, exponent: BigInt(minorUnitDigits(code)) }]),
) as Record<CurrencyCode, DineroCurrency<bigint, CurrencyCode>>;

export type Money = { amountMinor: number; currency: CurrencyCode };

function assertCurrency(currency: unknown): asserts currency is CurrencyCode {
  if (!isCurrencyCode(currency)) throw new RangeError(`Unsupported currency: ${String(currency)}`);
}

function assertMinorAmount(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Money amounts are whole minor units, got ${amountMinor}`);
  }
}

export function money(amountMinor: number, currency: CurrencyCode): Money {
  assertCurrency(currency);
  assertMinorAmount(amountMinor);
  return { amountMinor, currency };
}

// Arithmetic runs on bigint so intermediate products (amount x scaled rate) never lose precision.
function toDinero(value: Money): Dinero<bigint, CurrencyCode> {
  assertCurrency(value.currency);
  assertMinorAmount(value.amountMinor);
  return dinero({ amount: BigInt(value.amountMinor), currency: DINERO_CURRENCIES[value.currency] });
}

// The only place amounts are rounded: back to the currency's minor units, half-even (spec section 9).
function fromDinero(value: Dinero<bigint, CurrencyCode>): Money {
  const { currency } = toSnapshot(value);
  const { amount } = toSnapshot(transformScale(value, currency.exponent, halfEven));
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Money amount out of range: ${amount}`);
  }
  return { amountMinor: Number(amount), currency: currency.code };
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new RangeError(`Cannot combine ${a.currency} with ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return fromDinero(add(toDinero(a), toDinero(b)));
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return fromDinero(subtract(toDinero(a), toDinero(b)));
}

export function multiplyMoney(value: Money, quantity: number): Money {
  if (!Number.isSafeInteger(quantity))
    throw new RangeError(`Quantity must be a whole number, got ${quantity}`);
  return fromDinero(multiply(toDinero(value), BigInt(quantity)));
}

export function sumMoney(values: readonly Money[], currency: CurrencyCode): Money {
  return values.reduce((total, value) => addMoney(total, value), money(0, currency));
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

function parseDecimal(text: string): { amount: bigint; scale: bigint } | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  return { amount: BigInt(`${sign}${whole}${fraction}`), scale: BigInt(fraction.length) };
}

/**
 * Converts with a rate given as a decimal string (units of `toCurrency` per one unit of the source), so the
 * rate is exact; the result is rounded half-even to the target's minor units once.
 */
export function convertMoney(value: Money, toCurrency: CurrencyCode, rate: string): Money {
  assertCurrency(toCurrency);
  const scaledRate = parseDecimal(rate);
  if (!scaledRate || scaledRate.amount <= 0n) throw new RangeError(`Invalid exchange rate: ${rate}`);
  return fromDinero(convert(toDinero(value), DINERO_CURRENCIES[toCurrency], { [toCurrency]: scaledRate }));
}

/**
 * `value` times the product of the `times` decimals divided by the product of the `per` decimals, in
 * `toCurrency`, computed exactly and rounded half-even to the target's minor units once. For a chain such as
 * "add the fee, then cross from JPY to MYR through the SGD rates" that must round only at the end.
 */
export function scaleMoney(
  value: Money,
  toCurrency: CurrencyCode,
  factors: { times?: readonly string[]; per?: readonly string[] },
): Money {
  assertCurrency(value.currency);
  assertCurrency(toCurrency);
  assertMinorAmount(value.amountMinor);
  let numerator = BigInt(value.amountMinor) * 10n ** BigInt(minorUnitDigits(toCurrency));
  let denominator = 10n ** BigInt(minorUnitDigits(value.currency));
  for (const text of factors.times ?? []) {
    const factor = parseDecimal(text);
    if (!factor || factor.amount < 0n) throw new RangeError(`Invalid factor: ${text}`);
    numerator *= factor.amount;
    denominator *= 10n ** factor.scale;
  }
  for (const text of factors.per ?? []) {
    const factor = parseDecimal(text);
    if (!factor || factor.amount <= 0n) throw new RangeError(`Invalid divisor: ${text}`);
    numerator *= 10n ** factor.scale;
    denominator *= factor.amount;
  }
  const amount = divideHalfEven(numerator, denominator);
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Money amount out of range: ${amount}`);
  }
  return { amountMinor: Number(amount), currency: toCurrency };
}

function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  const twiceRemainder = (n % d) * 2n;
  if (twiceRemainder > d || (twiceRemainder === d && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** Reads a typed major-unit amount such as '12.345'; extra decimals are rounded half-even. */
export function parseMajorAmount(text: string, currency: CurrencyCode): Money | null {
  assertCurrency(currency);
  const parsed = parseDecimal(text);
  if (!parsed) return null;
  return fromDinero(
    dinero({ amount: parsed.amount, currency: DINERO_CURRENCIES[currency], scale: parsed.scale }),
  );
}

const NARROW_SYMBOL_FORMAT = { style: 'currency', currencyDisplay: 'narrowSymbol' } as const;

function narrowSymbolOf(currency: CurrencyCode): string {
  const parts = new Intl.NumberFormat('en-GB', { ...NARROW_SYMBOL_FORMAT, currency }).formatToParts(1);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/**
 * The symbols shoppers in Singapore read: where a narrow symbol is shared ($, kr), the store's own
 * dollar is S$ and the yen keeps ¥ (the yuan shows CN¥); the others sharing one get Intl's longer symbol
 * or code (US$, HK$, DKK).
 */
const PREFERRED_SYMBOLS: Partial<Record<CurrencyCode, string>> = { SGD: 'S$', JPY: '¥' };

const sharedNarrowSymbols = (() => {
  const seen = new Map<string, number>();
  for (const currency of CURRENCIES) {
    const symbol = narrowSymbolOf(currency);
    seen.set(symbol, (seen.get(symbol) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, count]) => count > 1).map(([symbol]) => symbol));
})();

type MoneyFormatter = { format(amount: `${number}`): string };
const formatters = new Map<CurrencyCode, MoneyFormatter>();

function formatterFor(currency: CurrencyCode): MoneyFormatter {
  let formatter = formatters.get(currency);
  if (!formatter) {
    const digits = minorUnitDigits(currency);
    const preferred = PREFERRED_SYMBOLS[currency];
    const narrow = preferred !== undefined || !sharedNarrowSymbols.has(narrowSymbolOf(currency));
    const intl = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      currencyDisplay: narrow ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatter =
      preferred === undefined
        ? intl
        : {
            format: (amount) =>
              intl
                .formatToParts(amount)
                .map((part) => (part.type === 'currency' ? preferred : part.value))
                .join(''),
          };
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** en-GB currency format with the spec's digits and the symbols above; the decimal string keeps large amounts exact. */
export function formatMoney(value: Money): string {
  return formatterFor(value.currency).format(toDecimal(toDinero(value)) as `${number}`);
}
