import type { CostEstimate } from '@crossbuy/core/order';
import { useCallback, useEffect, useRef } from 'react';
import { trackBeginCheckout, trackShippingInfo } from '../checkout-analytics';

/**
 * The checkout's analytics: begin_checkout once the order is first priced, and add_shipping_info once for
 * each address, following the shopper's own choice once its price is known. Answers the way to record the
 * address an order is about to be placed with, if it was not recorded yet.
 */
export function useCheckoutAnalytics(
  latest: CostEstimate | undefined,
  placeholder: boolean,
  chosenShipping: string | undefined,
) {
  const began = useRef(false);
  useEffect(() => {
    if (began.current || !latest || latest.lines.length === 0) return;
    began.current = true;
    trackBeginCheckout(latest);
  }, [latest]);

  const shippingTracked = useRef<string | null>(null);
  const trackShipping = useCallback((addressId: string, estimate: CostEstimate) => {
    if (shippingTracked.current === addressId) return;
    shippingTracked.current = addressId;
    trackShippingInfo(estimate);
  }, []);

  // add_shipping_info follows the shopper's own choice of address, once its price is known.
  useEffect(() => {
    if (!latest || placeholder || chosenShipping === undefined) return;
    trackShipping(chosenShipping, latest);
  }, [latest, placeholder, chosenShipping, trackShipping]);

  return trackShipping;
}
