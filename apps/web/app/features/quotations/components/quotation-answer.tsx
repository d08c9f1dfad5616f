import { formatStoreDateTime } from '@crossbuy/core/dates';
import { formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import {
  type CurrencyCode,
  type Money,
  minorUnitDigits,
  multiplyMoney,
  parseMajorAmount,
} from '@crossbuy/core/money';
import { ORDER_TOTAL_MAX_MINOR } from '@crossbuy/core/order';
import {
  marketplaceWords,
  QUOTATION_DECLINE_REASON_MAX_LENGTH,
  QUOTATION_WEIGHT_MAX_GRAMS,
  type QuotationDeskItem,
  type QuoteTerms,
} from '@crossbuy/core/quotation';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { CONTROL_CLASSES, FieldFrame } from '../../../components/ui/field';
import { PageError, PageLoading } from '../../../components/ui/page-states';
import { Price } from '../../../components/ui/price';
import { SelectField } from '../../../components/ui/select-field';
import { StorePicture } from '../../../components/ui/store-picture';
import { TextField } from '../../../components/ui/text-field';
import { imageUrl } from '../../../lib/images';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  type DeskQuote,
  useDeclineQuotation,
  useDeskItem,
  useQuoteCurrencies,
  useQuotePreview,
  useResolveQuotation,
} from '../api/quotation-desk-api';
import { AskedAt, PageAbroadLink, shopperName } from './desk-item-facts';
import { DESK_PATH } from './quotation-desk';
import { holdsUntilSentence, QuoteBreakdownList } from './quote-breakdown';

/** How long the base price must rest before its preview is asked for: one request per pause, not per key. */
export const PREVIEW_DELAY_MS = 300;

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/** What the queue says once an item is answered; the queue reads it from the navigation's state. */
export type AnsweredState = { answered: string };

/** A typed base price for one unit, or null when it is not an amount above zero the store can quote. */
export function basePriceFrom(text: string, currency: CurrencyCode): Money | null {
  const typed = text.replace(/[\s,]/g, '');
  if (typed === '') return null;
  let price: Money | null;
  try {
    price = parseMajorAmount(typed, currency);
  } catch (error) {
    // More digits than a number holds exactly: far past the bound, and refused like it.
    if (error instanceof RangeError) return null;
    throw error;
  }
  return price && price.amountMinor >= 1 && price.amountMinor <= ORDER_TOTAL_MAX_MINOR ? price : null;
}

/** A price as the base-price field shows it: major units with the currency's own decimals. */
function typedAmount(price: Money): string {
  const digits = minorUnitDigits(price.currency);
  return (price.amountMinor / 10 ** digits).toFixed(digits);
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * The quoted price of one unit and of the quantity asked for, in each region, how each is made (the
 * breakdown the shopper in that region reads, when the terms are known) and until when it holds.
 */
function QuotedPrices({
  quotedPrice,
  quoteTerms,
  quantity,
  expiresAt,
  caption,
}: {
  quotedPrice: Record<string, Money>;
  quoteTerms: QuoteTerms | null;
  quantity: number;
  expiresAt: string;
  caption: string;
}) {
  const regions = Object.entries(quotedPrice);
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-xl border border-line bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line bg-brand-50">
            <tr>
              <th scope="col" className="p-2">
                Region
              </th>
              <th scope="col" className="p-2 text-end">
                Each
              </th>
              <th scope="col" className="p-2 text-end">
                For {quantity}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {regions.map(([region, price]) => (
              <tr key={region}>
                <th scope="row" className="p-2 font-normal">
                  {regionNames.of(region) ?? region}
                </th>
                <td className="p-2 text-end">
                  <Price value={price} />
                </td>
                <td className="p-2 text-end font-semibold">
                  <Price value={multiplyMoney(price, quantity)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {quoteTerms
        ? regions.map(([region, price], index) => {
            const name = regionNames.of(region) ?? region;
            return (
              <details key={region} open={index === 0} className="rounded-xl border border-line bg-white p-3">
                <summary className="cursor-pointer font-semibold">What a shopper in {name} reads</summary>
                <div className="mt-2">
                  <QuoteBreakdownList
                    terms={quoteTerms}
                    currency={price.currency}
                    quantity={quantity}
                    label={`How the price is made for a shopper in ${name}`}
                  />
                </div>
              </details>
            );
          })
        : null}
      <p className="text-sm" data-testid="quote-expiry">
        {holdsUntilSentence(expiresAt)}
      </p>
    </div>
  );
}

/** A typed amount for one that may be left empty (none), or null when it is not one the store can take. */
export function optionalAmountFrom(text: string, currency: CurrencyCode): Money | null {
  const typed = text.replace(/[\s,]/g, '');
  if (typed === '') return { amountMinor: 0, currency };
  let amount: Money | null;
  try {
    amount = parseMajorAmount(typed, currency);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  return amount && amount.amountMinor >= 0 && amount.amountMinor <= ORDER_TOTAL_MAX_MINOR ? amount : null;
}

/** A typed weight in whole grams, undefined when left empty, or null when it is not one. */
export function weightFrom(text: string): number | undefined | null {
  const typed = text.replace(/[\s,]/g, '');
  if (typed === '') return undefined;
  if (!/^\d+$/.test(typed)) return null;
  const grams = Number(typed);
  return grams >= 1 && grams <= QUOTATION_WEIGHT_MAX_GRAMS ? grams : null;
}

function ResolveForm({ item, onAnswered }: { item: QuotationDeskItem; onAnswered: () => void }) {
  const abroad = item.productSource === 'e';
  const read = item.extracted?.price ?? null;
  const [amount, setAmount] = useState(read ? typedAmount(read) : '');
  const [currency, setCurrency] = useState<CurrencyCode>(read?.currency ?? 'SGD');
  const [shipping, setShipping] = useState('');
  const [weight, setWeight] = useState('');
  const currencies = useQuoteCurrencies();
  const resolve = useResolveQuotation(item.id);
  const basePrice = basePriceFrom(amount, currency);
  const domesticShipping = optionalAmountFrom(shipping, currency);
  const weightGrams = weightFrom(weight);
  const quote: DeskQuote | null =
    basePrice && domesticShipping && weightGrams !== null
      ? {
          basePrice,
          ...(domesticShipping.amountMinor > 0
            ? { domesticShippingMinor: domesticShipping.amountMinor }
            : {}),
          ...(weightGrams !== undefined ? { weightGrams } : {}),
        }
      : null;
  const settled = useDebouncedValue(quote, PREVIEW_DELAY_MS);
  const preview = useQuotePreview(abroad ? settled : null);
  const amountError =
    amount.trim() !== '' && basePrice === null
      ? formatErrorMessage('quotation/invalid_base_price')
      : undefined;
  const shippingError =
    domesticShipping === null ? formatErrorMessage('quotation/invalid_domestic_shipping') : undefined;
  const weightError = weightGrams === null ? formatErrorMessage('quotation/invalid_weight') : undefined;
  // A page priced in a currency without a rate keeps it chosen, so the preview says what is missing.
  const known = currencies.data?.currencies ?? [];
  const choices = known.includes(currency) ? known : [currency, ...known];
  const previewShown = quote !== null && preview.data && !preview.isError;

  return (
    <section
      aria-labelledby="resolve-heading"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id="resolve-heading" className="text-lg font-semibold">
        Send a quote
      </h2>
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
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                error={amountError}
                required
              />
              <SelectField
                label="Seller's currency"
                value={currency}
                onChange={(event) => setCurrency(event.target.value as CurrencyCode)}
                options={choices.map((code) => ({ value: code, label: code }))}
                className="self-end"
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label="Shipping to our warehouse, for one"
                hint={`In ${currency}. Leave empty when the seller ships for free.`}
                inputMode="decimal"
                autoComplete="off"
                value={shipping}
                onChange={(event) => setShipping(event.target.value)}
                error={shippingError}
              />
              <TextField
                label="Estimated weight of one, in grams"
                hint="Checkout charges delivery to the shopper by it. Leave empty if unknown."
                inputMode="numeric"
                autoComplete="off"
                value={weight}
                onChange={(event) => setWeight(event.target.value)}
                error={weightError}
              />
            </div>
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
                  quantity={item.quantity}
                  expiresAt={preview.data.expiresAt}
                  caption="The quote per region, before sending"
                />
              ) : (
                <p className="text-sm text-muted">Working out the quote…</p>
              )}
            </div>
          </>
        ) : (
          <p>One of our own products: the catalogue price applies, and the shopper may then buy it.</p>
        )}
        {resolve.isError ? <Alert>{messageForError(resolve.error)}</Alert> : null}
        <div>
          <Button type="submit" disabled={resolve.isPending || (abroad && quote === null)}>
            {resolve.isPending ? 'Sending…' : 'Send quote'}
          </Button>
        </div>
      </form>
    </section>
  );
}

function DeclineForm({ item, onAnswered }: { item: QuotationDeskItem; onAnswered: () => void }) {
  const [reason, setReason] = useState('');
  const decline = useDeclineQuotation(item.id);
  const trimmed = reason.trim();

  return (
    <section
      aria-labelledby="decline-heading"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id="decline-heading" className="text-lg font-semibold">
        Or decline it
      </h2>
      <FieldFrame
        label="Reason for the shopper"
        hint="The shopper reads this with the answer."
        error={decline.isError ? messageForError(decline.error) : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={QUOTATION_DECLINE_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={CONTROL_CLASSES}
          />
        )}
      </FieldFrame>
      {trimmed === '' ? (
        <p className="text-sm text-muted">Give a reason to decline.</p>
      ) : (
        <AskFirst
          label="Decline"
          question={`Decline ${item.name}? The shopper is told: “${trimmed}”`}
          confirmLabel="Yes, decline"
          busyLabel="Declining…"
          keepLabel="Keep it waiting"
          busy={decline.isPending}
          onConfirm={() => decline.mutateAsync(trimmed).then(onAnswered, () => undefined)}
        />
      )}
    </section>
  );
}

function Answer({ item }: { item: QuotationDeskItem }) {
  const { statusData } = item;
  if (item.status === 'd') {
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

/** One request on the desk: what the shopper asked for, and the store's answer, given here. */
export function QuotationAnswer({ id }: { id: string }) {
  const query = useDeskItem(id);
  const navigate = useNavigate();
  if (query.isPending) return <PageLoading>Loading the request…</PageLoading>;
  if (query.isError) {
    return <PageError error={query.error} backTo={DESK_PATH} backLabel="Back to the quotation desk" />;
  }
  const { item } = query.data;
  const backToQueue = (answered: string) => () =>
    navigate(DESK_PATH, { state: { answered } satisfies AnsweredState });

  return (
    <article className="flex w-full max-w-4xl flex-col gap-6" aria-labelledby="request-heading">
      <p className="text-sm">
        <Link to={DESK_PATH} className={textLinkClasses}>
          Quotation desk
        </Link>
      </p>
      <div className="flex flex-col gap-4 sm:flex-row">
        <StorePicture
          src={imageUrl(item.mainImage)}
          alt=""
          width={160}
          height={160}
          className="size-40 shrink-0 rounded-xl border border-line bg-white object-cover"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-xs font-semibold tracking-wide text-muted">
            {marketplaceWords(item.marketplaceLabel)}
          </p>
          <h1 id="request-heading" className="break-words text-2xl font-bold tracking-tight">
            {item.name}
          </h1>
          {item.productUrl ? <PageAbroadLink url={item.productUrl} className="text-sm" /> : null}
          {item.extracted?.description ? (
            <p className="text-sm text-muted">{item.extracted.description}</p>
          ) : null}
        </div>
      </div>
      <dl className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2">
        <Fact term="Price on its page">
          {item.extracted?.price ? <Price value={item.extracted.price} /> : 'Not read from the page'}
        </Fact>
        <Fact term="Quantity">{item.quantity}</Fact>
        <Fact term="Instructions">
          <span className="whitespace-pre-line">{item.instructions || 'None'}</span>
        </Fact>
        <Fact term="Asked by">
          {shopperName(item.shopper)}{' '}
          <span className="text-muted [overflow-wrap:anywhere]">({item.shopper.email})</span>
        </Fact>
        <Fact term="Asked">
          <AskedAt createdAt={item.createdAt} /> ({formatStoreDateTime(item.createdAt)})
        </Fact>
      </dl>
      {item.status === 'p' ? (
        <>
          <ResolveForm item={item} onAnswered={backToQueue(`Quoted ${item.name}. The shopper is told.`)} />
          <DeclineForm item={item} onAnswered={backToQueue(`Declined ${item.name}. The shopper is told.`)} />
        </>
      ) : (
        <Answer item={item} />
      )}
    </article>
  );
}
