import type { ErrorCode } from '../errors/index.js';
import {
  type CurrencyCode,
  convertMoney,
  formatMoney,
  type Money,
  money,
  multiplyMoney,
  scaleMoney,
  subtractMoney,
  sumMoney,
} from '../money/index.js';

// What an order costs (checkout estimate_costs, docs/rules/cart-and-checkout.md), computed the same way for an estimate and
// for the order itself. Line prices arrive already in the region's currency (catalogue prices are converted
// when read, quoted prices were fixed at quoting). Every other component is computed exactly and rounded
// half-even to the currency's minor units once, at the order level, in this order: discount, shipping,
// payment fee, tax. The total is the exact sum of the rounded components shown, so the breakdown always
// adds up.

/** Weight assumed for a line whose weight the store does not know (an item from another site). */
export const DEFAULT_ITEM_WEIGHT_GRAMS = 500;

/**
 * The most one order can come to, in minor units of its currency: the card networks' eight-digit ceiling on
 * one charge (S$999,999.99, ¥99,999,999), as an order is paid in one charge. A quoted item's base price is
 * bounded by it too.
 */
export const ORDER_TOTAL_MAX_MINOR = 99_999_999;

export type CostLine = {
  unitPrice: Money;
  quantity: number;
  weightGrams: number;
  /** Where the goods ship from (the merchant's country), or null when unknown. */
  originCountry: string | null;
};

/** A delivery price to the shipping address's country, in the catalogue's base currency. */
export type ShippingRule = {
  originCountry: string | null;
  method: 'per_item' | 'by_weight';
  baseFee: Money;
  stepFee: Money;
  stepGrams: number | null;
  freeAbove: Money | null;
};

export type TaxRule = { name: string; ratePercent: string; inclusive: boolean };

export type VoucherTerms = {
  code: string;
  kind: 'percent' | 'fixed';
  percentOff: string | null;
  /** Base-currency amounts, converted at the region's rate. */
  amountOff: Money | null;
  maxDiscount: Money | null;
  minSpend: Money;
};

export type CostInput = {
  currency: CurrencyCode;
  /** Units of `currency` per one unit of the base currency, as an exact decimal. */
  rateFromBase: string;
  lines: readonly CostLine[];
  /**
   * The destination's country and its rules (none when the store does not deliver there); null when no
   * address is chosen yet, and shipping then shows as 0.
   */
  shipping: { destination: string; rules: readonly ShippingRule[] } | null;
  tax: TaxRule | null;
  voucher: VoucherTerms | null;
  /** The payment method's surcharge, a percentage as an exact decimal. */
  paymentFeePercent: string;
};

export type Refusal = { code: ErrorCode; params: (string | number)[] };

export type CostBreakdown = {
  currency: CurrencyCode;
  subtotal: Money;
  discount: Money;
  shippingFee: Money;
  paymentFee: Money;
  tax: (TaxRule & { amount: Money }) | null;
  total: Money;
  /** Why the voucher gives nothing, when one was given; the rest of the breakdown stands without it. */
  voucherRefusal: Refusal | null;
  /** Why the goods cannot be delivered to the chosen address, when they cannot. */
  shippingRefusal: Refusal | null;
  /** Why the order cannot be placed at this total: it comes to more than ORDER_TOTAL_MAX_MINOR. */
  totalRefusal: Refusal | null;
};

/** A base-currency amount in the region's currency: the named conversion step, rounded once. */
export function inRegionCurrency(base: Money, currency: CurrencyCode, rateFromBase: string): Money {
  return base.currency === currency ? base : convertMoney(base, currency, rateFromBase);
}

export function lineTotal(line: Pick<CostLine, 'unitPrice' | 'quantity'>): Money {
  return multiplyMoney(line.unitPrice, line.quantity);
}

function totalTooLarge(currency: CurrencyCode): Refusal {
  return { code: 'checkout/total_too_large', params: [formatMoney(money(ORDER_TOTAL_MAX_MINOR, currency))] };
}

/**
 * Why these lines cannot be one order: their goods alone come to more than an order can. Summed exactly, so
 * no count of lines or quantity overflows on the way; the subtotal, discount, fee and tax of lines that pass
 * stay far inside what a number holds exactly.
 */
export function goodsRefusal(
  lines: readonly Pick<CostLine, 'unitPrice' | 'quantity'>[],
  currency: CurrencyCode,
): Refusal | null {
  const goods = lines.reduce(
    (sum, line) => sum + BigInt(line.unitPrice.amountMinor) * BigInt(line.quantity),
    0n,
  );
  return goods > BigInt(ORDER_TOTAL_MAX_MINOR) ? totalTooLarge(currency) : null;
}

/** The voucher's discount on `subtotal`, or why it gives none (minimum spend not reached). */
export function voucherDiscount(
  terms: VoucherTerms,
  subtotal: Money,
  rateFromBase: string,
): { discount: Money } | { refusal: Refusal } {
  const { currency } = subtotal;
  const minSpend = inRegionCurrency(terms.minSpend, currency, rateFromBase);
  if (subtotal.amountMinor < minSpend.amountMinor) {
    return { refusal: { code: 'voucher/minimum_not_met', params: [formatMoney(minSpend)] } };
  }
  let discount =
    terms.kind === 'percent'
      ? scaleMoney(subtotal, currency, { times: [terms.percentOff ?? '0'], per: ['100'] })
      : inRegionCurrency(terms.amountOff ?? money(0, currency), currency, rateFromBase);
  if (terms.maxDiscount) {
    const cap = inRegionCurrency(terms.maxDiscount, currency, rateFromBase);
    if (discount.amountMinor > cap.amountMinor) discount = cap;
  }
  if (discount.amountMinor > subtotal.amountMinor) discount = subtotal;
  return { discount };
}

/**
 * Delivery for all lines: lines are grouped by where they ship from, each group priced by the most specific
 * rule (its origin, else any origin) and free when its subtotal reaches the rule's threshold. Group fees add
 * up in the base currency and are converted once.
 */
export function shippingFee(
  lines: readonly CostLine[],
  { destination, rules }: { destination: string; rules: readonly ShippingRule[] },
  currency: CurrencyCode,
  rateFromBase: string,
): { fee: Money } | { refusal: Refusal } {
  const groups = new Map<ShippingRule, CostLine[]>();
  for (const line of lines) {
    const rule = ruleFor(rules, line.originCountry);
    if (!rule) return { refusal: { code: 'checkout/shipping_unavailable', params: [destination] } };
    groups.set(rule, [...(groups.get(rule) ?? []), line]);
  }
  const baseFees: Money[] = [];
  for (const [rule, group] of groups) {
    const groupSubtotal = sumMoney(group.map(lineTotal), currency);
    if (rule.freeAbove) {
      const threshold = inRegionCurrency(rule.freeAbove, currency, rateFromBase);
      if (groupSubtotal.amountMinor >= threshold.amountMinor) continue;
    }
    const steps =
      rule.method === 'per_item'
        ? group.reduce((units, line) => units + line.quantity, 0)
        : Math.ceil(
            group.reduce((grams, line) => grams + line.weightGrams * line.quantity, 0) /
              (rule.stepGrams ?? 1),
          );
    baseFees.push(rule.baseFee, multiplyMoney(rule.stepFee, steps));
  }
  const baseCurrency = rules[0]?.baseFee.currency ?? currency;
  return { fee: inRegionCurrency(sumMoney(baseFees, baseCurrency), currency, rateFromBase) };
}

function ruleFor(rules: readonly ShippingRule[], origin: string | null): ShippingRule | undefined {
  return (
    (origin === null ? undefined : rules.find((rule) => rule.originCountry === origin)) ??
    rules.find((rule) => rule.originCountry === null)
  );
}

/** The tax in `taxable`: the part of it when prices include the tax, or the amount added on top. */
export function taxAmount(rule: TaxRule, taxable: Money): Money {
  return rule.inclusive
    ? scaleMoney(taxable, taxable.currency, {
        times: [rule.ratePercent],
        per: [addPercent(rule.ratePercent)],
      })
    : scaleMoney(taxable, taxable.currency, { times: [rule.ratePercent], per: ['100'] });
}

function addPercent(ratePercent: string): string {
  const [whole = '0', fraction = ''] = ratePercent.split('.');
  const sum = BigInt(whole) + 100n;
  return fraction ? `${sum}.${fraction}` : String(sum);
}

/** The order's costs, for lines that goodsRefusal let through. */
export function computeCosts(input: CostInput): CostBreakdown {
  const { currency, rateFromBase } = input;
  const zero = money(0, currency);
  const subtotal = sumMoney(input.lines.map(lineTotal), currency);

  let discount = zero;
  let voucherRefusal: Refusal | null = null;
  if (input.voucher) {
    const outcome = voucherDiscount(input.voucher, subtotal, rateFromBase);
    if ('refusal' in outcome) voucherRefusal = outcome.refusal;
    else discount = outcome.discount;
  }

  let shipping = zero;
  let shippingRefusal: Refusal | null = null;
  if (input.shipping && input.lines.length > 0) {
    const outcome = shippingFee(input.lines, input.shipping, currency, rateFromBase);
    if ('refusal' in outcome) shippingRefusal = outcome.refusal;
    else shipping = outcome.fee;
  }

  const beforeFee = sumMoney([subtractMoney(subtotal, discount), shipping], currency);
  const paymentFee = scaleMoney(beforeFee, currency, { times: [input.paymentFeePercent], per: ['100'] });
  const taxable = sumMoney([beforeFee, paymentFee], currency);
  const tax = input.tax ? { ...input.tax, amount: taxAmount(input.tax, taxable) } : null;
  const total = tax && !tax.inclusive ? sumMoney([taxable, tax.amount], currency) : taxable;

  return {
    currency,
    subtotal,
    discount,
    shippingFee: shipping,
    paymentFee,
    tax,
    total,
    voucherRefusal,
    shippingRefusal,
    totalRefusal: total.amountMinor > ORDER_TOTAL_MAX_MINOR ? totalTooLarge(currency) : null,
  };
}
