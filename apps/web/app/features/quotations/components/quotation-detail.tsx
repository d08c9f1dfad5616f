import { formatStoreDateTime } from '@crossbuy/core/dates';
import { appErrorFromZodIssues, messageForError } from '@crossbuy/core/errors';
import { formatMoney } from '@crossbuy/core/money';
import { changeQuotationRequest, QUOTATION_STATUS, type QuotationItem } from '@crossbuy/core/quotation';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { PageError, PageLoading } from '../../../components/ui/page-states';
import { ShopperRecordPage } from '../../../components/ui/shopper-record-page';
import { useStartCheckout } from '../../cart/api/cart-api';
import { chooseForCheckout } from '../../cart/checkout-selection';
import {
  useQuotationItem,
  useRemoveQuotationItem,
  useRequestAgain,
  useUpdateQuotationItem,
} from '../api/quotations-api';
import { QuantityAndInstructions } from './quantity-and-instructions';
import { QuotationItemHeading } from './quotation-item-heading';
import { canRequestAgain, QuotationStatus, quoteExpired } from './quotation-status';
import { QuoteBreakdownList } from './quote-breakdown';

/** One quotation item; while the store is quoting, the page asks again by itself and shows the answer. */
export function QuotationDetail({ id }: { id: string }) {
  const query = useQuotationItem(id);

  if (query.isPending) return <PageLoading>Loading the quotation…</PageLoading>;
  if (query.isError)
    return <PageError error={query.error} backTo="/quotations" backLabel="Back to your quotations" />;
  return <QuotationItemView item={query.data.quotationItem} />;
}

function QuotationItemView({ item }: { item: QuotationItem }) {
  const navigate = useNavigate();
  const requestAgain = useRequestAgain();
  const remove = useRemoveQuotationItem();
  const [failure, setFailure] = useState<string | null>(null);
  const editable = item.status !== QUOTATION_STATUS.declined && !quoteExpired(item);

  const onRequestAgain = async () => {
    setFailure(null);
    try {
      await requestAgain.mutateAsync(item.id);
    } catch (error) {
      setFailure(messageForError(error));
    }
  };
  const onRemove = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(item.id);
      navigate('/quotations', { replace: true });
    } catch (error) {
      setFailure(messageForError(error));
    }
  };

  return (
    <ShopperRecordPage labelledBy="quotation-name" backTo="/quotations" backLabel="Your quotations">
      <QuotationItemHeading item={item} headingId="quotation-name">
        {item.productUrl ? (
          <a
            href={item.productUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={`${textLinkClasses} text-sm`}
          >
            The item's page (opens in a new tab)
          </a>
        ) : null}
        <p className="text-sm text-muted">Requested {formatStoreDateTime(item.createdAt)}</p>
      </QuotationItemHeading>

      {/* Answers arrive while the page is open; the live region reads them out. */}
      <div role="status" aria-live="polite">
        <QuotationStatus item={item} />
      </div>

      {item.status === QUOTATION_STATUS.resolved && item.statusData.quoteTerms ? (
        <section aria-labelledby="price-made-heading" className="flex flex-col gap-2">
          <h2 id="price-made-heading" className="text-lg font-semibold">
            How the price is made
          </h2>
          <div className="rounded-xl border border-line bg-white p-4">
            <QuoteBreakdownList
              terms={item.statusData.quoteTerms}
              currency={item.price.currency}
              quantity={item.quantity}
              expiresAt={quoteExpired(item) ? null : item.statusData.expiresAt}
            />
          </div>
        </section>
      ) : null}

      {item.status === QUOTATION_STATUS.resolved && item.unavailableReason === null && !quoteExpired(item) ? (
        <BuyQuotedItem item={item} />
      ) : null}
      {item.status === QUOTATION_STATUS.declined ? <DeclinedNextSteps /> : null}

      {failure ? <Alert>{failure}</Alert> : null}

      <div className="flex flex-wrap gap-2">
        {canRequestAgain(item) ? (
          <Button onClick={() => void onRequestAgain()} disabled={requestAgain.isPending}>
            {requestAgain.isPending ? 'Requesting…' : 'Request again'}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void onRemove()} disabled={remove.isPending}>
          Remove
        </Button>
      </div>

      {editable ? <EditQuotation item={item} /> : null}
    </ShopperRecordPage>
  );
}

/**
 * The ways to buy a quoted item: check it out on its own now, or add it to the cart's checkout selection to
 * buy it with the rest of the cart. Quoted items are listed in the cart already; adding it checks it there.
 */
function BuyQuotedItem({ item }: { item: QuotationItem }) {
  const navigate = useNavigate();
  const startCheckout = useStartCheckout();
  const [refusal, setRefusal] = useState<string | null>(null);

  const checkOutNow = async () => {
    setRefusal(null);
    try {
      const session = await startCheckout.mutateAsync({ cartItemIds: [], quotationItemIds: [item.id] });
      navigate(`/checkout?session=${encodeURIComponent(session.key)}`);
    } catch (error) {
      setRefusal(messageForError(error));
    }
  };
  const addToCart = () => {
    chooseForCheckout('quotation', item.id);
    navigate('/cart');
  };

  return (
    <section
      aria-labelledby="buy-heading"
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4"
    >
      <h2 id="buy-heading" className="text-lg font-semibold">
        Buy it
      </h2>
      <p className="text-sm">
        {formatMoney(item.price)} for {item.quantity}. Delivery to you and any voucher are worked out at
        checkout.
      </p>
      {refusal ? <Alert>{refusal}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void checkOutNow()} disabled={startCheckout.isPending}>
          {startCheckout.isPending ? 'Opening checkout…' : 'Check out now'}
        </Button>
        <Button variant="secondary" onClick={addToCart}>
          Add to cart
        </Button>
      </div>
    </section>
  );
}

/** What a shopper can do when the store could not quote: ask, try another link, or shop the catalogue. */
function DeclinedNextSteps() {
  return (
    <section aria-labelledby="next-steps-heading" className="flex flex-col gap-2">
      <h2 id="next-steps-heading" className="text-lg font-semibold">
        What you can do next
      </h2>
      <ul className="flex list-disc flex-col gap-1 ps-5">
        <li>
          <Link to="/contact" className={textLinkClasses}>
            Ask us about it
          </Link>{' '}
          and we will tell you more or suggest something similar.
        </li>
        <li>
          <Link to="/quotations/new" className={textLinkClasses}>
            Paste a link to another item
          </Link>{' '}
          for a new quotation.
        </li>
        <li>
          <Link to="/search" className={textLinkClasses}>
            Browse our catalogue
          </Link>{' '}
          for something we sell ourselves.
        </li>
      </ul>
    </section>
  );
}

/** Why a change must be confirmed: said in full, before anything is saved. */
function requoteWarning(item: QuotationItem): string {
  return (
    'Changing the quantity or the instructions asks the store for a new quote, so the current price ' +
    `(${formatMoney(item.price)} for ${item.quantity}) will no longer hold and you can check this item ` +
    'out only once the store has quoted again. Save the change?'
  );
}

/**
 * The quantity and the instructions, changed. A quote answers the request as it stood, so a change to a
 * quoted item first says that it asks for a new quote and waits for the shopper to confirm; focus rests on
 * the answer that keeps the quote, and returns to the form's button after either answer.
 */
function EditQuotation({ item }: { item: QuotationItem }) {
  const update = useUpdateQuotationItem();
  const [quantity, setQuantity] = useState(String(item.quantity));
  const [instructions, setInstructions] = useState(item.instructions);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const keepQuote = useRef<HTMLButtonElement>(null);
  const save = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);

  useEffect(() => setQuantity(String(item.quantity)), [item.quantity]);
  useEffect(() => setInstructions(item.instructions), [item.instructions]);
  useEffect(() => {
    if (confirming) keepQuote.current?.focus();
    else if (answered.current) save.current?.focus();
  }, [confirming]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    // The schema loads when the form is sent, not with the page: most shoppers only read their quote.
    const { updateQuotationItemSchema } = await import('@crossbuy/core/quotation');
    const parsed = updateQuotationItemSchema.safeParse({ quantity: Number(quantity), instructions });
    const request = parsed.success ? changeQuotationRequest(item, parsed.data) : null;
    if (!parsed.success || !request) {
      answered.current = confirming;
      setConfirming(false);
      setMessage(
        parsed.success
          ? { text: 'Nothing to save: the quantity and the instructions are as they were.', failed: false }
          : { text: messageForError(appErrorFromZodIssues(parsed.error.issues)), failed: true },
      );
      return;
    }
    if (request.dropsAnswer && !confirming) {
      setConfirming(true);
      return;
    }
    try {
      await update.mutateAsync({ id: item.id, update: parsed.data });
      setMessage({
        text: request.dropsAnswer
          ? 'Your changes are saved. The store will quote your new request.'
          : 'Your changes are saved.',
        failed: false,
      });
    } catch (error) {
      setMessage({ text: messageForError(error), failed: true });
    } finally {
      answered.current = confirming;
      setConfirming(false);
    }
  };

  const keepCurrentQuote = () => {
    setQuantity(String(item.quantity));
    setInstructions(item.instructions);
    answered.current = true;
    setConfirming(false);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Change the request"
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4"
    >
      <h2 className="text-lg font-semibold">Change the request</h2>
      {item.status === QUOTATION_STATUS.resolved ? (
        <p className="text-sm text-muted">The store quoted this request; changing it asks for a new quote.</p>
      ) : null}
      <QuantityAndInstructions
        quantity={quantity}
        onQuantityChange={setQuantity}
        instructions={instructions}
        onInstructionsChange={setInstructions}
      />
      <div aria-live="polite" className="text-sm">
        {message ? (
          <p className={message.failed ? 'text-danger-700' : 'text-brand-900'}>{message.text}</p>
        ) : null}
      </div>
      {confirming ? (
        <div className="flex flex-col gap-3 rounded-lg bg-brand-50 p-3">
          <p role="alert" className="text-sm font-medium text-brand-900">
            {requoteWarning(item)}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save and ask for a new quote'}
            </Button>
            <Button
              ref={keepQuote}
              variant="secondary"
              disabled={update.isPending}
              onClick={keepCurrentQuote}
            >
              Keep the current quote
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={save} type="submit" disabled={update.isPending} className="self-start">
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      )}
    </form>
  );
}
