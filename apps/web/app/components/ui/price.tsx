import { formatMoney, type Money } from '@crossbuy/core/money';

type PriceProps = { value: Money; className?: string; id?: string };

/**
 * A price as the API gave it, in the region's currency: en-GB with the currency's own minor units
 * (none for JPY and KRW). The browser formats; it never converts.
 */
export function Price({ value, className, id }: PriceProps) {
  return (
    <span id={id} className={className}>
      {formatMoney(value)}
    </span>
  );
}

type PriceRangeProps = { range: { min: Money; max: Money }; className?: string; id?: string };

/** The price of a product whose variants cost different amounts: the lowest, as "From …". */
export function PriceRange({ range, className, id }: PriceRangeProps) {
  const same = range.min.amountMinor === range.max.amountMinor;
  return (
    <span id={id} className={className}>
      {same ? formatMoney(range.min) : `From ${formatMoney(range.min)}`}
    </span>
  );
}
