import type { addressCalls } from '@crossbuy/core/address';
import type { auditCalls } from '@crossbuy/core/audit';
import type { cartCalls } from '@crossbuy/core/cart';
import type {
  catalogueCalls,
  categoryAdminCalls,
  merchantAdminCalls,
  notificationCalls,
  productAdminCalls,
  productImageCalls,
  regionCalls,
  wishlistCalls,
} from '@crossbuy/core/catalogue';
import type { contactInboxCalls } from '@crossbuy/core/contact-inbox';
import type { PathsOf } from '@crossbuy/core/contract';
import type { customerCalls } from '@crossbuy/core/customer';
import { ApiError } from '@crossbuy/core/errors';
import type { externalCalls } from '@crossbuy/core/external';
import type { mailCalls } from '@crossbuy/core/mail';
import type {
  bannerCalls,
  contentCalls,
  homeGroupCalls,
  imagePageCalls,
  popupCalls,
  voucherCalls,
} from '@crossbuy/core/marketing';
import type {
  checkoutCalls,
  orderCalls,
  paymentCalls,
  refundCalls,
  storeOrderCalls,
} from '@crossbuy/core/order';
import type { orderChatCalls, storeOrderChatCalls } from '@crossbuy/core/order-chat';
import type { quotationCalls, quotationDeskCalls } from '@crossbuy/core/quotation';
import type { settingsCalls, systemCalls } from '@crossbuy/core/settings';
import type { dashboardCalls, staffCalls } from '@crossbuy/core/staff';
import type { authCalls, contactCalls, tfaCalls, userCalls } from '@crossbuy/core/validation';
import createFetchClient from 'openapi-fetch';
import createQueryOptions from 'openapi-react-query';
import { api } from './api';
import { parseAnswer, type QueryParams, queryString } from './api-client';

/**
 * The calls declared in core's contract, as the typed client reads them. Only their types reach the
 * browser: the schemas stay on the server (docs/decisions/0085).
 */
export type StorePaths = PathsOf<typeof addressCalls> &
  PathsOf<typeof auditCalls> &
  PathsOf<typeof authCalls> &
  PathsOf<typeof bannerCalls> &
  PathsOf<typeof cartCalls> &
  PathsOf<typeof catalogueCalls> &
  PathsOf<typeof categoryAdminCalls> &
  PathsOf<typeof checkoutCalls> &
  PathsOf<typeof contactCalls> &
  PathsOf<typeof contactInboxCalls> &
  PathsOf<typeof contentCalls> &
  PathsOf<typeof customerCalls> &
  PathsOf<typeof dashboardCalls> &
  PathsOf<typeof externalCalls> &
  PathsOf<typeof homeGroupCalls> &
  PathsOf<typeof imagePageCalls> &
  PathsOf<typeof mailCalls> &
  PathsOf<typeof merchantAdminCalls> &
  PathsOf<typeof notificationCalls> &
  PathsOf<typeof orderCalls> &
  PathsOf<typeof orderChatCalls> &
  PathsOf<typeof paymentCalls> &
  PathsOf<typeof popupCalls> &
  PathsOf<typeof productAdminCalls> &
  PathsOf<typeof productImageCalls> &
  PathsOf<typeof quotationCalls> &
  PathsOf<typeof quotationDeskCalls> &
  PathsOf<typeof refundCalls> &
  PathsOf<typeof regionCalls> &
  PathsOf<typeof settingsCalls> &
  PathsOf<typeof staffCalls> &
  PathsOf<typeof storeOrderCalls> &
  PathsOf<typeof storeOrderChatCalls> &
  PathsOf<typeof systemCalls> &
  PathsOf<typeof tfaCalls> &
  PathsOf<typeof userCalls> &
  PathsOf<typeof voucherCalls> &
  PathsOf<typeof wishlistCalls>;

type JsonOf<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;

/** The body of a call's successful answer (200, else 201), as the contract declares it. */
export type Answer<
  Path extends keyof StorePaths,
  Method extends keyof StorePaths[Path],
> = StorePaths[Path][Method] extends { responses: infer Responses }
  ? Responses extends { 200: infer Ok }
    ? JsonOf<Ok>
    : Responses extends { 201: infer Created }
      ? JsonOf<Created>
      : never
  : never;

/**
 * A client typed by the contract, sending through `send`. Queries go as every other call sends them,
 * and a refusal throws the ApiError of its envelope. `origin`: where `/api` is, when the client runs
 * on the server, where a request needs a whole URL.
 */
export function createTypedClient(send: (request: Request) => Promise<Response>, origin = '') {
  const client = createFetchClient<StorePaths>({
    baseUrl: `${origin}/api`,
    fetch: send,
    querySerializer: (query) => queryString(query as QueryParams),
  });
  client.use({
    async onResponse({ response }) {
      if (!response.ok) await parseAnswer(response);
      return undefined;
    },
  });
  return client;
}

/**
 * The browser's typed client: paths, parameters, bodies and answers are checked against the contract.
 * It sends through the API client, so every call carries the anti-forgery token and survives one
 * session refresh.
 */
export const storeClient = createTypedClient((request) => api.send(request));

/** `queryOptions` factories for the contract's calls: `storeQueries.queryOptions('get', '/address')`. */
export const storeQueries = createQueryOptions(storeClient);

/**
 * The body of a call's answer. A refusal has already thrown its ApiError (above), so what is left to
 * refuse is a success without the body the contract promises.
 */
export function answerOf<T>(result: { data?: T; response: Response }): T {
  if (result.data === undefined) throw new ApiError({ status: result.response.status });
  return result.data;
}
