import { z } from 'zod';
import { DEFAULT_CURRENCY } from '../money/index.js';
import { PAYMENT_METHODS } from '../order/rules.js';
import { normaliseVoucherCode, VOUCHER_CODE_PATTERN } from '../order/vouchers.js';
import { fails, whenFieldsValid } from '../validation/issue-codes.js';
import { instantSchema, moneySchema, pageQueryFields, pageSchema } from '../validation/wire.js';

// The store's side of vouchers: the rules a voucher is written with, shared by the back office's form and
// the server, and the shapes the back office reads. Amounts are in the base currency (the store's prices
// are kept in it and converted at the region's rate), so a voucher names that currency and no other.

export const VOUCHER_DESCRIPTION_MAX_LENGTH = 200;
/** Far above any real discount or spend, and well inside a 32-bit column. */
export const VOUCHER_AMOUNT_MAX_MINOR = 100_000_000;
export const VOUCHER_LIMIT_MAX = 1_000_000;
export const VOUCHER_REGIONS_MAX = 50;
export const VOUCHER_CURRENCY = DEFAULT_CURRENCY;

export const VOUCHER_KINDS = ['percent', 'fixed'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/**
 * Where a voucher stands now. `disabled` is the store's switch; the others follow from its window and
 * its total limit, in that order, so a disabled voucher past its end reads disabled.
 */
export const VOUCHER_STATUSES = ['active', 'scheduled', 'expired', 'exhausted', 'disabled'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const VOUCHER_STATUS_LABELS: Record<VoucherStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  exhausted: 'Used up',
  disabled: 'Disabled',
};

export type VoucherStanding = {
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  totalLimit: number | null;
  redeemedCount: number;
};

export function voucherStatus(voucher: VoucherStanding, now: Date): VoucherStatus {
  if (!voucher.active) return 'disabled';
  if (voucher.startsAt && now < voucher.startsAt) return 'scheduled';
  if (voucher.endsAt && now >= voucher.endsAt) return 'expired';
  if (voucher.totalLimit !== null && voucher.redeemedCount >= voucher.totalLimit) return 'exhausted';
  return 'active';
}

/** A base-currency amount of at least `min` minor units; any other currency is refused with `code`. */
function baseAmount(code: Parameters<typeof fails>[0], min: number) {
  return z.object(
    {
      amountMinor: z.int(fails(code)).min(min, code).max(VOUCHER_AMOUNT_MAX_MINOR, code),
      currency: z.literal(VOUCHER_CURRENCY, fails(code)),
    },
    fails(code),
  );
}

const limitSchema = z
  .int(fails('voucher/invalid_limit'))
  .min(1, 'voucher/invalid_limit')
  .max(VOUCHER_LIMIT_MAX, 'voucher/invalid_limit')
  .nullable();

// One catalogue code for any moment that cannot be read, whatever the instant schema found wrong.
const windowEdge = z
  .string(fails('voucher/invalid_window'))
  .refine((text) => instantSchema.safeParse(text).success, 'voucher/invalid_window')
  .nullable();

export const voucherDraftSchema = z
  .object({
    code: z
      .string(fails('voucher/invalid_code'))
      .transform(normaliseVoucherCode)
      .refine((code) => VOUCHER_CODE_PATTERN.test(code), 'voucher/invalid_code'),
    description: z
      .string(fails('voucher/invalid_description'))
      .trim()
      .max(VOUCHER_DESCRIPTION_MAX_LENGTH, 'voucher/invalid_description')
      .default(''),
    kind: z.enum(VOUCHER_KINDS, fails('voucher/invalid_kind')),
    percentOff: z
      .int(fails('voucher/invalid_percent'))
      .min(1, 'voucher/invalid_percent')
      .max(100, 'voucher/invalid_percent')
      .nullable()
      .default(null),
    amountOff: baseAmount('voucher/invalid_amount', 1).nullable().default(null),
    maxDiscount: baseAmount('voucher/invalid_max_discount', 1).nullable().default(null),
    minSpend: baseAmount('voucher/invalid_min_spend', 0).default({
      amountMinor: 0,
      currency: VOUCHER_CURRENCY,
    }),
    regions: z
      .array(
        z
          .string(fails('voucher/invalid_regions'))
          .regex(/^[A-Za-z]{2}$/, 'voucher/invalid_regions')
          .transform((code) => code.toUpperCase()),
        fails('voucher/invalid_regions'),
      )
      .max(VOUCHER_REGIONS_MAX, 'voucher/invalid_regions')
      .transform((codes) => [...new Set(codes)].sort())
      .default([]),
    paymentMethods: z
      .array(
        z.enum(PAYMENT_METHODS, fails('voucher/invalid_payment_methods')),
        fails('voucher/invalid_payment_methods'),
      )
      .max(PAYMENT_METHODS.length * 2, 'voucher/invalid_payment_methods')
      .transform((methods) => PAYMENT_METHODS.filter((method) => methods.includes(method)))
      .default([]),
    startsAt: windowEdge.default(null),
    endsAt: windowEdge.default(null),
    totalLimit: limitSchema.default(null),
    perUserLimit: limitSchema.default(null),
    listed: z.boolean(fails('voucher/invalid_listed')).default(true),
  })
  // A percentage takes its percent and may be capped; a fixed amount is its own cap.
  .refine((draft) => (draft.kind === 'percent') === (draft.percentOff !== null), {
    path: ['percentOff'],
    message: 'voucher/invalid_percent',
    ...whenFieldsValid(['kind', 'percentOff']),
  })
  .refine((draft) => (draft.kind === 'fixed') === (draft.amountOff !== null), {
    path: ['amountOff'],
    message: 'voucher/invalid_amount',
    ...whenFieldsValid(['kind', 'amountOff']),
  })
  .refine((draft) => draft.kind === 'percent' || draft.maxDiscount === null, {
    path: ['maxDiscount'],
    message: 'voucher/invalid_max_discount',
    ...whenFieldsValid(['kind', 'maxDiscount']),
  })
  .refine(
    (draft) => !draft.startsAt || !draft.endsAt || Date.parse(draft.startsAt) < Date.parse(draft.endsAt),
    { path: ['endsAt'], message: 'voucher/invalid_window', ...whenFieldsValid(['startsAt', 'endsAt']) },
  );
export type VoucherDraftInput = z.input<typeof voucherDraftSchema>;
export type VoucherDraft = z.output<typeof voucherDraftSchema>;

export const voucherListQuerySchema = z.object({
  ...pageQueryFields(100, 20),
  status: z.enum(VOUCHER_STATUSES).optional(),
  /** Part of the code or the description. */
  q: z.string().trim().max(100).optional(),
});
export type VoucherListQuery = z.infer<typeof voucherListQuerySchema>;

export const storeVoucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  percentOff: z.number().nullable(),
  amountOff: moneySchema.nullable(),
  maxDiscount: moneySchema.nullable(),
  minSpend: moneySchema,
  regions: z.array(z.string()),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  totalLimit: z.int().nullable(),
  perUserLimit: z.int().nullable(),
  listed: z.boolean(),
  active: z.boolean(),
  status: z.enum(VOUCHER_STATUSES),
  /** Redemptions not given back by a cancelled order. */
  redeemedCount: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreVoucher = z.infer<typeof storeVoucherSchema>;

export const storeVoucherPageSchema = pageSchema({ vouchers: z.array(storeVoucherSchema) });
export type StoreVoucherPage = z.infer<typeof storeVoucherPageSchema>;

export const voucherRedemptionSchema = z.object({
  id: z.string(),
  order: z.object({ id: z.string(), orderRef: z.string().nullable() }),
  shopper: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  discount: moneySchema,
  redeemedAt: z.string(),
  /** When a cancelled order gave the voucher back. */
  releasedAt: z.string().nullable(),
});
export type VoucherRedemption = z.infer<typeof voucherRedemptionSchema>;

export const voucherRedemptionPageSchema = pageSchema({ redemptions: z.array(voucherRedemptionSchema) });
export type VoucherRedemptionPage = z.infer<typeof voucherRedemptionPageSchema>;
