import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { ORDER_TOTAL_MAX_MINOR } from '../order/costs.js';
import { idParamsSchema, instantSchema, moneySchema } from '../validation/wire.js';
import {
  QUOTATION_DESK_STATUSES,
  quotationDeskItemSchema,
  quotationDeskPageSchema,
  quoteCurrenciesSchema,
  quotePreviewSchema,
} from './desk.js';
import { QUOTATION_WEIGHT_MAX_GRAMS } from './limits.js';
import { declineQuotationSchema, quotationItemSchema, resolveQuotationSchema } from './schemas.js';

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

const answeredItem = z.object({ quotationItem: quotationItemSchema });

/** The store's quotation desk (docs/rules/quotations.md): operators and admins only. */
export const quotationDeskCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/quotation_items',
    tag: 'admin',
    summary: 'The quotation desk: items by status, with the shopper and what was read from the page',
    description:
      'Pending items (the default) come oldest first, the order the store answers them in; resolved ' +
      'and declined ones newest first. `total` counts every item of that status.',
    query: z.object({
      status: z.enum(QUOTATION_DESK_STATUSES).default('pending'),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      /** The `nextCursor` of the page before. */
      after: deskCursorSchema.optional(),
    }),
    responses: { 200: quotationDeskPageSchema },
  }),
  quoteCurrencies: defineCall({
    method: 'get',
    path: '/admin/quotation_items/quote_currencies',
    tag: 'admin',
    summary: 'The currencies a base price may be given in: those the store keeps an exchange rate for',
    responses: { 200: quoteCurrenciesSchema },
  }),
  quotePreview: defineCall({
    method: 'get',
    path: '/admin/quotation_items/quote_preview',
    tag: 'admin',
    summary: 'The price per region one unit would be quoted at for a base price, and until when',
    query: moneySchema.extend({
      amountMinor: z.coerce.number().int().min(1).max(ORDER_TOTAL_MAX_MINOR, 'quotation/invalid_base_price'),
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
    responses: { 200: quotePreviewSchema },
  }),
  item: defineCall({
    method: 'get',
    path: '/admin/quotation_items/{id}',
    tag: 'admin',
    summary: 'One quotation item as the desk shows it, whatever its status',
    params: idParamsSchema,
    responses: { 200: z.object({ item: quotationDeskItemSchema }) },
  }),
  resolve: defineCall({
    method: 'post',
    path: '/admin/quotation_items/{id}/resolve',
    tag: 'admin',
    summary: 'Quote a pending item; the shopper is notified',
    description:
      "For a product on another site, `basePrice` (what the store pays for one, in the seller's " +
      'currency) is required, and `domesticShippingMinor` (shipping one to the warehouse, in the same ' +
      'currency) and `weightGrams` (an estimate for one) may be given: the quoted price per region ' +
      'adds the service fee to the price and the shipping and converts at the stored rates, rounded ' +
      'half-even, and holds until `expiresAt`; the fee and rates used are kept as ' +
      '`statusData.quoteTerms` (decision 0066). For one of our products the catalogue price applies and ' +
      'the other fields are ignored.',
    params: idParamsSchema,
    body: resolveQuotationSchema,
    responses: { 200: answeredItem },
  }),
  decline: defineCall({
    method: 'post',
    path: '/admin/quotation_items/{id}/decline',
    tag: 'admin',
    summary: 'Decline a pending item with a reason the shopper reads; the shopper is notified',
    params: idParamsSchema,
    body: declineQuotationSchema,
    responses: { 200: answeredItem },
  }),
};
