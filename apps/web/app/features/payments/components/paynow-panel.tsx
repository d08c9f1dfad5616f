import { messageForError } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import type { PaynowPanel as PaynowDetails } from '@crossbuy/core/order';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { useMarkPaynowPaid } from '../api/payments-api';

/** 20261231 -> 31 Dec 2026. */
function expiryLabel(yyyymmdd: string): string {
  const date = new Date(`${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}T00:00:00Z`);
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

type PaynowPanelProps = {
  orderId: string;
  amount: Money;
  paynow: PaynowDetails;
  /** The shopper marked the transfer sent. */
  onMarked?: (() => void) | undefined;
};

/** The PayNow QR with what it pays, and the shopper's "I have paid" once the transfer is made. */
export function PaynowPanel({ orderId, amount, paynow, onMarked }: PaynowPanelProps) {
  const markPaid = useMarkPaynowPaid(orderId);
  const markedPaidAt = markPaid.data?.markedPaidAt ?? paynow.markedPaidAt;

  return (
    <div className="flex flex-col gap-4">
      <p>Scan the QR code with your banking app. The amount and reference are filled in for you.</p>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img
          src={paynow.qrImage}
          alt={`PayNow QR code to pay ${paynow.merchantName}`}
          width={280}
          height={280}
          className="size-56 rounded-lg border border-line bg-white p-2 sm:size-64"
        />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium">Pay to</dt>
          <dd>{paynow.merchantName}</dd>
          <dt className="font-medium">Amount</dt>
          <dd>
            <Price value={amount} className="font-semibold" />
          </dd>
          <dt className="font-medium">Reference</dt>
          <dd className="font-mono" data-testid="paynow-reference">
            {paynow.reference}
          </dd>
          <dt className="font-medium">Pay by</dt>
          <dd>{expiryLabel(paynow.expiryDate)}</dd>
        </dl>
      </div>
      {markedPaidAt ? (
        <Alert tone="info">
          Thank you. We are checking your transfer and will mark the order paid as soon as it arrives.
        </Alert>
      ) : (
        <div className="flex flex-col items-start gap-2">
          {markPaid.isError ? <Alert>{messageForError(markPaid.error)}</Alert> : null}
          <Button
            onClick={() => markPaid.mutate(undefined, { onSuccess: onMarked })}
            disabled={markPaid.isPending}
          >
            {markPaid.isPending ? 'Sending…' : 'I have paid'}
          </Button>
        </div>
      )}
    </div>
  );
}
