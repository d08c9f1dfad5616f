import type { CurrencyCode } from '@crossbuy/core/money';
import type { QuotationDeskItem } from '@crossbuy/core/quotation';
import type { ChangeEvent } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { SubmitButton } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useResolveQuotation } from '../api/quotation-desk-api';
import { useQuoteDraft } from '../hooks/use-quote-draft';
import { QuotePreview } from './quote-preview';

/**
 * Sends the store's quote: for an item from abroad, the seller's price and costs typed here, previewed as
 * the shopper would read it; one of our own products is quoted at its catalogue price.
 */
export function ResolveForm({ item, onAnswered }: { item: QuotationDeskItem; onAnswered: () => void }) {
  const { abroad, fields, set, errors, currencyChoices, basePrice, quote, preview } = useQuoteDraft(item);
  const resolve = useResolveQuotation(item.id);
  // The typed costs are text fields alike: each reads and writes its part of the draft, shows that
  // part's error, and is never filled in by the browser from another form's values.
  const typedCost = (name: 'amount' | 'shipping' | 'weight') => ({
    autoComplete: 'off',
    value: fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set[name](event.target.value),
    error: errors[name],
  });

  return (
    <Panel headingId="resolve-heading" title="Send a quote" gap={4}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (abroad && quote === null) return;
          // A refusal is shown from the mutation's state below; only an answer moves on.
          resolve.mutateAsync(abroad ? quote : null).then(onAnswered, () => undefined);
        }}
      >
        {abroad ? (
          <>
            <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,10rem)]">
              <TextField
                label="Seller's price for one"
                hint="What the seller asks for one on their page, before shipping and our fee."
                inputMode="decimal"
                {...typedCost('amount')}
                required
              />
              <SelectField
                label="Seller's currency"
                value={fields.currency}
                onChange={(event) => set.currency(event.target.value as CurrencyCode)}
                options={currencyChoices.map((code) => ({ value: code, label: code }))}
                className="self-end"
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label="Shipping to our warehouse, for one"
                hint={`In ${fields.currency}. Leave empty when the seller ships for free.`}
                inputMode="decimal"
                {...typedCost('shipping')}
              />
              <TextField
                label="Estimated weight of one, in grams"
                hint="Checkout charges delivery to the shopper by it. Leave empty if unknown."
                inputMode="numeric"
                {...typedCost('weight')}
              />
            </div>
            <QuotePreview basePrice={basePrice} quote={quote} preview={preview} quantity={item.quantity} />
          </>
        ) : (
          <p>One of our own products: the catalogue price applies, and the shopper may then buy it.</p>
        )}
        <ErrorAlert error={resolve.error} />
        <div>
          <SubmitButton
            pending={resolve.isPending}
            pendingLabel="Sending…"
            disabled={abroad && quote === null}
          >
            Send quote
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}
