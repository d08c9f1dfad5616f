import type { Product } from '@crossbuy/core/catalogue';
import type { ExternalLookup, LinkPreview } from '@crossbuy/core/external';
import {
  QUOTATION_STATUS,
  type QuotationFilter,
  type QuotationItem,
  type QuotationRequest,
} from '@crossbuy/core/quotation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { QUOTATION_ITEMS_KEY } from '../../../lib/query-keys';
import { useShopperRegions } from '../../../lib/region-store';
import { useUser } from '../../../lib/user-store';

export type QuotationItemAnswer = { quotationItem: QuotationItem; product: Product | null };
export type QuotationPage = {
  quotationItems: QuotationItem[];
  products: Product[];
  total: number;
  page: number;
  limit: number;
};

export const QUOTATION_PAGE_SIZE = 20;
/** How often a pending quotation is asked about while its page is open. */
export const PENDING_POLL_MS = 3_000;

function useScope() {
  const { signedIn, profile } = useUser();
  const region = useShopperRegions().current?.countryCode;
  return { signedIn, userId: profile?.id ?? null, region };
}

/** `GET /quotation?filter&page&limit`: the shopper's quotation items by where they stand. */
export function useQuotationList(filter: QuotationFilter, page: number) {
  const { signedIn, userId, region } = useScope();
  return useQuery({
    queryKey: [...QUOTATION_ITEMS_KEY, userId, region ?? null, 'list', filter, page],
    queryFn: () =>
      api.get<QuotationPage>('/quotation', {
        query: { filter, page, limit: QUOTATION_PAGE_SIZE, region },
      }),
    enabled: signedIn,
  });
}

/**
 * `GET /quotation_item/{id}`, asked again every few seconds while the store is still quoting, so the page
 * shows the answer by itself; the asking stops once it is answered.
 */
export function useQuotationItem(id: string) {
  const { signedIn, userId, region } = useScope();
  return useQuery({
    queryKey: [...QUOTATION_ITEMS_KEY, userId, region ?? null, 'one', id],
    queryFn: () =>
      api.get<QuotationItemAnswer>(`/quotation_item/${encodeURIComponent(id)}`, { query: { region } }),
    enabled: signedIn,
    refetchInterval: (query) =>
      query.state.data?.quotationItem.status === QUOTATION_STATUS.pending ? PENDING_POLL_MS : false,
  });
}

function useAnswerMutation<Input, Output>(
  send: (input: Input, region: string | undefined) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  const { region } = useScope();
  return useMutation({
    mutationFn: (input: Input) => send(input, region),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUOTATION_ITEMS_KEY }),
  });
}

/** `POST /quotation/request`, in either form (docs/rules/quotations.md); the item starts pending. */
export function useRequestQuotation() {
  return useAnswerMutation((request: QuotationRequest, region) =>
    api.post<QuotationItemAnswer>('/quotation/request', request, { query: { region } }),
  );
}

/** `PUT /quotation_item/{id}`: quantity or instructions only. */
export function useUpdateQuotationItem() {
  return useAnswerMutation(
    ({ id, update }: { id: string; update: { quantity?: number; instructions?: string } }, region) =>
      api.put<QuotationItemAnswer>(`/quotation_item/${encodeURIComponent(id)}`, update, {
        query: { region },
      }),
  );
}

export function useRemoveQuotationItem() {
  return useAnswerMutation((id: string) => api.delete(`/quotation_item/${encodeURIComponent(id)}`));
}

/** An expired or declined quote becomes pending again, in one step. */
export function useRequestAgain() {
  return useAnswerMutation((id: string, region) =>
    api.post<QuotationItemAnswer>(`/quotation_item/${encodeURIComponent(id)}/request_again`, undefined, {
      query: { region },
    }),
  );
}

/** `POST /opengraph`: the page's title, description, picture and site name. */
export async function linkPreview(url: string, signal?: AbortSignal): Promise<LinkPreview> {
  return answerOf(await storeClient.POST('/opengraph', { body: { url }, ...(signal ? { signal } : {}) }));
}

/** `POST /product/searchExternal`: a known link answers at once (done), a new one is looked up (pending). */
export async function searchExternal(link: string, signal?: AbortSignal): Promise<ExternalLookup> {
  return answerOf(
    await storeClient.POST('/product/searchExternal', { body: { link }, ...(signal ? { signal } : {}) }),
  );
}

/** `GET /product/checkPending?link`: where a lookup started by searchExternal stands. */
export async function checkPending(link: string, signal?: AbortSignal): Promise<ExternalLookup> {
  return answerOf(
    await storeClient.GET('/product/checkPending', {
      params: { query: { link } },
      ...(signal ? { signal } : {}),
    }),
  );
}
