import type { Money } from '@crossbuy/core/money';
import type {
  QuotationDeskItem,
  QuotationDeskPage,
  QuotationDeskStatus,
  QuotationItem,
  QuotePreview,
} from '@crossbuy/core/quotation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUDIT_LOG_KEY, QUOTATION_DESK_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

export const QUOTATION_DESK_PAGE_SIZE = 20;

/** `GET /admin/quotation_items`: one page of the desk; `after` is the cursor the page before gave. */
export function useQuotationDesk(status: QuotationDeskStatus, after: string | null) {
  const { staffId, enabled } = useStaffQueries();
  return useQuery({
    queryKey: [...QUOTATION_DESK_KEY, staffId, 'list', status, after],
    queryFn: () =>
      api.get<QuotationDeskPage>('/admin/quotation_items', {
        query: { status, limit: QUOTATION_DESK_PAGE_SIZE, after },
      }),
    enabled,
  });
}

/** `GET /admin/quotation_items/{id}`: one item as the desk shows it, whatever its status. */
export function useDeskItem(id: string) {
  const { staffId, enabled } = useStaffQueries();
  return useQuery({
    queryKey: [...QUOTATION_DESK_KEY, staffId, 'one', id],
    queryFn: () => api.get<{ item: QuotationDeskItem }>(`/admin/quotation_items/${encodeURIComponent(id)}`),
    enabled,
  });
}

/** `GET /admin/quotation_items/quote_currencies`: what a base price may be given in. */
export function useQuoteCurrencies() {
  const { staffId, enabled } = useStaffQueries();
  return useQuery({
    queryKey: [...QUOTATION_DESK_KEY, staffId, 'currencies'],
    queryFn: () => api.get<{ currencies: Money['currency'][] }>('/admin/quotation_items/quote_currencies'),
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
    queryFn: () =>
      api.get<QuotePreview>('/admin/quotation_items/quote_preview', {
        query: {
          amountMinor: quote?.basePrice.amountMinor,
          currency: quote?.basePrice.currency,
          domesticShippingMinor: quote?.domesticShippingMinor,
          weightGrams: quote?.weightGrams,
        },
      }),
    enabled: enabled && quote !== null,
    placeholderData: keepPreviousData,
  });
}

function useAnswer<Input>(id: string, path: 'resolve' | 'decline', body: (input: Input) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      api.post<{ quotationItem: QuotationItem }>(
        `/admin/quotation_items/${encodeURIComponent(id)}/${path}`,
        body(input),
      ),
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
  return useAnswer(id, 'resolve', (quote: DeskQuote | null) => quote ?? {});
}

/** `POST /admin/quotation_items/{id}/decline`: declines it with a reason the shopper reads. */
export function useDeclineQuotation(id: string) {
  return useAnswer(id, 'decline', (reason: string) => ({ reason }));
}
