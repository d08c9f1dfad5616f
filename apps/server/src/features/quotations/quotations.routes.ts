import { countryCodeSchema } from '@crossbuy/core/catalogue';
import { ORDER_TOTAL_MAX_MINOR } from '@crossbuy/core/order';
import {
  declineQuotationSchema,
  externalQuotationSchema,
  internalProductQuotationSchema,
  PRODUCT_SOURCE,
  QUOTATION_DESK_STATUSES,
  QUOTATION_FILTERS,
  QUOTATION_REQUEST_FROM,
  QUOTATION_WEIGHT_MAX_GRAMS,
  type QuotationFilter,
  quotationDeskItemSchema,
  quotationDeskPageSchema,
  quotationItemAnswerSchema,
  quotationItemSchema,
  quotationItemsAnswerSchema,
  quotationRequestSchema,
  quoteCurrenciesSchema,
  quotePreviewSchema,
  resolveQuotationSchema,
  updateQuotationItemSchema,
} from '@crossbuy/core/quotation';
import { instantSchema, moneySchema } from '@crossbuy/core/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  describeQuotationItems,
  deskItem,
  deskItems,
  getQuotationItem,
  listQuotationItems,
  listQuotations,
  moveCartItemToQuotation,
  previewQuote,
  type QuotingRules,
  quoteCurrencies,
  quoteExternalProduct,
  removeQuotationItem,
  requestExternalQuotation,
  requestInternalQuotation,
  requestQuotationAgain,
  resolveQuotationItem,
  updateQuotationItem,
} from './quotations.service.js';
import type { QuotationItemRow } from './quotations.table.js';

const regionQuery = z.object({ region: countryCodeSchema.optional() });
const idParams = z.object({ id: z.string().min(1).max(200) });
const pageQuery = regionQuery.extend({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(60).default(20),
});
const pagedItemsSchema = quotationItemsAnswerSchema.extend({ total: z.int(), page: z.int(), limit: z.int() });

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

  app.post(
    '/quotation/request',
    {
      preHandler: requireVerifiedEmail,
      schema: {
        tags: ['quotation'],
        summary: 'Ask the store to quote a product: on another site (from=r) or one of ours (from=l)',
        description:
          'Remote form: productUrl, productName, productQuantity, instructions, imageUrl (empty when there ' +
          'is no picture). The picture is copied into the store (the copy made when the page was read, ' +
          'when imageUrl is the picture read from it) and the item shows the copy; one that cannot be ' +
          'fetched or is not a JPEG, PNG or WebP leaves the item without a picture. Local form: productRef (id or paramName), variantPath, productQuantity. The item ' +
          'starts pending. A missing field answers general/missing_argument with its name.',
        querystring: regionQuery,
        body: quotationRequestSchema,
        response: { 201: quotationItemAnswerSchema },
      },
    },
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
  );

  app.get(
    '/quotation',
    {
      schema: {
        tags: ['quotation'],
        summary: 'Every quotation the shopper asked for, by where it stands, newest first',
        querystring: pageQuery.extend({ filter: z.enum(QUOTATION_FILTERS).default('all') }),
        response: { 200: pagedItemsSchema },
      },
    },
    async (request) => pagedQuotations(request, request.query),
  );

  app.get(
    '/quotation_item',
    {
      schema: {
        tags: ['quotation'],
        summary: 'The quotation list: items not yet ordered, newest first, with their products',
        querystring: regionQuery,
        response: { 200: quotationItemsAnswerSchema },
      },
    },
    async (request) =>
      listQuotationItems(app.db, userOf(request), await regions.pricing(request.query.region)),
  );

  app.get(
    '/quotation_item/external',
    {
      schema: {
        tags: ['quotation'],
        summary: 'The quotation list, products on other sites only',
        querystring: regionQuery,
        response: { 200: quotationItemsAnswerSchema },
      },
    },
    async (request) =>
      listQuotationItems(
        app.db,
        userOf(request),
        await regions.pricing(request.query.region),
        PRODUCT_SOURCE.external,
      ),
  );

  app.get(
    '/quotation_item/:id',
    {
      schema: {
        tags: ['quotation'],
        summary: 'One quotation item, ordered or not',
        params: idParams,
        querystring: regionQuery,
        response: { 200: quotationItemAnswerSchema },
      },
    },
    async (request) => oneQuotation(request, request.params.id, request.query.region),
  );

  app.post(
    '/quotation_item/internal',
    {
      preHandler: requireVerifiedEmail,
      schema: {
        tags: ['quotation'],
        summary: 'Move a cart line into the quotation list, in one transaction',
        querystring: regionQuery,
        body: z.object({ cartItemId: z.string().min(1).max(200) }),
        response: { 201: quotationItemAnswerSchema },
      },
    },
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
  );

  app.post(
    '/quotation_item/internal_product',
    {
      preHandler: requireVerifiedEmail,
      schema: {
        tags: ['quotation'],
        summary: 'Ask a quote for one of our products',
        querystring: regionQuery,
        body: internalProductQuotationSchema,
        response: { 201: quotationItemAnswerSchema },
      },
    },
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
  );

  app.post(
    '/quotation_item/external',
    {
      preHandler: requireVerifiedEmail,
      schema: {
        tags: ['quotation'],
        summary: 'Ask a quote for a product the store looked up by link (POST /product/searchExternal)',
        description: 'Give the looked-up product by `externalProductId` or by its `link`.',
        querystring: regionQuery,
        body: externalQuotationSchema,
        response: { 201: quotationItemAnswerSchema },
      },
    },
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
  );

  app.put(
    '/quotation_item/:id',
    {
      schema: {
        tags: ['quotation'],
        summary: 'Change the quantity or the instructions of an item; no other field can be changed',
        description:
          'A quote holds for the request it answered. Changing the quantity or the instructions of a ' +
          'resolved or declined item sends it back to pending: its quoted price, expiry and decline reason ' +
          'are cleared, it cannot be checked out, and the store quotes it again. A pending item stays ' +
          'pending. A change that leaves both as they were changes nothing and keeps the quote. Every change ' +
          'is written to the audit log with the shopper as actor. An item already part of an order cannot ' +
          "be changed (409 quotation/ordered); another shopper's item answers 404 quotation/not_found.",
        params: idParams,
        querystring: regionQuery,
        body: updateQuotationItemSchema,
        response: { 200: quotationItemAnswerSchema },
      },
    },
    async (request) =>
      updateQuotationItem(
        app.db,
        userOf(request),
        request.params.id,
        request.body,
        await regions.pricing(request.query.region),
      ),
  );

  app.delete(
    '/quotation_item/:id',
    {
      schema: {
        tags: ['quotation'],
        summary: 'Remove an item from the quotation list',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeQuotationItem(app.db, userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/quotation_item/:id/request_again',
    {
      preHandler: requireVerifiedEmail,
      schema: {
        tags: ['quotation'],
        summary: 'Ask again for a quote that expired or was declined: the item becomes pending again',
        params: idParams,
        querystring: regionQuery,
        response: { 200: quotationItemAnswerSchema },
      },
    },
    async (request) =>
      requestQuotationAgain(
        app.db,
        userOf(request),
        request.params.id,
        await regions.pricing(request.query.region),
      ),
  );

  app.get(
    '/quotation_order',
    {
      schema: {
        tags: ['quotation'],
        summary: 'Quotation items that became part of an order, newest first',
        querystring: pageQuery,
        response: { 200: pagedItemsSchema },
      },
    },
    async (request) => pagedQuotations(request, { ...request.query, filter: 'all', ordered: true }),
  );

  app.get(
    '/quotation_order/:id',
    {
      schema: {
        tags: ['quotation'],
        summary: 'One quotation item that became part of an order',
        params: idParams,
        querystring: regionQuery,
        response: { 200: quotationItemAnswerSchema },
      },
    },
    async (request) => oneQuotation(request, request.params.id, request.query.region, { ordered: true }),
  );
};

const DESK_CURSOR =
  /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_([0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12})$/;

/** A desk page's `nextCursor`, read back: the time of the last item (microseconds kept) and its id. */
const deskCursorSchema = z
  .string()
  .max(100)
  .transform((text, context) => {
    const match = DESK_CURSOR.exec(text);
    const [, createdAt, id] = match ?? [];
    if (!createdAt || !id || !instantSchema.safeParse(createdAt).success) {
      context.addIssue({ code: 'custom', message: 'general/argument_error' });
      return z.NEVER;
    }
    return { createdAt, id };
  });

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

  app.get(
    '/quotation_items',
    {
      schema: {
        tags: ['admin'],
        summary: 'The quotation desk: items by status, with the shopper and what was read from the page',
        description:
          'Pending items (the default) come oldest first, the order the store answers them in; resolved ' +
          'and declined ones newest first. `total` counts every item of that status.',
        querystring: z.object({
          status: z.enum(QUOTATION_DESK_STATUSES).default('pending'),
          limit: z.coerce.number().int().min(1).max(100).default(50),
          /** The `nextCursor` of the page before. */
          after: deskCursorSchema.optional(),
        }),
        response: { 200: quotationDeskPageSchema },
      },
    },
    async (request) => {
      const { status, limit, after } = request.query;
      const { items, total } = await deskItems(app.db, { status, limit, after });
      const last = items[items.length - 1];
      return {
        items: await onDesk(items),
        total,
        nextCursor: items.length === limit && last ? last.cursor : null,
      };
    },
  );

  app.get(
    '/quotation_items/quote_currencies',
    {
      schema: {
        tags: ['admin'],
        summary: 'The currencies a base price may be given in: those the store keeps an exchange rate for',
        response: { 200: quoteCurrenciesSchema },
      },
    },
    async () => ({ currencies: await quoteCurrencies(app.db) }),
  );

  app.get(
    '/quotation_items/quote_preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'The price per region one unit would be quoted at for a base price, and until when',
        querystring: moneySchema.extend({
          amountMinor: z.coerce
            .number()
            .int()
            .min(1)
            .max(ORDER_TOTAL_MAX_MINOR, 'quotation/invalid_base_price'),
          /** Shipping one to the warehouse, in the same currency; none when left out. */
          domesticShippingMinor: z.coerce
            .number()
            .int('quotation/invalid_domestic_shipping')
            .min(0, 'quotation/invalid_domestic_shipping')
            .max(ORDER_TOTAL_MAX_MINOR, 'quotation/invalid_domestic_shipping')
            .optional(),
          weightGrams: z.coerce
            .number()
            .int('quotation/invalid_weight')
            .min(1, 'quotation/invalid_weight')
            .max(QUOTATION_WEIGHT_MAX_GRAMS, 'quotation/invalid_weight')
            .optional(),
        }),
        response: { 200: quotePreviewSchema },
      },
    },
    async (request) => {
      const { amountMinor, currency, domesticShippingMinor, weightGrams } = request.query;
      const preview = await previewQuote(
        app.db,
        { basePrice: { amountMinor, currency }, domesticShippingMinor, weightGrams },
        await rules(),
      );
      return { ...preview, expiresAt: preview.expiresAt.toISOString() };
    },
  );

  app.get(
    '/quotation_items/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One quotation item as the desk shows it, whatever its status',
        params: idParams,
        response: { 200: z.object({ item: quotationDeskItemSchema }) },
      },
    },
    async (request) => {
      const [item] = await onDesk([await deskItem(app.db, request.params.id)]);
      if (!item) throw new Error('a desk item could not be described');
      return { item };
    },
  );

  app.post(
    '/quotation_items/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Quote a pending item; the shopper is notified',
        description:
          "For a product on another site, `basePrice` (what the store pays for one, in the seller's " +
          'currency) is required, and `domesticShippingMinor` (shipping one to the warehouse, in the same ' +
          'currency) and `weightGrams` (an estimate for one) may be given: the quoted price per region ' +
          'adds the service fee to the price and the shipping and converts at the stored rates, rounded ' +
          'half-even, and holds until `expiresAt`; the fee and rates used are kept as ' +
          '`statusData.quoteTerms` (decision 0066). For one of our products the catalogue price applies and ' +
          'the other fields are ignored.',
        params: idParams,
        body: resolveQuotationSchema,
        response: { 200: z.object({ quotationItem: quotationItemSchema }) },
      },
    },
    async (request) => {
      const row = await resolveQuotationItem(
        app.db,
        principalOf(request).userId,
        request.params.id,
        request.body,
        await rules(),
      );
      return answered(row);
    },
  );

  app.post(
    '/quotation_items/:id/decline',
    {
      schema: {
        tags: ['admin'],
        summary: 'Decline a pending item with a reason the shopper reads; the shopper is notified',
        params: idParams,
        body: declineQuotationSchema,
        response: { 200: z.object({ quotationItem: quotationItemSchema }) },
      },
    },
    async (request) => {
      const row = await declineQuotationItem(
        app.db,
        principalOf(request).userId,
        request.params.id,
        request.body.reason,
      );
      return answered(row);
    },
  );
};
