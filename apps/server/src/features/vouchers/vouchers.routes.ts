import { AppError, formatErrorMessage } from '@crossbuy/core/errors';
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
import { guardPrivateRoutes, principalOf } from '../../plugins/authentication.js';
import { type CheckoutSelection, loadCheckoutLines } from '../checkout/checkout.service.js';
import type { PricingRegion } from '../regions/pricing.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import {
  listedVouchers,
  refusalOf,
  toVoucherSummary,
  usableVoucher,
  voucherTerms,
} from './vouchers.service.js';

export type VoucherRoutesOptions = { regions: RegionDirectory };

/** Vouchers (spec section 7): checking a code, and the codes a shopper may use now. */
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
          'used_up or already_used.',
        body: voucherValidateSchema,
        response: { 200: voucherValidationSchema },
      },
    },
    async (request) => {
      const region = await regions.pricing(request.body.regionCountryCode);
      const voucher = await usableVoucher(app.db, request.body.code, userOf(request), {
        regionCountryCode: region.countryCode,
        paymentMethod: request.body.paymentMethod ?? null,
      });
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
