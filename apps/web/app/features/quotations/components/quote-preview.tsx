import { messageForError } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import { Alert } from '../../../components/ui/alert';
import type { DeskQuote, useQuotePreview } from '../api/quotation-desk-api';
import { QuotedPrices } from './quoted-prices';

type QuotePreviewProps = {
  basePrice: Money | null;
  quote: DeskQuote | null;
  preview: ReturnType<typeof useQuotePreview>;
  quantity: number;
};

/** What the shopper would be quoted for the quote as typed, said as it changes. */
export function QuotePreview({ basePrice, quote, preview, quantity }: QuotePreviewProps) {
  const previewShown = quote !== null && preview.data && !preview.isError;
  return (
    <div aria-live="polite" className="flex flex-col gap-2">
      <h3 className="font-semibold">The shopper would be quoted</h3>
      {basePrice === null ? (
        <p className="text-sm text-muted">Enter the seller's price to see the quote.</p>
      ) : quote === null ? (
        <p className="text-sm text-muted">Correct the fields above to see the quote.</p>
      ) : preview.isError ? (
        <Alert>{messageForError(preview.error)}</Alert>
      ) : previewShown ? (
        <QuotedPrices
          quotedPrice={preview.data.quotedPrice}
          quoteTerms={preview.data.quoteTerms}
          quantity={quantity}
          expiresAt={preview.data.expiresAt}
          caption="The quote per region, before sending"
        />
      ) : (
        <p className="text-sm text-muted">Working out the quote…</p>
      )}
    </div>
  );
}
