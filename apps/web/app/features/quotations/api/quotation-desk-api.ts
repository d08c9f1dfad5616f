import type { Money } from '@crossbuy/core/money';
import type { QuotationDeskStatus } from '@crossbuy/core/quotation';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { AUDIT_LOG_KEY, QUOTATION_DESK_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

export const QUOTATION_DESK_PAGE_SIZE = 20;

/** `GET /admin/quotation_items`: one page of the desk; `after` is the cursor the page before gave. */
export function useQuotationDesk(status: QuotationDeskStatus, after: string | null) {
  const { staffId, enabled } = useStaffQueries();
  return useQuery({
    queryKey: [...QUOTATION_DESK_KEY, staffId, 'list', status, after],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/admin/quotation_items', {
          params: { query: { status, limit: QUOTATION_DESK_PAGE_SIZE, after: after ?? undefined } },
        }),
      ),
    enabled,
  });
}

/** `GET /admin/quotation_items/{id}`: one item as the desk shows it, whatever its status. */
export function useDeskItem(id: string) {
  const { staffId, enabled } = useStaffQueries();
  return useQuery({
    queryKey: [...QUOTATION_DESK_KEY, staffId, 'one', id],
    queryFn: async () =>
      answerOf(await storeClient.GET('/admin/quotation_items/{id}', { params: { path: { id } } })),
    enabled,
  });
}

/** `GET /admin/quotation_items/quote_currencies`: what a base price may be given in. */
export function useQuoteCurrencies() {
  const { staffId, enabled } = useStaffQueries();
  return useQuery({
    queryKey: [...QUOTATION_DESK_KEY, staffId, 'currencies'],
    queryFn: async () => answerOf(await storeClient.GET('/admin/quotation_items/quote_currencies')),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** What the desk quotes a product abroad with: the seller's price for one, and what it may add. */
export type DeskQuote = { basePrice: Money; domesticShippingMinor?: number; weightGrams?: number };

/**
 * `GET /admin/quotation_items/quote_preview`: the price per region one unit would be quoted at, until when,
 * and the terms it would be made from; the last preview stays on screen while the next is asked for, so the
 * breakdown does not flicker.
 */
export function useQuotePreview(quote: DeskQuote | null) {
  const { staffId, enabled } = useStaffQueries();
  return useQuery({
    queryKey: [
      ...QUOTATION_DESK_KEY,
      staffId,
      'preview',
      quote?.basePrice.amountMinor,
      quote?.basePrice.currency,
      quote?.domesticShippingMinor,
      quote?.weightGrams,
    ],
    // Nothing to ask while the quote as typed is not one.
    queryFn:
      quote === null
        ? skipToken
        : async () =>
            answerOf(
              await storeClient.GET('/admin/quotation_items/quote_preview', {
                params: {
                  query: {
                    amountMinor: quote.basePrice.amountMinor,
                    currency: quote.basePrice.currency,
                    domesticShippingMinor: quote.domesticShippingMinor,
                    weightGrams: quote.weightGrams,
                  },
                },
              }),
            ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Sends the desk's answer; the desk and the audit log are read again once it is given. */
function useAnswer<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Not awaited: the answer is given once the server says so, and the page that gave it moves on
    // while the desk and the audit log are read again.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: QUOTATION_DESK_KEY });
      void client.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });
}

/** `POST /admin/quotation_items/{id}/resolve`: sends the quote; the seller's price only for a product abroad. */
export function useResolveQuotation(id: string) {
  return useAnswer(async (quote: DeskQuote | null) =>
    answerOf(
      await storeClient.POST('/admin/quotation_items/{id}/resolve', {
        params: { path: { id } },
        body: quote ?? {},
      }),
    ),
  );
}

/** `POST /admin/quotation_items/{id}/decline`: declines it with a reason the shopper reads. */
export function useDeclineQuotation(id: string) {
  return useAnswer(async (reason: string) =>
    answerOf(
      await storeClient.POST('/admin/quotation_items/{id}/decline', {
        params: { path: { id } },
        body: { reason },
      }),
    ),
  );
}
