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

/** The currencies of docs/rules/money-dates-and-limits.md, in its order. */
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

/** docs/rules/money-dates-and-limits.md fixes these; they differ from ISO 4217 and from Intl's defaults for HUF and IDR. */
export function minorUnitDigits(currency: CurrencyCode): 0 | 2 {
  return ZERO_DIGIT_CURRENCIES.has(currency) ? 0 : 2;
}

// Our own currency objects rather than dinero's: the store's exponents win, and dinero no longer ships HRK.
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

// The only place amounts are rounded: back to the currency's minor units, half-even (docs/rules/money-dates-and-limits.md).
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

/**
 * The symbol a shopper in Singapore reads before an amount: en-GB's narrow symbol where no other
 * currency of the list shares it; the store's own dollar as S$ and the yen as ¥; otherwise Intl's
 * longer symbol or the code (US$, CN¥, DKK). Written out rather than asked of Intl in the browser: the
 * first Intl.NumberFormat of a page starts ICU, a long task on a phone's main thread while the page
 * hydrates (decision 0052). money.test.ts derives this table from Intl and checks it matches.
 */
export const CURRENCY_SYMBOLS: Readonly<Record<CurrencyCode, string>> = {
  JPY: '¥',
  ISK: 'ISK',
  KRW: '₩',
  USD: 'US$',
  BGN: 'BGN',
  CZK: 'Kč',
  DKK: 'DKK',
  GBP: '£',
  HUF: 'Ft',
  PLN: 'zł',
  RON: 'lei',
  SEK: 'SEK',
  CHF: 'CHF',
  NOK: 'NOK',
  HRK: 'kn',
  RUB: '₽',
  TRY: '₺',
  AUD: 'A$',
  BRL: 'R$',
  CAD: 'CA$',
  CNY: 'CN¥',
  HKD: 'HK$',
  IDR: 'Rp',
  ILS: '₪',
  INR: '₹',
  MXN: 'MX$',
  MYR: 'RM',
  NZD: 'NZ$',
  PHP: '₱',
  SGD: 'S$',
  THB: '฿',
  ZAR: 'R',
};

/** A whole number's digits in groups of three, as en-GB writes them: 1234567 → "1,234,567". */
export function groupDigits(digits: string | number): string {
  return String(digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// CLDR's currency spacing: a symbol that ends in a letter is kept off the digits by a no-break space.
const ENDS_IN_LETTER = /\p{L}$/u;

/**
 * en-GB's currency format (Intl's, for the currencies above) with the store's digits; working on the
 * decimal string keeps large amounts exact.
 */
export function formatMoney(value: Money): string {
  const decimal = toDecimal(toDinero(value));
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction] = (negative ? decimal.slice(1) : decimal).split('.');
  const symbol = CURRENCY_SYMBOLS[value.currency];
  const spacing = ENDS_IN_LETTER.test(symbol) ? '\u00a0' : '';
  return `${negative ? '-' : ''}${symbol}${spacing}${groupDigits(whole)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * An amount as a plain decimal in its currency's major units, as a spreadsheet or an accounting system
 * reads it: '1234.50' for S$1,234.50, '1200' for ¥1,200. No symbol and no grouping; exact at any size.
 */
export function toDecimalAmount(value: Money): string {
  return toDecimal(toDinero(value));
}

/**
 * Reads a plain decimal amount in major units ('12', '12.5', '12.50') that the currency can hold exactly,
 * or null: unlike {@link parseMajorAmount}, a third decimal or a sign is refused rather than rounded, since
 * an imported price must be the price the file says.
 */
export function parseExactAmount(text: string, currency: CurrencyCode): Money | null {
  const digits = minorUnitDigits(currency);
  const pattern = digits === 0 ? /^\d{1,15}$/ : /^\d{1,13}(?:\.\d{1,2})?$/;
  if (!pattern.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const amountMinor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(amountMinor) ? { amountMinor, currency } : null;
}
