import { formatStoreDate } from '@crossbuy/core/dates';
import type { Money } from '@crossbuy/core/money';
import { type PaynowPanel as PaynowDetails, paynowAmount, readPaynowPayload } from '@crossbuy/core/order';
import { useEffect, useId, useState } from 'react';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses, PendingButton } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { useMarkPaynowPaid } from '../api/payments-api';

/** The QR's last day, a store day written YYYYMMDD: 20261231 -> 31/12/2026. */
function expiryLabel(yyyymmdd: string): string {
  return formatStoreDate(`${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`);
}

/** 'data:image/png;base64,…' -> 'png', so the saved file opens as the picture it is. */
export function qrFileExtension(dataUrl: string): string {
  const type = /^data:image\/([a-z+]+)[;,]/.exec(dataUrl)?.[1] ?? 'png';
  return type === 'svg+xml' ? 'svg' : type;
}

type CopyState = { what: string; copied: boolean } | null;

/** Copies a value for pasting into a banking app, and says what was copied in a live region. */
function useCopy() {
  const [state, setState] = useState<CopyState>(null);
  // The word stays long enough to be read, then clears so copying the same value again is said again.
  useEffect(() => {
    if (!state) return;
    const timer = setTimeout(() => setState(null), 4000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async (what: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setState({ what, copied: true });
    } catch {
      setState({ what, copied: false });
    }
  };
  const said = state
    ? state.copied
      ? `Copied the ${state.what}.`
      : `The ${state.what} could not be copied: select it and copy it yourself.`
    : '';
  return { copy, said };
}

type PaynowPanelProps = {
  orderId: string;
  amount: Money;
  paynow: PaynowDetails;
  /** The shopper marked the transfer sent. */
  onMarked?: (() => void) | undefined;
};

/**
 * The PayNow QR with what it pays, and the shopper's "I have paid" once the transfer is made. A shopper on
 * a phone cannot scan the screen they are holding, so the QR can be saved to scan from the gallery, and
 * the UEN, amount and reference can be copied into the banking app, with the steps said beside them.
 */
export function PaynowPanel({ orderId, amount, paynow, onMarked }: PaynowPanelProps) {
  const id = useId();
  const markPaid = useMarkPaynowPaid(orderId);
  const markedPaidAt = markPaid.data?.markedPaidAt ?? paynow.markedPaidAt;
  const { copy, said } = useCopy();
  // The QR's own text is what the bank reads: the UEN and amount to type are taken from it.
  const request = readPaynowPayload(paynow.payload);
  const uen = request?.uen || null;
  const amountToType = request?.amount || paynowAmount(amount.amountMinor);
  const qrFileName = `PayNow-${paynow.reference}.${qrFileExtension(paynow.qrImage)}`;

  return (
    <div className="flex flex-col gap-4">
      <p>Scan the QR code with your banking app. The amount and reference are filled in for you.</p>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-start">
        <div className="flex flex-col items-start gap-2">
          <img
            src={paynow.qrImage}
            alt={`PayNow QR code to pay ${paynow.merchantName}`}
            width={280}
            height={280}
            className="size-56 rounded-lg border border-line bg-white p-2 sm:size-64"
          />
          <a href={paynow.qrImage} download={qrFileName} className={buttonClasses('secondary')}>
            Save QR image
          </a>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium">Pay to</dt>
            <dd>{paynow.merchantName}</dd>
            {uen ? (
              <>
                <dt className="font-medium">UEN</dt>
                <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-mono" data-testid="paynow-uen">
                    {uen}
                  </span>
                  <CopyButton label="Copy UEN" onCopy={() => void copy('UEN', uen)} />
                </dd>
              </>
            ) : null}
            <dt className="font-medium">Amount</dt>
            <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Price value={amount} className="font-semibold" />
              <CopyButton label="Copy amount" onCopy={() => void copy('amount', amountToType)} />
            </dd>
            <dt className="font-medium">Reference</dt>
            <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-mono" data-testid="paynow-reference">
                {paynow.reference}
              </span>
              <CopyButton label="Copy reference" onCopy={() => void copy('reference', paynow.reference)} />
            </dd>
            {/* The QR's own expiry, a whole day: the order's deadline to pay, to the minute, is said above
                the panel, and an order not paid by then is cancelled sooner than the QR expires. */}
            <dt className="font-medium">QR valid until</dt>
            <dd>{expiryLabel(paynow.expiryDate)}</dd>
          </dl>
          <p role="status" className="min-h-5 text-sm font-semibold text-brand-900">
            {said}
          </p>
        </div>
      </div>
      {markedPaidAt ? null : (
        <section
          aria-labelledby={`${id}-phone`}
          className="flex flex-col gap-2 rounded-lg bg-brand-50 p-4 text-sm"
        >
          <h3 id={`${id}-phone`} className="font-semibold">
            Paying on this phone?
          </h3>
          <ol className="flex list-decimal flex-col gap-1 ps-5">
            <li>Open your bank's app and choose PayNow, then pay to a UEN.</li>
            <li>Paste the UEN, the amount and the reference: each has a Copy button.</li>
            <li>Or tap Save QR image, then scan the saved picture from your gallery in the bank's app.</li>
            <li>Come back here and tap I have paid.</li>
          </ol>
        </section>
      )}
      {markedPaidAt ? (
        <Alert tone="info">
          Thank you. We are checking your transfer and will mark the order paid as soon as it arrives.
        </Alert>
      ) : (
        <div className="flex flex-col items-start gap-2">
          <ErrorAlert error={markPaid.error} />
          <PendingButton
            pending={markPaid.isPending}
            pendingLabel="Sending…"
            onClick={() => markPaid.mutate(undefined, { onSuccess: onMarked })}
          >
            I have paid
          </PendingButton>
        </div>
      )}
    </div>
  );
}

/** A copy button as large as a finger needs, named for what it copies. */
function CopyButton({ label, onCopy }: { label: string; onCopy: () => void }) {
  return (
    <Button variant="secondary" className="px-3 py-1" onClick={onCopy}>
      {label}
    </Button>
  );
}
