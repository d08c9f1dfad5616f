import { ApiError } from '@crossbuy/core/errors';
import type { CheckoutSession, CreateOrder, PaymentMethod } from '@crossbuy/core/order';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answerOf, storeClient } from '../../../lib/contract-client';
import { CART_KEY, QUOTATION_ITEMS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/user-store';

export type AvailableVoucher = Answer<'/voucher/get_available', 'post'>['vouchers'][number];

/** What the shopper has chosen so far; the estimate and the vouchers on offer follow these. */
export type CheckoutChoices = {
  shippingAddressId?: string | undefined;
  paymentMethod?: PaymentMethod | undefined;
  voucherCode?: string | undefined;
  regionCountryCode?: string | undefined;
};

export type CheckoutItems = { cartItemIds: string[]; quotationItemIds: string[] };

const CHECKOUT_KEY = ['checkout'] as const;

function useUserId(): string | null {
  return useUser().profile?.id ?? null;
}

/** `GET /checkout/session/{key}`: the lines the shopper chose in the cart, held for this checkout. */
export function useCheckoutSession(key: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...CHECKOUT_KEY, userId, 'session', key],
    queryFn: async (): Promise<CheckoutSession> => {
      const answer = answerOf(
        await storeClient.GET('/checkout/session/{key}', { params: { path: { key } } }),
      );
      // Only `?action=delete` answers `{ deleted }`, and it is not asked here.
      if ('deleted' in answer) throw new ApiError({ status: 200 });
      return answer;
    },
    enabled: key !== '',
  });
}

/**
 * `GET /checkout/estimate_costs` for the current choices. Each set of choices is its own entry, so going
 * back to an earlier choice shows its price at once; while a new one is asked for, the last answer stays
 * on screen instead of a blank.
 */
export function useCostEstimate(key: string, choices: CheckoutChoices, enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...CHECKOUT_KEY, userId, 'estimate', key, choices],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/checkout/estimate_costs', {
          params: { query: { checkoutSessionKey: key, ...choices } },
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

type VoucherContext = Pick<CheckoutChoices, 'paymentMethod' | 'regionCountryCode'> & {
  voucherItems: CheckoutItems;
};

/** `POST /voucher/get_available`: a read, though sent as a POST, so it is cached like one. */
export function useAvailableVouchers(context: VoucherContext, enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...CHECKOUT_KEY, userId, 'vouchers', context],
    queryFn: async () =>
      answerOf(await storeClient.POST('/voucher/get_available', { body: context })).vouchers,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** `POST /voucher/validate`: answers the voucher and its discount, or fails with the reason it does not apply. */
export function useValidateVoucher() {
  return useMutation({
    mutationFn: async (request: VoucherContext & { code: string }) =>
      answerOf(await storeClient.POST('/voucher/validate', { body: request })),
  });
}

/**
 * `POST /checkout/create_order`. The server places one order per checkout session, so a repeated request
 * answers the same order; the cart and quotation lists lose the lines it took.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: async (order: CreateOrder) =>
      answerOf(await storeClient.POST('/checkout/create_order', { body: order })).order,
    onSuccess: (order, { checkoutSessionKey }) => {
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      void queryClient.invalidateQueries({ queryKey: QUOTATION_ITEMS_KEY });
      // Coming back to this checkout shows the order it placed, without asking to price lines now gone.
      queryClient.setQueryData<CheckoutSession>(
        [...CHECKOUT_KEY, userId, 'session', checkoutSessionKey],
        (session) => (session ? { ...session, orderId: order.id } : session),
      );
    },
  });
}
