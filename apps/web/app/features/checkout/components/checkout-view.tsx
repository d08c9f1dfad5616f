import { messageForError } from '@crossbuy/core/errors';
import { LoadFailure } from '../../../components/ui/page-states';
import type { UserProfile } from '../../../lib/user-store';
import { useCheckoutSession } from '../api/checkout-api';
import { isSessionGone } from '../checkout-problems';
import { AlreadyPlaced, BackToCart, CheckoutLoading } from './checkout-ends';
import { CheckoutForm } from './checkout-form';

type CheckoutViewProps = { sessionKey: string; profile: UserProfile };

export function CheckoutView({ sessionKey, profile }: CheckoutViewProps) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10" aria-labelledby="checkout-heading">
      <h1 id="checkout-heading" className="text-3xl font-bold tracking-tight">
        Checkout
      </h1>
      <CheckoutSessionGate sessionKey={sessionKey} profile={profile} />
    </section>
  );
}

/** The checkout the cart opened, once the store has it; one that ended or placed its order leads on. */
function CheckoutSessionGate({ sessionKey, profile }: CheckoutViewProps) {
  const session = useCheckoutSession(sessionKey);
  if (sessionKey === '') {
    return <BackToCart title="Nothing to check out" text="Choose the items to buy in your cart first." />;
  }
  if (session.isPending) return <CheckoutLoading />;
  if (session.isError) {
    if (isSessionGone(session.error)) {
      return <BackToCart title="This checkout has ended" text={messageForError(session.error)} />;
    }
    return (
      <LoadFailure
        what="your checkout"
        error={session.error}
        onRetry={() => void session.refetch()}
        className="mt-8"
      />
    );
  }
  if (session.data.orderId) return <AlreadyPlaced orderId={session.data.orderId} />;
  return <CheckoutForm session={session.data} profile={profile} />;
}
