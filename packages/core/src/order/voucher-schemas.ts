import { z } from 'zod';
import { CART_MAX_ITEMS } from '../cart/limits.js';
import { QUOTATION_MAX_ITEMS } from '../quotation/limits.js';
import { moneySchema } from '../validation/wire.js';
import {
  countryCodeSchema,
  idList,
  paymentMethodSchema,
  refusalSchema,
  voucherCodeSchema,
} from './wire-parts.js';

// The shopper's voucher requests and wire shapes (docs/rules/vouchers.md): checking a code, and the vouchers
// a shopper may use.

const voucherItemsSchema = z
  .object({
    cartItemIds: idList(CART_MAX_ITEMS, 'cart/not_found').default([]),
    quotationItemIds: idList(QUOTATION_MAX_ITEMS, 'quotation/not_found').default([]),
  })
  .default({ cartItemIds: [], quotationItemIds: [] });

export const voucherValidateSchema = z.object({
  code: voucherCodeSchema.min(1, 'voucher/unknown'),
  regionCountryCode: countryCodeSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
  voucherItems: voucherItemsSchema,
});
export type VoucherValidate = z.infer<typeof voucherValidateSchema>;

export const voucherAvailableSchema = voucherValidateSchema.omit({ code: true });

export const voucherSummarySchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.string().nullable(),
  /** Amounts in the region's currency. */
  amountOff: moneySchema.nullable(),
  maxDiscount: moneySchema.nullable(),
  minSpend: moneySchema,
  endsAt: z.string().nullable(),
  paymentMethods: z.array(z.string()),
});
export type VoucherSummary = z.infer<typeof voucherSummarySchema>;

export const voucherValidationSchema = z.object({
  voucher: voucherSummarySchema,
  /** The discount on the given items; zero when no items are given. */
  discount: moneySchema,
});

export const availableVouchersSchema = z.object({
  vouchers: z.array(
    voucherSummarySchema.extend({ discount: moneySchema.nullable(), refusal: refusalSchema.nullable() }),
  ),
});
