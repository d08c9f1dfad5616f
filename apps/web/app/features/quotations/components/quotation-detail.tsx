import { formatDateTime } from '@crossbuy/core/dates';
import { messageForError } from '@crossbuy/core/errors';
import type { QuotationItem } from '@crossbuy/core/quotation';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { PageError, PageLoading } from '../../../components/ui/page-states';
import { imageUrl } from '../../../lib/images';
import {
  useQuotationItem,
  useRemoveQuotationItem,
  useRequestAgain,
  useUpdateQuotationItem,
} from '../api/quotations-api';
import { QuantityAndInstructions } from './quantity-and-instructions';
import { canRequestAgain, QuotationStatus, quoteExpired } from './quotation-status';

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
  const editable = item.status !== 'd' && !quoteExpired(item);

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
    <article
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10"
      aria-labelledby="quotation-name"
    >
      <p className="text-sm">
        <Link to="/quotations" className={textLinkClasses}>
          Your quotations
        </Link>
      </p>
      <div className="flex flex-col gap-4 sm:flex-row">
        <img
          src={imageUrl(item.mainImage)}
          alt=""
          width={160}
          height={160}
          className="size-40 shrink-0 rounded-xl border border-line bg-white object-cover"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-xs font-semibold tracking-wide text-muted">{item.marketplaceLabel}</p>
          <h1 id="quotation-name" className="break-words text-2xl font-bold tracking-tight">
            {item.name}
          </h1>
          {item.productUrl ? (
            <a
              href={item.productUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className={`${textLinkClasses} break-all text-sm`}
            >
              The item's page (opens in a new tab)
            </a>
          ) : null}
          <p className="text-sm text-muted">Requested {formatDateTime(item.createdAt)}</p>
        </div>
      </div>

      {/* Answers arrive while the page is open; the live region reads them out. */}
      <div role="status" aria-live="polite">
        <QuotationStatus item={item} />
      </div>

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
    </article>
  );
}

function EditQuotation({ item }: { item: QuotationItem }) {
  const update = useUpdateQuotationItem();
  const [quantity, setQuantity] = useState(String(item.quantity));
  const [instructions, setInstructions] = useState(item.instructions);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  useEffect(() => setQuantity(String(item.quantity)), [item.quantity]);
  useEffect(() => setInstructions(item.instructions), [item.instructions]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      await update.mutateAsync({ id: item.id, update: { quantity: Number(quantity), instructions } });
      setMessage({ text: 'Your changes are saved.', failed: false });
    } catch (error) {
      setMessage({ text: messageForError(error), failed: true });
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Change the request"
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4"
    >
      <h2 className="text-lg font-semibold">Change the request</h2>
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
      <Button type="submit" disabled={update.isPending} className="self-start">
        {update.isPending ? 'Saving…' : 'Save changes'}
      </Button>
    </form>
  );
}
