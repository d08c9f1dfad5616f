import { type CurrencyCode, formatMoney, type Money } from '@crossbuy/core/money';
import {
  type QuoteBreakdown as Breakdown,
  exchangeRateWords,
  type QuoteTerms,
  quoteBreakdown,
  quoteHoldsUntilWords,
  weightWords,
} from '@crossbuy/core/quotation';
import { textLinkClasses } from '../../../components/ui/button';

type QuoteBreakdownProps = {
  terms: QuoteTerms;
  /** The shopper's currency: the region's the quote is shown for. */
  currency: CurrencyCode;
  quantity: number;
  /** Until when the quote holds; left out where the page says it elsewhere. */
  expiresAt?: string | null | undefined;
  /**
   * Makes the breakdown a region with this name, where it sits among other items (the cart, checkout, the
   * desk's regions); left out where the page heads it itself.
   */
  label?: string;
};

/** A seller's amount with what it comes to in the shopper's currency, when the two differ. */
function Converted({ original, converted }: { original: Money; converted: Money }) {
  if (original.currency === converted.currency) return <>{formatMoney(converted)}</>;
  return (
    <>
      {formatMoney(original)} <span className="text-muted">(about {formatMoney(converted)})</span>
    </>
  );
}

function Row({ term, children, strong }: { term: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1 ${strong ? 'font-semibold' : ''}`}>
      <dt>{term}</dt>
      <dd className="text-end">{children}</dd>
    </div>
  );
}

/**
 * How a quoted price is made (decision 0066), worked out by core's quoteBreakdown from the terms fixed when
 * the store quoted: the same list on the quotation page, in the cart, at checkout and on the desk. The parts
 * of one add up to the price of one; the seller's amounts are shown as the seller asked them, with what they
 * come to here.
 */
export function QuoteBreakdownList({ terms, currency, quantity, expiresAt, label }: QuoteBreakdownProps) {
  const breakdown = quoteBreakdown(terms, currency, quantity);
  if (!breakdown) return null;
  const content = (
    <>
      <dl className="divide-y divide-line">
        <Row term="Seller's price for one">
          <Converted original={breakdown.sellerPrice} converted={breakdown.sellerPriceConverted} />
        </Row>
        {breakdown.domesticShipping && breakdown.domesticShippingConverted ? (
          <Row term="Shipping to our warehouse, for one">
            <Converted
              original={breakdown.domesticShipping}
              converted={breakdown.domesticShippingConverted}
            />
          </Row>
        ) : null}
        {breakdown.exchangeRate ? (
          <Row term="Exchange rate used">{exchangeRateWords(breakdown.exchangeRate)}</Row>
        ) : null}
        <Row term={`Our fee (${breakdown.feePercent}%)`}>{formatMoney(breakdown.fee)}</Row>
        <Row term="Price for one" strong={breakdown.quantity === 1}>
          {formatMoney(breakdown.unitPrice)}
        </Row>
        {breakdown.quantity > 1 ? (
          <Row term={`Price for ${breakdown.quantity}`} strong>
            {formatMoney(breakdown.total)}
          </Row>
        ) : null}
      </dl>
      <WeightNote breakdown={breakdown} />
      {expiresAt ? <p data-testid="quote-holds-until">{holdsUntilSentence(expiresAt)}</p> : null}
    </>
  );
  const frame = 'flex flex-col gap-2 text-sm';
  return label ? (
    <section aria-label={label} className={frame}>
      {content}
    </section>
  ) : (
    <div className={frame}>{content}</div>
  );
}

function WeightNote({ breakdown }: { breakdown: Breakdown }) {
  if (breakdown.weightGrams === null) return null;
  return (
    <p className="text-muted">
      Estimated weight {weightWords(breakdown.weightGrams)} each. Delivery to you is added at checkout, by
      weight and address.
    </p>
  );
}

/** "The price and the exchange rate are locked until 05/12/2026 19:44:03 Singapore time." */
export function holdsUntilSentence(expiresAt: string): string {
  return `The price and the exchange rate are locked until ${quoteHoldsUntilWords(expiresAt)}.`;
}

/** The breakdown folded away under one line, for lists of items (the cart, checkout). */
export function QuoteBreakdownDetails(props: QuoteBreakdownProps) {
  if (!quoteBreakdown(props.terms, props.currency, props.quantity)) return null;
  return (
    <details className="text-sm">
      <summary className={`w-fit cursor-pointer ${textLinkClasses}`}>How this price is made</summary>
      <div className="mt-2 rounded-lg border border-line bg-surface p-3">
        <QuoteBreakdownList {...props} />
      </div>
    </details>
  );
}
