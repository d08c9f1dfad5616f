import { formatMoney } from '@crossbuy/core/money';
import type { CheckoutLine } from '@crossbuy/core/order';
import { marketplaceWords } from '@crossbuy/core/quotation';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';
import { holdsUntilSentence, QuoteBreakdownDetails } from '../../quotations/components/quote-breakdown';

/** The lines this checkout buys, as priced now. */
export function CheckoutItems({ lines }: { lines: readonly CheckoutLine[] }) {
  return (
    <section aria-labelledby="checkout-items-heading" className="flex flex-col gap-3">
      <h2 id="checkout-items-heading" className="text-lg font-semibold">
        Items
      </h2>
      <ul
        aria-label="Items in this order"
        className="divide-y divide-line rounded-2xl border border-line bg-white"
      >
        {lines.map((line) => (
          <CheckoutLineRow key={`${line.source}-${line.id}`} line={line} />
        ))}
      </ul>
    </section>
  );
}

function CheckoutLineRow({ line }: { line: CheckoutLine }) {
  return (
    <li className="flex items-start gap-3 p-3 sm:p-4">
      <LineThumbnail image={line.mainImage} size={56} />
      <div className="flex min-w-0 flex-1 flex-col text-sm">
        <p className="font-semibold break-words">{line.name}</p>
        {line.variantLabel ? <p className="text-muted">{line.variantLabel}</p> : null}
        {line.marketplaceLabel ? (
          <p className="text-muted">{marketplaceWords(line.marketplaceLabel)}</p>
        ) : null}
        <p className="text-muted">
          {line.quantity} × {formatMoney(line.unitPrice)}
        </p>
        {line.quoteExpiresAt ? <p className="text-muted">{holdsUntilSentence(line.quoteExpiresAt)}</p> : null}
        {line.quoteTerms ? (
          <QuoteBreakdownDetails
            terms={line.quoteTerms}
            currency={line.unitPrice.currency}
            quantity={line.quantity}
            label={`How the price of ${line.name} is made`}
          />
        ) : null}
      </div>
      <p className="text-sm font-semibold">{formatMoney(line.total)}</p>
    </li>
  );
}
