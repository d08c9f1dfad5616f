import { AppError, formatErrorMessage } from '@crossbuy/core/errors';
import { voucherCalls } from '@crossbuy/core/marketing';
import { type Money, money, sumMoney } from '@crossbuy/core/money';
import { voucherDiscount } from '@crossbuy/core/order';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info.js';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, principalOf } from '../../plugins/authentication.js';
import type { PricingRegion } from '../regions/pricing.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { countedVoucherCheck } from '../vouchers/voucher-limits.js';
import {
  listedVouchers,
  refusalOf,
  toVoucherSummary,
  usableVoucher,
  voucherTerms,
} from '../vouchers/vouchers.service.js';
import { type CheckoutSelection, loadCheckoutLines } from './checkout.service.js';

export type VoucherCheckRoutesOptions = { regions: RegionDirectory };

/**
 * Vouchers at checkout (docs/rules/vouchers.md): checking a code, and the codes a shopper may use now, each
 * priced against the checkout's lines. Any signed-in shopper may ask (the other checkout calls need a
 * verified email), so they are a plugin of their own with their own guard.
 */
export const voucherCheckRoutes: FastifyPluginAsyncZod<VoucherCheckRoutesOptions> = async (
  app,
  { regions },
) => {
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

  answerCall(app, voucherCalls.validate, async (request) => {
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
  });

  answerCall(app, voucherCalls.available, async (request) => {
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
  });
};
