import { messageForError } from '@crossbuy/core/errors';
import type { CheckoutSession } from '@crossbuy/core/order';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadFailure } from '../../../components/ui/page-states';
import type { UserProfile } from '../../../lib/user-store';
import { useValidateVoucher } from '../api/checkout-api';
import { isSessionGone, refusalsOf } from '../checkout-problems';
import { useCheckoutAnalytics } from '../hooks/use-checkout-analytics';
import { useCheckoutChoices } from '../hooks/use-checkout-choices';
import { useCheckoutPricing } from '../hooks/use-checkout-pricing';
import { useOrderPlacement } from '../hooks/use-order-placement';
import { BillingAddress } from './billing-address';
import { BackToCart, CheckoutLoading } from './checkout-ends';
import { CheckoutItems } from './checkout-items';
import { DeliveryAddress } from './delivery-address';
import { OrderNotes } from './order-notes';
import { OrderSummary } from './order-summary';
import { PaymentMethods } from './payment-methods';
import { VoucherField } from './voucher-field';

/** The shopper's choices for an open checkout, priced as they make them, and the order placed from them. */
export function CheckoutForm({ session, profile }: { session: CheckoutSession; profile: UserProfile }) {
  const [state, dispatch] = useCheckoutChoices();
  const { region, items, addresses, shippingAddressId, estimate, vouchers } = useCheckoutPricing(
    session,
    state,
    dispatch,
  );
  const latest = estimate.data;
  const trackShipping = useCheckoutAnalytics(latest, estimate.isPlaceholderData, state.chosenShipping);
  const placement = useOrderPlacement({ session, region, state, dispatch, shippingAddressId, trackShipping });
  const validateVoucher = useValidateVoucher();

  if (state.sessionEnded) return <BackToCart title="This checkout has ended" text={state.sessionEnded} />;
  if (addresses.isPending || (estimate.isPending && !latest)) return <CheckoutLoading />;
  if (addresses.isError) {
    return (
      <LoadFailure
        what="your addresses"
        error={addresses.error}
        onRetry={() => void addresses.refetch()}
        className="mt-8"
      />
    );
  }
  if (!latest) {
    if (isSessionGone(estimate.error)) {
      return <BackToCart title="This checkout has ended" text={messageForError(estimate.error)} />;
    }
    return (
      <div className="mt-8 flex flex-col items-start gap-4">
        <Alert>We could not price your order: {messageForError(estimate.error)}</Alert>
        <Button onClick={() => void estimate.refetch()}>Try again</Button>
      </div>
    );
  }

  const { problems } = state;
  const refusals = refusalsOf(latest, state.voucherCode);
  const { refs } = placement;

  const validate = async (code: string) => {
    const answer = await validateVoucher.mutateAsync({
      code,
      paymentMethod: state.paymentMethod,
      regionCountryCode: region,
      voucherItems: items,
    });
    return answer.voucher.code;
  };

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <CheckoutItems lines={latest.lines} />
        <DeliveryAddress
          profile={profile}
          addresses={addresses.data}
          adding={state.addingAddress ?? addresses.data.length === 0}
          selectedId={shippingAddressId}
          error={problems.shipping ?? refusals.shipping}
          fieldsetRef={refs.shippingRef}
          onChoose={(id) => dispatch({ type: 'chooseShipping', id })}
          onAdding={(open) => dispatch({ type: 'showAddressForm', open })}
          onAdded={(id) => dispatch({ type: 'addressAdded', id })}
        />
        <BillingAddress
          addresses={addresses.data}
          same={state.billingSame}
          selectedId={state.billingAddressId}
          error={problems.billing}
          fieldsetRef={refs.billingRef}
          onSameChange={(same) => dispatch({ type: 'billToShipping', same })}
          onChoose={(id) => dispatch({ type: 'chooseBilling', id })}
        />
        <VoucherField
          applied={state.voucherCode}
          error={problems.voucher ?? refusals.voucher}
          available={vouchers.data ?? []}
          validate={validate}
          onApply={(code) => dispatch({ type: 'applyVoucher', code })}
          onRemove={() => dispatch({ type: 'applyVoucher', code: undefined })}
          onError={(message) => dispatch({ type: 'voucherProblem', message })}
          inputRef={refs.voucherRef}
        />
        <PaymentMethods
          estimate={latest}
          chosen={state.paymentMethod}
          error={problems.payment}
          fieldsetRef={refs.paymentRef}
          onChange={(method) => dispatch({ type: 'choosePayment', method })}
        />
        <OrderNotes value={state.notes} onChange={(notes) => dispatch({ type: 'writeNotes', notes })} />
      </div>
      <OrderSummary
        estimate={latest}
        updating={estimate.isFetching}
        hasAddress={shippingAddressId !== undefined}
        problem={problems.form ?? refusals.total}
        problemRef={refs.formAlertRef}
        busy={placement.busy}
        onPlace={() => void placement.place(latest, refusals)}
      />
    </div>
  );
}
