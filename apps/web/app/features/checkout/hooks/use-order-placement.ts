import { messageForError } from '@crossbuy/core/errors';
import type { CheckoutSession, CostEstimate } from '@crossbuy/core/order';
import { type Dispatch, useRef } from 'react';
import { useNavigate } from 'react-router';
import { usePlaceOrder } from '../api/checkout-api';
import { trackPurchase } from '../checkout-analytics';
import {
  isSessionGone,
  type Problems,
  problemFor,
  problemsBeforePlacing,
  type Refusals,
} from '../checkout-problems';
import type { CheckoutAction, CheckoutState } from './use-checkout-choices';

type OrderPlacementInput = {
  session: CheckoutSession;
  region: string | undefined;
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
  shippingAddressId: string | undefined;
  /** Records the address the order goes to, unless it was recorded already. */
  trackShipping: (addressId: string, estimate: CostEstimate) => void;
};

/**
 * Placing the order, once however often it is asked for: what stands in the way is shown where it belongs
 * and focus is taken to the first of it; an order placed opens its page. The refs name the places focus
 * may go to, in the page's order.
 */
export function useOrderPlacement({
  session,
  region,
  state,
  dispatch,
  shippingAddressId,
  trackShipping,
}: OrderPlacementInput) {
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const placing = useRef(false);

  const shippingRef = useRef<HTMLFieldSetElement>(null);
  const billingRef = useRef<HTMLFieldSetElement>(null);
  const voucherRef = useRef<HTMLInputElement>(null);
  const paymentRef = useRef<HTMLFieldSetElement>(null);
  const formAlertRef = useRef<HTMLDivElement>(null);

  /**
   * Shows each problem where it belongs and takes focus to the first, in the page's order. A total past the
   * most an order can be is shown from the estimate itself, so it goes as soon as another choice lowers it.
   */
  const show = (found: Problems, totalRefusal: string | undefined) => {
    dispatch({ type: 'showProblems', problems: found });
    const first = (
      [
        ['shipping', shippingRef.current?.querySelector('input') ?? shippingRef.current],
        ['billing', billingRef.current?.querySelector('input') ?? billingRef.current],
        ['voucher', voucherRef.current],
        ['payment', paymentRef.current?.querySelector('input') ?? paymentRef.current],
        ['form', formAlertRef.current],
      ] as const
    ).find(([key]) => found[key] || (key === 'form' && totalRefusal));
    requestAnimationFrame(() => first?.[1]?.focus());
  };

  const place = async (latest: CostEstimate, refusals: Refusals) => {
    if (placing.current) return;
    const { billingSame, billingAddressId, paymentMethod, voucherCode, notes } = state;
    const found = problemsBeforePlacing(
      { shippingAddressId, billingSame, billingAddressId, paymentMethod },
      refusals,
    );
    if (Object.values(found).some(Boolean) || refusals.total || !shippingAddressId || !paymentMethod) {
      show(found, refusals.total);
      return;
    }
    placing.current = true;
    dispatch({ type: 'showProblems', problems: {} });
    trackShipping(shippingAddressId, latest);
    try {
      const order = await placeOrder.mutateAsync({
        checkoutSessionKey: session.key,
        shippingAddressId,
        ...(billingSame || !billingAddressId ? {} : { billingAddressId }),
        paymentMethod,
        ...(voucherCode ? { voucherCode } : {}),
        notes: notes.trim(),
        ...(region ? { regionCountryCode: region } : {}),
      });
      trackPurchase(order);
      navigate(`/orders/${encodeURIComponent(order.id)}?placed=1`);
    } catch (error) {
      placing.current = false;
      if (isSessionGone(error)) {
        dispatch({ type: 'sessionEnded', message: messageForError(error) });
        return;
      }
      show({ [problemFor(error)]: messageForError(error) }, refusals.total);
    }
  };

  return {
    place,
    busy: placeOrder.isPending || placeOrder.isSuccess,
    refs: { shippingRef, billingRef, voucherRef, paymentRef, formAlertRef },
  };
}
