import { ApiError, messageForError } from '@crossbuy/core/errors';
import type { PayResult } from '@crossbuy/core/order';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { type FormEvent, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { payByCard } from '../api/payments-api';

type CardFormProps = { orderId: string; onPaid: () => void; onPending: () => void };

function CardForm({ orderId, onPaid, onPending }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [save, setSave] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const pay = async (paymentMethodId: string, afterBank = false): Promise<void> => {
    let result: PayResult;
    try {
      result = await payByCard({ orderId, paymentMethodId, savePaymentMethod: save });
    } catch (error) {
      // The provider told the store of the bank's yes before this page asked again: the order is paid,
      // and the order page reads how it stands now.
      if (afterBank && error instanceof ApiError && error.code === 'payment/not_payable') return onPaid();
      throw error;
    }
    if (result.status === 'requires_action' && result.clientSecret && stripe) {
      const { error } = await stripe.handleNextAction({ clientSecret: result.clientSecret });
      if (error) return setFailure(error.message ?? 'Your bank did not confirm the payment');
      // The bank said yes: asking again reads the finished payment back and marks the order paid.
      return pay(paymentMethodId, true);
    }
    if (result.status === 'succeeded') onPaid();
    else if (result.status === 'processing') onPending();
    else setFailure(result.message ?? 'The payment did not go through');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setPending(true);
    setFailure(undefined);
    try {
      // The card goes from this page to the card provider; our server only ever sees the provider's id.
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error || !paymentMethod) setFailure(error?.message ?? 'Please check your card details');
      else await pay(paymentMethod.id);
    } catch (error) {
      setFailure(messageForError(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Pay by card">
      <div className="rounded-lg border border-line bg-white px-3 py-3">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-5"
          checked={save}
          onChange={(event) => setSave(event.target.checked)}
        />
        Save this card for next time
      </label>
      {failure ? <Alert>{failure}</Alert> : null}
      <Button type="submit" className="self-start" disabled={pending || !stripe}>
        {pending ? 'Paying…' : 'Pay now'}
      </Button>
    </form>
  );
}

type StripeCardFormProps = CardFormProps & { publishableKey: string };

/** The card provider's own card field: loaded from the provider in the browser, never at install. */
export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <CardForm {...props} />
    </Elements>
  );
}
