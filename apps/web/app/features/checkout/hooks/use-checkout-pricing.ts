import type { CheckoutSession } from '@crossbuy/core/order';
import { type Dispatch, useEffect, useMemo } from 'react';
import { useShopperRegions } from '../../../lib/region-store';
import { useAddresses } from '../../addresses/api/addresses-api';
import { type CheckoutChoices, useAvailableVouchers, useCostEstimate } from '../api/checkout-api';
import type { CheckoutAction, CheckoutState } from './use-checkout-choices';

/**
 * What the checkout asks the store as the shopper chooses: their addresses, the price of the order as
 * chosen now, and the vouchers on offer for it.
 */
export function useCheckoutPricing(
  session: CheckoutSession,
  state: CheckoutState,
  dispatch: Dispatch<CheckoutAction>,
) {
  const region = useShopperRegions().current?.countryCode;
  const addresses = useAddresses();
  const { paymentMethod, voucherCode } = state;

  const items = useMemo(
    () => ({ cartItemIds: session.cartItemIds, quotationItemIds: session.quotationItemIds }),
    [session],
  );
  // The main address is where most orders go, so it starts chosen.
  const shippingAddressId =
    state.chosenShipping ?? (addresses.data?.find((address) => address.main) ?? addresses.data?.[0])?.id;
  const choices: CheckoutChoices = {
    shippingAddressId,
    paymentMethod,
    voucherCode,
    regionCountryCode: region,
  };
  const estimate = useCostEstimate(session.key, choices, !addresses.isPending);
  const vouchers = useAvailableVouchers(
    { paymentMethod, regionCountryCode: region, voucherItems: items },
    !addresses.isPending,
  );
  const latest = estimate.data;

  // The first method the order can be paid with starts chosen; one the order can no longer use is replaced.
  useEffect(() => {
    if (!latest || latest.paymentMethods.length === 0) return;
    if (!latest.paymentMethods.some((option) => option.method === paymentMethod)) {
      dispatch({ type: 'offerPayment', method: latest.paymentMethods[0]?.method });
    }
  }, [latest, paymentMethod, dispatch]);

  return { region, items, addresses, shippingAddressId, estimate, vouchers };
}
