import { AppError, formatErrorMessage } from '@crossbuy/core/errors';
import {
  storeVoucherPageSchema,
  storeVoucherSchema,
  voucherDraftSchema,
  voucherListQuerySchema,
  voucherRedemptionPageSchema,
} from '@crossbuy/core/marketing';
import { type Money, money, sumMoney } from '@crossbuy/core/money';
import {
  availableVouchersSchema,
  voucherAvailableSchema,
  voucherDiscount,
  voucherValidateSchema,
  voucherValidationSchema,
} from '@crossbuy/core/order';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../lib/client-info.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import { type CheckoutSelection, loadCheckoutLines } from '../checkout/checkout.service.js';
import type { PricingRegion } from '../regions/pricing.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { countedVoucherCheck } from './voucher-limits.js';
import {
  createVoucher,
  getStoreVoucher,
  listedVouchers,
  listStoreVouchers,
  listVoucherRedemptions,
  refusalOf,
  setVoucherActive,
  toVoucherSummary,
  updateVoucher,
  usableVoucher,
  voucherTerms,
} from './vouchers.service.js';

export type VoucherRoutesOptions = { regions: RegionDirectory };

/** Vouchers (docs/rules/vouchers.md): checking a code, and the codes a shopper may use now. */
export const voucherRoutes: FastifyPluginAsyncZod<VoucherRoutesOptions> = async (app, { regions }) => {
  guardPrivateRoutes(app);
  const userOf = (request: FastifyRequest) => principalOf(request).userId;

  /** The subtotal of the items the voucher would apply to; null when none are named. */
  async function subtotalOf(
    request: FastifyRequest,
    items: CheckoutSelection,
    region: PricingRegion,
  ): Promise<Money | null> {
    if (items.cartItemIds.length + items.quotationItemIds.length === 0) return null;
    const lines = await loadCheckoutLines(app.db, userOf(request), items, region);
    return sumMoney(
      lines.map((line) => line.total),
      region.currency,
    );
  }

  app.post(
    '/voucher/validate',
    {
      schema: {
        tags: ['vouchers'],
        summary: 'Check a voucher code for these items, region and payment method',
        description:
          'Answers the voucher and its discount on the given items, or 400 with the reason it cannot be used: ' +
          'voucher/unknown, expired, not_yet_valid, minimum_not_met, wrong_region, wrong_payment_method, ' +
          'used_up or already_used. Each code that names no voucher counts against the limits on guessing ' +
          'codes, per account and per network; once they are full, 429 voucher/too_many_attempts.',
        body: voucherValidateSchema,
        response: { 200: voucherValidationSchema },
      },
    },
    async (request) => {
      const region = await regions.pricing(request.body.regionCountryCode);
      const checkCode = countedVoucherCheck(app.rateLimiter, {
        userId: userOf(request),
        client: clientInfo(request),
      });
      const voucher = await checkCode(() =>
        usableVoucher(app.db, request.body.code, userOf(request), {
          regionCountryCode: region.countryCode,
          paymentMethod: request.body.paymentMethod ?? null,
        }),
      );
      const subtotal = await subtotalOf(request, request.body.voucherItems, region);
      let discount = money(0, region.currency);
      if (subtotal) {
        const outcome = voucherDiscount(voucherTerms(voucher), subtotal, region.rate);
        if ('refusal' in outcome) throw new AppError(outcome.refusal.code, outcome.refusal.params);
        discount = outcome.discount;
      }
      return { voucher: toVoucherSummary(voucher, region), discount };
    },
  );

  app.post(
    '/voucher/get_available',
    {
      schema: {
        tags: ['vouchers'],
        summary:
          'The listed vouchers live now, each with its discount on these items or why it cannot be used',
        description:
          'Takes no code, so it says nothing of vouchers that are not listed, and is not counted as a guess.',
        body: voucherAvailableSchema,
        response: { 200: availableVouchersSchema },
      },
    },
    async (request) => {
      const region = await regions.pricing(request.body.regionCountryCode);
      const subtotal = await subtotalOf(request, request.body.voucherItems, region);
      const rows = await listedVouchers(app.db);
      const vouchers = [];
      for (const row of rows) {
        let refusal = await refusalOf(app.db, row, userOf(request), {
          regionCountryCode: region.countryCode,
          paymentMethod: request.body.paymentMethod ?? null,
        });
        let discount: Money | null = null;
        if (!refusal && subtotal) {
          const outcome = voucherDiscount(voucherTerms(row), subtotal, region.rate);
          if ('refusal' in outcome) refusal = outcome.refusal;
          else discount = outcome.discount;
        }
        vouchers.push({
          ...toVoucherSummary(row, region),
          discount,
          refusal: refusal
            ? {
                code: refusal.code,
                params: refusal.params.map(String),
                message: formatErrorMessage(refusal.code, refusal.params),
              }
            : null,
        });
      }
      return { vouchers };
    },
  );
};

const voucherParams = z.object({ id: z.string().max(64) });
const redemptionQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const voucherAnswer = z.object({ voucher: storeVoucherSchema });

/** The store's vouchers for operators and admins (mounted under /api/admin); every change is audited. */
export const adminVoucherRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  app.get(
    '/vouchers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every voucher, newest first, with its redemptions counted; by status or part of its code',
        querystring: voucherListQuerySchema,
        response: { 200: storeVoucherPageSchema },
      },
    },
    async (request) => listStoreVouchers(app.db, request.query),
  );

  app.post(
    '/vouchers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a voucher; a code another voucher has, in any case, is refused with 409',
        body: voucherDraftSchema,
        response: { 200: voucherAnswer },
      },
    },
    async (request) => ({
      voucher: await createVoucher(app.db, principalOf(request).userId, request.body),
    }),
  );

  app.get(
    '/vouchers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One voucher, with where it stands now',
        params: voucherParams,
        response: { 200: voucherAnswer },
      },
    },
    async (request) => ({ voucher: await getStoreVoucher(app.db, request.params.id) }),
  );

  app.put(
    '/vouchers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Rewrite a voucher's rules; its limits cannot fall below what has been used",
        params: voucherParams,
        body: voucherDraftSchema,
        response: { 200: voucherAnswer },
      },
    },
    async (request) => ({
      voucher: await updateVoucher(app.db, principalOf(request).userId, request.params.id, request.body),
    }),
  );

  for (const [path, active] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `/vouchers/:id/${path}`,
      {
        schema: {
          tags: ['admin'],
          summary: active
            ? 'Switch a voucher back on'
            : 'Switch a voucher off: shoppers are told the code is not valid',
          params: voucherParams,
          response: { 200: voucherAnswer },
        },
      },
      async (request) => ({
        voucher: await setVoucherActive(app.db, principalOf(request).userId, request.params.id, active),
      }),
    );
  }

  app.get(
    '/vouchers/:id/redemptions',
    {
      schema: {
        tags: ['admin'],
        summary: "A voucher's redemptions, newest first: the order, the shopper, when, and the discount",
        params: voucherParams,
        querystring: redemptionQuerySchema,
        response: { 200: voucherRedemptionPageSchema },
      },
    },
    async (request) => listVoucherRedemptions(app.db, request.params.id, request.query),
  );
};
