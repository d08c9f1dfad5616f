/**
 * `<OrderPayment order={order} onPaid={...} />`: the payment step of the order page.
 *
 * Props:
 * - `order`: the order as `GET /order/{id}` answers it; only `id`, `status` and `paymentMethod` are read.
 *   Nothing is shown unless the order is waiting for payment.
 * - `onPaid` (optional): called once the order is paid by card or test card, so the page can read the
 *   order again. PayNow orders are paid when an operator confirms the transfer, which the page learns
 *   from the order's own updates.
 *
 * It loads `POST /order/{id}/payment_info` and shows, by the order's payment method: the card provider's
 * card form (when the store has a publishable key), the clearly labelled test card form (development
 * without provider keys), or the PayNow QR with amount, reference, expiry and an "I have paid" button.
 */
import { ORDER_STATUS, type Order, PAYMENT_METHOD } from '@crossbuy/core/order';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Loading } from '../../components/ui/loading';
import { ErrorWithRetry } from '../../components/ui/page-states';
import { Price } from '../../components/ui/price';
import { paymentInfoKey, usePaymentInfo } from './api/payments-api';
import { PaynowPanel } from './components/paynow-panel';
import { TestCardForm } from './components/test-card-form';

// The provider's script and card field are fetched only when a card form is actually shown.
const StripeCardForm = lazy(() => import('./components/stripe-card-form'));

export type OrderPaymentProps = {
  order: Pick<Order, 'id' | 'status' | 'paymentMethod'>;
  onPaid?: () => void;
};

export function OrderPayment({ order, onPaid }: OrderPaymentProps) {
  if (order.status !== ORDER_STATUS.pendingPayment) return null;
  return (
    <section
      aria-labelledby="order-payment-title"
      className="flex flex-col gap-4 rounded-xl border border-line p-4 sm:p-6"
    >
      <h2 id="order-payment-title" className="text-lg font-semibold">
        Payment
      </h2>
      <PaymentStep orderId={order.id} onPaid={onPaid} />
    </section>
  );
}

function PaymentStep({ orderId, onPaid }: { orderId: string; onPaid: (() => void) | undefined }) {
  const info = usePaymentInfo(orderId);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'paid' | 'processing'>();

  if (info.isPending) return <Loading>Loading payment details…</Loading>;
  if (info.isError) {
    return <ErrorWithRetry error={info.error} onRetry={() => void info.refetch()} />;
  }
  if (outcome === 'paid' || !info.data.payable) {
    return <Alert tone="info">Thank you, your payment has been received.</Alert>;
  }
  if (outcome === 'processing') {
    return <Alert tone="info">Your bank is processing the payment; this page updates when it is done.</Alert>;
  }

  const paid = () => {
    setOutcome('paid');
    void queryClient.invalidateQueries({ queryKey: paymentInfoKey(orderId) });
    onPaid?.();
  };
  const { data } = info;
  const amount = (
    <p>
      Amount to pay: <Price value={data.amount} className="font-semibold" />
    </p>
  );

  if (data.method === PAYMENT_METHOD.payNow && data.paynow) {
    // Marked as sent, the order itself changes (it no longer expires or can be cancelled): read it again.
    return <PaynowPanel orderId={orderId} amount={data.amount} paynow={data.paynow} onMarked={onPaid} />;
  }
  if (data.method === PAYMENT_METHOD.testCard) {
    return (
      <>
        {amount}
        <TestCardForm orderId={orderId} onPaid={paid} />
      </>
    );
  }
  const publishableKey = data.card?.publishableKey;
  if (!publishableKey) {
    return (
      <Alert>Card payments are not available right now. Please message the store about this order.</Alert>
    );
  }
  return (
    <>
      {amount}
      <Suspense fallback={<Loading>Loading the card form…</Loading>}>
        <StripeCardForm
          publishableKey={publishableKey}
          orderId={orderId}
          onPaid={paid}
          onPending={() => setOutcome('processing')}
        />
      </Suspense>
    </>
  );
}
