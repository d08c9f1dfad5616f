import type { CardPay, PayResult, TestCardPay } from '@crossbuy/core/order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';

export const paymentInfoKey = (orderId: string) => ['payment-info', orderId] as const;

/** `POST /order/{id}/payment_info`: how the order is paid (a read, though it is a POST: docs/rules/api-and-errors.md). */
export function usePaymentInfo(orderId: string) {
  return useQuery({
    queryKey: paymentInfoKey(orderId),
    queryFn: async () =>
      answerOf(await storeClient.POST('/order/{id}/payment_info', { params: { path: { id: orderId } } })),
  });
}

/** Pays by card with the card provider's id of the card; the server decides the amount. */
export async function payByCard(input: CardPay): Promise<PayResult> {
  return answerOf(await storeClient.POST('/payment/stripe/card/pay', { body: input }));
}

export async function payByTestCard(input: TestCardPay): Promise<PayResult> {
  return answerOf(await storeClient.POST('/payment/test_card/pay', { body: input }));
}

export function useMarkPaynowPaid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      answerOf(await storeClient.POST('/order/{id}/paynow_paid', { params: { path: { id: orderId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentInfoKey(orderId) }),
  });
}

export const savedCardsKey = ['saved-cards'] as const;

/** The shopper's saved cards; the server answers only once two-factor authentication is passed. */
export function useSavedCards(enabled: boolean) {
  return useQuery({
    queryKey: savedCardsKey,
    queryFn: async () => answerOf(await storeClient.GET('/payment/stripe/card/payment_methods')),
    enabled,
  });
}

export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      storeClient.DELETE('/payment/stripe/card/payment_methods/{id}', { params: { path: { id: cardId } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCardsKey }),
  });
}
