import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import {
  availableVouchersSchema,
  voucherAvailableSchema,
  voucherValidateSchema,
  voucherValidationSchema,
} from '../order/voucher-schemas.js';
import {
  storeVoucherPageSchema,
  storeVoucherSchema,
  voucherDraftSchema,
  voucherListQuerySchema,
  voucherRedemptionPageSchema,
} from './vouchers.js';

const voucherParams = z.object({ id: z.string().max(64) });
const voucherAnswer = z.object({ voucher: storeVoucherSchema });

/**
 * Vouchers (docs/rules/vouchers.md): the shopper checks a code and sees the codes they may use now; the
 * back office (operators and admins) writes them, every change audited.
 */
export const voucherCalls = {
  validate: defineCall({
    method: 'post',
    path: '/voucher/validate',
    tag: 'vouchers',
    summary: 'Check a voucher code for these items, region and payment method',
    description:
      'Answers the voucher and its discount on the given items, or 400 with the reason it cannot be used: ' +
      'voucher/unknown, expired, not_yet_valid, minimum_not_met, wrong_region, wrong_payment_method, ' +
      'used_up or already_used. Each code that names no voucher counts against the limits on guessing ' +
      'codes, per account and per network; once they are full, 429 voucher/too_many_attempts.',
    body: voucherValidateSchema,
    responses: { 200: voucherValidationSchema },
  }),
  available: defineCall({
    method: 'post',
    path: '/voucher/get_available',
    tag: 'vouchers',
    summary: 'The listed vouchers live now, each with its discount on these items or why it cannot be used',
    description:
      'Takes no code, so it says nothing of vouchers that are not listed, and is not counted as a guess.',
    body: voucherAvailableSchema,
    responses: { 200: availableVouchersSchema },
  }),
  list: defineCall({
    method: 'get',
    path: '/admin/vouchers',
    tag: 'admin',
    summary: 'Every voucher, newest first, with its redemptions counted; by status or part of its code',
    query: voucherListQuerySchema,
    responses: { 200: storeVoucherPageSchema },
  }),
  create: defineCall({
    method: 'post',
    path: '/admin/vouchers',
    tag: 'admin',
    summary: 'Create a voucher; a code another voucher has, in any case, is refused with 409',
    body: voucherDraftSchema,
    responses: { 200: voucherAnswer },
  }),
  one: defineCall({
    method: 'get',
    path: '/admin/vouchers/{id}',
    tag: 'admin',
    summary: 'One voucher, with where it stands now',
    params: voucherParams,
    responses: { 200: voucherAnswer },
  }),
  update: defineCall({
    method: 'put',
    path: '/admin/vouchers/{id}',
    tag: 'admin',
    summary: "Rewrite a voucher's rules; its limits cannot fall below what has been used",
    params: voucherParams,
    body: voucherDraftSchema,
    responses: { 200: voucherAnswer },
  }),
  enable: defineCall({
    method: 'post',
    path: '/admin/vouchers/{id}/enable',
    tag: 'admin',
    summary: 'Switch a voucher back on',
    params: voucherParams,
    responses: { 200: voucherAnswer },
  }),
  disable: defineCall({
    method: 'post',
    path: '/admin/vouchers/{id}/disable',
    tag: 'admin',
    summary: 'Switch a voucher off: shoppers are told the code is not valid',
    params: voucherParams,
    responses: { 200: voucherAnswer },
  }),
  redemptions: defineCall({
    method: 'get',
    path: '/admin/vouchers/{id}/redemptions',
    tag: 'admin',
    summary: "A voucher's redemptions, newest first: the order, the shopper, when, and the discount",
    params: voucherParams,
    query: voucherListQuerySchema.pick({ page: true, limit: true }),
    responses: { 200: voucherRedemptionPageSchema },
  }),
};
