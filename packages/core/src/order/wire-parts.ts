import { z } from 'zod';
import { fails } from '../validation/issue-codes.js';
import { moneySchema } from '../validation/wire.js';
import { PAYMENT_METHODS } from './rules.js';

// Pieces the checkout, voucher and order wire shapes share, each said once.

/** A refusal shown beside a choice without failing the whole answer (a voucher that does not apply). */
export const refusalSchema = z.object({ code: z.string(), params: z.array(z.string()), message: z.string() });

// An id that is not one of the shopper's lines is not found (404), as everywhere; a list that is not a list
// of strings is a malformed request (400).
export const idList = (max: number, code: 'cart/not_found' | 'quotation/not_found') =>
  z
    .array(
      z.string(fails('general/argument_error')).min(1, code).max(200, code),
      fails('general/argument_error'),
    )
    .max(max, 'general/argument_error');

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, fails('checkout/invalid_payment_method'));
export const voucherCodeSchema = z.string(fails('voucher/unknown')).trim().max(40, 'voucher/unknown');
export const countryCodeSchema = z
  .string(fails('region/not_enabled'))
  .regex(/^[A-Za-z]{2}$/, 'region/not_enabled')
  .transform((code) => code.toUpperCase());

/** Where a line of a checkout or an order comes from. */
export const lineSourceSchema = z.enum(['cart', 'quotation_internal', 'quotation_external']);

/** The tax of an estimate or an order: its name and rate as the region has them, and the amount. */
export const taxSchema = z.object({
  name: z.string(),
  ratePercent: z.string(),
  inclusive: z.boolean(),
  amount: moneySchema,
});
