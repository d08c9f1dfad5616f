import { formatStoreDateTime } from '@crossbuy/core/dates';
import { QUOTATION_STATUS, type QuotationDeskItem } from '@crossbuy/core/quotation';
import { Alert } from '../../../components/ui/alert';
import { Price } from '../../../components/ui/price';
import { holdsUntilSentence } from './quote-breakdown';
import { QuotedPrices } from './quoted-prices';

/** The answer the store gave to a request: the quote it sent, or why it declined. */
export function GivenAnswer({ item }: { item: QuotationDeskItem }) {
  const { statusData } = item;
  if (item.status === QUOTATION_STATUS.declined) {
    return <Alert tone="info">Declined: {statusData.declineReason}</Alert>;
  }
  return (
    <section aria-labelledby="answer-heading" className="flex flex-col gap-3">
      <h2 id="answer-heading" className="text-lg font-semibold">
        Quoted{statusData.quotedAt ? ` on ${formatStoreDateTime(statusData.quotedAt)}` : ''}
      </h2>
      {statusData.basePrice ? (
        <p>
          Seller's price for one: <Price value={statusData.basePrice} />
        </p>
      ) : (
        <p>The catalogue price applies.</p>
      )}
      {statusData.quotedPrice && statusData.expiresAt ? (
        <QuotedPrices
          quotedPrice={statusData.quotedPrice}
          quoteTerms={statusData.quoteTerms}
          quantity={item.quantity}
          expiresAt={statusData.expiresAt}
          caption="The quote per region"
        />
      ) : statusData.expiresAt ? (
        <p className="text-sm">{holdsUntilSentence(statusData.expiresAt)}</p>
      ) : null}
    </section>
  );
}
