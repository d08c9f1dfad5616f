import type { ExternalLookup, LinkPreview } from '@crossbuy/core/external';
import {
  QUOTATION_STATUS,
  type QuotationFilter,
  type QuotationRequest,
  type UpdateQuotationItem,
} from '@crossbuy/core/quotation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { QUOTATION_ITEMS_KEY } from '../../../lib/query-keys';
import { useShopperRegions } from '../../../lib/region-store';
import { useUser } from '../../../lib/user-store';

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
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/quotation', {
          params: { query: { filter, page, limit: QUOTATION_PAGE_SIZE, region } },
        }),
      ),
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
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/quotation_item/{id}', { params: { path: { id }, query: { region } } }),
      ),
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
  return useAnswerMutation(async (request: QuotationRequest, region) =>
    answerOf(await storeClient.POST('/quotation/request', { params: { query: { region } }, body: request })),
  );
}

/** `PUT /quotation_item/{id}`: quantity or instructions only. */
export function useUpdateQuotationItem() {
  return useAnswerMutation(async ({ id, update }: { id: string; update: UpdateQuotationItem }, region) =>
    answerOf(
      await storeClient.PUT('/quotation_item/{id}', {
        params: { path: { id }, query: { region } },
        body: update,
      }),
    ),
  );
}

export function useRemoveQuotationItem() {
  return useAnswerMutation(async (id: string) => {
    await storeClient.DELETE('/quotation_item/{id}', { params: { path: { id } } });
  });
}

/** An expired or declined quote becomes pending again, in one step. */
export function useRequestAgain() {
  return useAnswerMutation(async (id: string, region) =>
    answerOf(
      await storeClient.POST('/quotation_item/{id}/request_again', {
        params: { path: { id }, query: { region } },
      }),
    ),
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
