import {
  PRODUCT_SOURCE,
  QUOTATION_REQUEST_FROM,
  type QuotationFilter,
  quotationCalls,
  quotationDeskCalls,
} from '@crossbuy/core/quotation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import {
  guardPrivateRoutes,
  principalOf,
  requireRole,
  requireVerifiedEmail,
} from '../../plugins/authentication.js';
import { copyExternalPicture } from '../external-products/external-pictures.js';
import { EXTERNAL_LIMITS } from '../external-products/external-products.service.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import {
  type DeskItem,
  declineQuotationItem,
  deskItem,
  deskItems,
  resolveQuotationItem,
} from './quotation-desk.service.js';
import {
  describeQuotationItems,
  getQuotationItem,
  listQuotationItems,
  listQuotations,
} from './quotation-items.service.js';
import {
  moveCartItemToQuotation,
  quoteExternalProduct,
  removeQuotationItem,
  requestExternalQuotation,
  requestInternalQuotation,
  requestQuotationAgain,
  updateQuotationItem,
} from './quotation-requests.service.js';
import type { QuotationItemRow } from './quotations.table.js';
import { previewQuote, type QuotingRules, quoteCurrencies } from './quote-terms.service.js';

/** Asking for a quote needs a verified email (docs/rules/quotations.md). */
const verifiedEmail = { preHandler: requireVerifiedEmail };

/** `rules` are read when a quote is given: an admin may change them at any time (store settings). */
export type QuotationRoutesOptions = { regions: RegionDirectory; rules: () => Promise<QuotingRules> };

/** The signed-in shopper's quotations (docs/rules/quotations.md); prices are for `region`. */
export const quotationRoutes: FastifyPluginAsyncZod<QuotationRoutesOptions> = async (app, { regions }) => {
  guardPrivateRoutes(app);
  const userOf = (request: FastifyRequest) => principalOf(request).userId;
  const { pictures } = app;
  /** What asking a quote of another site's product needs: the database, and copying its picture in. */
  const external = (request: FastifyRequest) => ({
    db: app.db,
    copyPicture: async (link: string, key: string) => {
      // Each copy is a fetch of another site on the shopper's behalf, limited as link lookups are.
      await app.rateLimiter.consume(EXTERNAL_LIMITS.picturesPerUser, userOf(request));
      return copyExternalPicture({ fetcher: app.outbound, pictures, log: request.log }, link, key);
    },
  });
  const oneQuotation = async (
    request: FastifyRequest,
    id: string,
    region: string | undefined,
    options: { ordered?: boolean } = {},
  ) => getQuotationItem(app.db, userOf(request), id, await regions.pricing(region), options);
  const pagedQuotations = async (
    request: FastifyRequest,
    query: {
      filter: QuotationFilter;
      page: number;
      limit: number;
      region?: string | undefined;
      ordered?: boolean;
    },
  ) => {
    const { region, ...listing } = query;
    const answer = await listQuotations(app.db, userOf(request), listing, await regions.pricing(region));
    return { ...answer, page: query.page, limit: query.limit };
  };

  answerCall(
    app,
    quotationCalls.request,
    async (request, reply) => {
      const region = await regions.pricing(request.query.region);
      const body = request.body;
      const answer =
        body.from === QUOTATION_REQUEST_FROM.remote
          ? await requestExternalQuotation(
              external(request),
              userOf(request),
              {
                productUrl: body.productUrl,
                productName: body.productName,
                quantity: body.productQuantity,
                instructions: body.instructions,
                imageUrl: body.imageUrl,
              },
              region,
            )
          : await requestInternalQuotation(
              app.db,
              userOf(request),
              {
                productRef: body.productRef,
                variantPath: body.variantPath,
                quantity: body.productQuantity,
                instructions: body.instructions,
              },
              region,
            );
      return reply.status(201).send(answer);
    },
    verifiedEmail,
  );

  answerCall(app, quotationCalls.list, async (request) => pagedQuotations(request, request.query));

  answerCall(app, quotationCalls.items, async (request) =>
    listQuotationItems(app.db, userOf(request), await regions.pricing(request.query.region)),
  );

  answerCall(app, quotationCalls.externalItems, async (request) =>
    listQuotationItems(
      app.db,
      userOf(request),
      await regions.pricing(request.query.region),
      PRODUCT_SOURCE.external,
    ),
  );

  answerCall(app, quotationCalls.item, async (request) =>
    oneQuotation(request, request.params.id, request.query.region),
  );

  answerCall(
    app,
    quotationCalls.moveFromCart,
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await moveCartItemToQuotation(
            app.db,
            userOf(request),
            request.body.cartItemId,
            await regions.pricing(request.query.region),
          ),
        ),
    verifiedEmail,
  );

  answerCall(
    app,
    quotationCalls.requestInternal,
    async (request, reply) => {
      const { productId, variantPath, quantity, instructions } = request.body;
      return reply
        .status(201)
        .send(
          await requestInternalQuotation(
            app.db,
            userOf(request),
            { productRef: productId, variantPath, quantity, instructions },
            await regions.pricing(request.query.region),
          ),
        );
    },
    verifiedEmail,
  );

  answerCall(
    app,
    quotationCalls.requestExternal,
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await quoteExternalProduct(
            external(request),
            userOf(request),
            request.body,
            await regions.pricing(request.query.region),
          ),
        ),
    verifiedEmail,
  );

  answerCall(app, quotationCalls.update, async (request) =>
    updateQuotationItem(
      app.db,
      userOf(request),
      request.params.id,
      request.body,
      await regions.pricing(request.query.region),
    ),
  );

  answerCall(app, quotationCalls.remove, async (request, reply) => {
    await removeQuotationItem(app.db, userOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  answerCall(
    app,
    quotationCalls.requestAgain,
    async (request) =>
      requestQuotationAgain(
        app.db,
        userOf(request),
        request.params.id,
        await regions.pricing(request.query.region),
      ),
    verifiedEmail,
  );

  answerCall(app, quotationCalls.ordered, async (request) =>
    pagedQuotations(request, { ...request.query, filter: 'all', ordered: true }),
  );

  answerCall(app, quotationCalls.orderedItem, async (request) =>
    oneQuotation(request, request.params.id, request.query.region, { ordered: true }),
  );
};

/** The store's quotation desk (operators and admins), mounted under /api/admin. */
export const adminQuotationRoutes: FastifyPluginAsyncZod<QuotationRoutesOptions> = async (
  app,
  { regions, rules },
) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));
  const answered = async (row: QuotationItemRow) => {
    const { quotationItems } = await describeQuotationItems(app.db, [row], await regions.pricing());
    const [quotationItem] = quotationItems;
    if (!quotationItem) throw new Error('an answered item could not be described');
    return { quotationItem };
  };

  const onDesk = async (rows: DeskItem[]) => {
    const { quotationItems } = await describeQuotationItems(app.db, rows, await regions.pricing());
    return rows.flatMap(({ shopper, extracted }, index) => {
      const item = quotationItems[index];
      return item ? [{ ...item, shopper, extracted }] : [];
    });
  };

  answerCall(app, quotationDeskCalls.list, async (request) => {
    const { status, limit, after } = request.query;
    const { items, total } = await deskItems(app.db, { status, limit, after });
    const last = items[items.length - 1];
    return {
      items: await onDesk(items),
      total,
      nextCursor: items.length === limit && last ? last.cursor : null,
    };
  });

  answerCall(app, quotationDeskCalls.quoteCurrencies, async () => ({
    currencies: await quoteCurrencies(app.db),
  }));

  answerCall(app, quotationDeskCalls.quotePreview, async (request) => {
    const { amountMinor, currency, domesticShippingMinor, weightGrams } = request.query;
    const preview = await previewQuote(
      app.db,
      { basePrice: { amountMinor, currency }, domesticShippingMinor, weightGrams },
      await rules(),
    );
    return { ...preview, expiresAt: preview.expiresAt.toISOString() };
  });

  answerCall(app, quotationDeskCalls.item, async (request) => {
    const [item] = await onDesk([await deskItem(app.db, request.params.id)]);
    if (!item) throw new Error('a desk item could not be described');
    return { item };
  });

  answerCall(app, quotationDeskCalls.resolve, async (request) => {
    const row = await resolveQuotationItem(
      app.db,
      principalOf(request).userId,
      request.params.id,
      request.body,
      await rules(),
    );
    return answered(row);
  });

  answerCall(app, quotationDeskCalls.decline, async (request) => {
    const row = await declineQuotationItem(
      app.db,
      principalOf(request).userId,
      request.params.id,
      request.body.reason,
    );
    return answered(row);
  });
};
