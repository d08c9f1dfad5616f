import { formatStoreDateTime } from '@crossbuy/core/dates';
import { messageForError } from '@crossbuy/core/errors';
import type { Order } from '@crossbuy/core/order';
import { type FormEvent, useState } from 'react';
import { SubmitButton, textLinkClasses } from '../../../components/ui/button';
import { CONTROL_CLASSES, FieldFrame } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { ErrorWithRetry } from '../../../components/ui/page-states';
import { useDisputeInfo, useOpenDispute } from '../api/orders-api';

/** As long as the store takes a reason; a longer one is refused with order/invalid_reason. */
const REASON_MAX = 500;

/**
 * How to raise a problem with the order, behind a disclosure; the information is asked for only once
 * the shopper opens it, and a dispute can be opened from it while the order allows one.
 */
export function DisputeDisclosure({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const info = useDisputeInfo(order.id, open);

  return (
    <details
      className="group rounded-2xl border border-line bg-white p-4"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      {/* A flex summary loses the browser's triangle; the arrow shows the heading opens. */}
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 font-semibold">
        <span>A problem with this order?</span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="mt-3 flex flex-col gap-3 text-sm">
        {!open ? null : info.isPending ? (
          <Loading>Loading how to raise a problem…</Loading>
        ) : info.isError ? (
          <ErrorWithRetry error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <>
            {info.data.steps.length > 0 ? (
              <ol className="list-decimal ps-5">
                {info.data.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            ) : null}
            <p>
              Problems can be raised within {info.data.windowDays} days of delivery. You can also write to{' '}
              <a href={`mailto:${info.data.supportEmail}`} className={textLinkClasses}>
                {info.data.supportEmail}
              </a>{' '}
              quoting {info.data.orderRef}.
            </p>
            {info.data.disputedAt ? (
              <p className="font-semibold">
                You opened a dispute on {formatStoreDateTime(info.data.disputedAt)}.
              </p>
            ) : info.data.canDispute ? (
              <OpenDisputeForm orderId={order.id} />
            ) : info.data.refusal ? (
              <p className="text-muted">{info.data.refusal.message}</p>
            ) : null}
          </>
        )}
      </div>
    </details>
  );
}

function OpenDisputeForm({ orderId }: { orderId: string }) {
  const openDispute = useOpenDispute();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setProblem('Please tell us what went wrong');
      return;
    }
    if (text.length > REASON_MAX) {
      setProblem(`Please keep it to ${REASON_MAX} characters`);
      return;
    }
    setProblem(undefined);
    try {
      await openDispute.mutateAsync({ id: orderId, reason: text });
    } catch (error) {
      setProblem(messageForError(error));
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Open a dispute" className="flex flex-col gap-3">
      <FieldFrame label="What went wrong?" required error={problem}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={CONTROL_CLASSES}
          />
        )}
      </FieldFrame>
      <SubmitButton
        variant="danger"
        pending={openDispute.isPending}
        pendingLabel="Opening…"
        className="self-start"
      >
        Open a dispute
      </SubmitButton>
    </form>
  );
}
