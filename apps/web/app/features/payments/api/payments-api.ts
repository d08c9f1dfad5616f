import type { PaymentInfo, PayResult, SavedCard } from '@crossbuy/core/order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';

export const paymentInfoKey = (orderId: string) => ['payment-info', orderId] as const;

/** `POST /order/{id}/payment_info`: how the order is paid (a read, though it is a POST: docs/rules/api-and-errors.md). */
export function usePaymentInfo(orderId: string) {
  return useQuery({
    queryKey: paymentInfoKey(orderId),
    queryFn: () => api.post<PaymentInfo>(`/order/${encodeURIComponent(orderId)}/payment_info`),
  });
}

/** Pays by card with the card provider's id of the card; the server decides the amount. */
export function payByCard(
  input: { orderId: string; paymentMethodId: string; savePaymentMethod: boolean },
  client: ApiClient = api,
): Promise<PayResult> {
  return client.post<PayResult>('/payment/stripe/card/pay', input);
}

export function payByTestCard(
  input: { orderId: string; cardNumber: string },
  client: ApiClient = api,
): Promise<PayResult> {
  return client.post<PayResult>('/payment/test_card/pay', input);
}

export function useMarkPaynowPaid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ markedPaidAt: string }>(`/order/${encodeURIComponent(orderId)}/paynow_paid`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentInfoKey(orderId) }),
  });
}

export const savedCardsKey = ['saved-cards'] as const;

/** The shopper's saved cards; the server answers only once two-factor authentication is passed. */
export function useSavedCards(enabled: boolean) {
  return useQuery({
    queryKey: savedCardsKey,
    queryFn: () => api.get<{ paymentMethods: SavedCard[] }>('/payment/stripe/card/payment_methods'),
    enabled,
  });
}

export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      api.delete<unknown>(`/payment/stripe/card/payment_methods/${encodeURIComponent(cardId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCardsKey }),
  });
}
