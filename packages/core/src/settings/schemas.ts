import { z } from 'zod';
import { countryCodeSchema } from '../catalogue/schemas.js';
import { CURRENCIES } from '../money/index.js';
import {
  EXCHANGE_RATE_CSV_MAX_CHARACTERS,
  EXCHANGE_RATE_MAX_FRACTION_DIGITS,
  EXCHANGE_RATE_MAX_INTEGER_DIGITS,
  MAX_ADDRESSES_PER_USER_LIMIT,
  QUOTE_VALID_DAYS_MAX,
  SHIPPING_FEE_MAX_MINOR,
  SHIPPING_STEP_GRAMS_MAX,
  SHOPPER_LIMIT_MAX,
  TAX_NAME_MAX_LENGTH,
} from './limits.js';

const currencySchema = z.enum(CURRENCIES, { error: () => 'settings/unknown_currency' });

const EXCHANGE_RATE_PATTERN = new RegExp(
  `^\\d{1,${EXCHANGE_RATE_MAX_INTEGER_DIGITS}}(?:\\.\\d{1,${EXCHANGE_RATE_MAX_FRACTION_DIGITS}})?$`,
);

/**
 * An exchange rate as written, in its shortest exact form ('0112.350' is '112.35'), or null when it is not
 * a positive decimal within the digits the store keeps. Text all the way: a rate never passes through a
 * binary float, so '0.1' stays exactly one tenth.
 */
export function normalizeExchangeRate(text: string): string | null {
  const trimmed = text.trim();
  if (!EXCHANGE_RATE_PATTERN.test(trimmed)) return null;
  const [whole = '', fraction = ''] = trimmed.split('.');
  const integerPart = whole.replace(/^0+(?=\d)/, '');
  const fractionPart = fraction.replace(/0+$/, '');
  if (/^0*$/.test(integerPart + fractionPart)) return null;
  return fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
}

export const exchangeRateValueSchema = z
  .string({ error: () => 'settings/invalid_exchange_rate' })
  .max(40, { error: () => 'settings/invalid_exchange_rate' })
  .transform((text, context) => {
    const rate = normalizeExchangeRate(text);
    if (rate === null) {
      context.addIssue({ code: 'custom', message: 'settings/invalid_exchange_rate' });
      return z.NEVER;
    }
    return rate;
  });

export const exchangeRateSchema = z.object({
  currency: currencySchema,
  rate: z.string(),
  updatedAt: z.iso.datetime().nullable(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const setExchangeRateSchema = z.object({ rate: exchangeRateValueSchema });

export const importExchangeRatesSchema = z.object({
  csv: z
    .string({ error: () => 'settings/csv_empty' })
    .max(EXCHANGE_RATE_CSV_MAX_CHARACTERS, { error: () => 'settings/csv_too_large' }),
});

/** One refused line of a rate file: its number as an editor shows it (the first line is 1). */
export const csvLineErrorSchema = z.object({
  line: z.int(),
  code: z.string(),
  message: z.string(),
});
export type CsvLineError = z.infer<typeof csvLineErrorSchema>;

/** A refused import's answer: the envelope, and every wrong line when the lines were the trouble. */
export const csvImportRefusalSchema = z.object({
  error: z.object({ code: z.string(), params: z.array(z.string()), message: z.string() }),
  lines: z.array(csvLineErrorSchema).optional(),
});

export const adminRegionSchema = z.object({
  countryCode: z.string(),
  name: z.string(),
  currency: currencySchema,
  enabled: z.boolean(),
  default: z.boolean(),
  position: z.int(),
  /** Units of the region's currency per one unit of the base currency; null while none is set. */
  rate: z.string().nullable(),
});
export type AdminRegion = z.infer<typeof adminRegionSchema>;

const positionSchema = z.int().min(0).max(1000);

export const createRegionSchema = z.object({
  countryCode: countryCodeSchema,
  currency: currencySchema,
  enabled: z.boolean().default(false),
  position: positionSchema.optional(),
});
/** A new region as the back office sends it (unsaid, `enabled` is false). */
export type NewRegion = z.input<typeof createRegionSchema>;

/** `default: true` makes the region the default (the former default stays, enabled, as a plain region). */
export const updateRegionSchema = z
  .object({
    currency: currencySchema,
    enabled: z.boolean(),
    default: z.literal(true),
    position: positionSchema,
  })
  .partial();
export type RegionUpdate = z.infer<typeof updateRegionSchema>;

const percentPattern = /^\d{1,2}(?:\.\d{1,4})?$/;

/** How much of the store one shopper may hold at once (docs/decisions/0058): a whole number from 1. */
const shopperLimit = (
  code:
    | 'settings/invalid_max_unpaid_orders'
    | 'settings/invalid_max_units_held'
    | 'settings/invalid_max_orders_per_hour'
    | 'settings/invalid_max_open_checkouts',
) =>
  z
    .int({ error: () => code })
    .min(1, { error: () => code })
    .max(SHOPPER_LIMIT_MAX, { error: () => code });

/** Settings an admin changes without a deployment; the server's environment gives a new store's values. */
export const storeSettingsSchema = z.object({
  quoteValidDays: z
    .int({ error: () => 'settings/invalid_quote_valid_days' })
    .min(1, { error: () => 'settings/invalid_quote_valid_days' })
    .max(QUOTE_VALID_DAYS_MAX, { error: () => 'settings/invalid_quote_valid_days' }),
  quoteFeePercent: z
    .string({ error: () => 'settings/invalid_quote_fee_percent' })
    .trim()
    .regex(/^\d{1,3}(?:\.\d{1,4})?$/, { error: () => 'settings/invalid_quote_fee_percent' }),
  maxAddressesPerUser: z
    .int({ error: () => 'settings/invalid_max_addresses' })
    .min(1, { error: () => 'settings/invalid_max_addresses' })
    .max(MAX_ADDRESSES_PER_USER_LIMIT, { error: () => 'settings/invalid_max_addresses' }),
  maxUnpaidOrders: shopperLimit('settings/invalid_max_unpaid_orders'),
  maxUnitsHeldPerItem: shopperLimit('settings/invalid_max_units_held'),
  maxOrdersPerHour: shopperLimit('settings/invalid_max_orders_per_hour'),
  maxOpenCheckouts: shopperLimit('settings/invalid_max_open_checkouts'),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
export const storeSettingsUpdateSchema = storeSettingsSchema.partial();

const feeSchema = z
  .int({ error: () => 'shipping/invalid_fee' })
  .min(0, { error: () => 'shipping/invalid_fee' })
  .max(SHIPPING_FEE_MAX_MINOR, { error: () => 'shipping/invalid_fee' });

/** A delivery fee rule; fees in the catalogue's base currency, minor units. */
export const shippingRuleSchema = z
  .object({
    originCountry: countryCodeSchema.nullable(),
    method: z.enum(['per_item', 'by_weight']),
    baseFeeMinor: feeSchema,
    stepFeeMinor: feeSchema,
    stepGrams: z.int().min(1).max(SHIPPING_STEP_GRAMS_MAX).nullable(),
    freeAboveMinor: feeSchema.nullable(),
  })
  .refine((rule) => rule.method !== 'by_weight' || rule.stepGrams !== null, {
    error: () => 'shipping/weight_step_required',
    path: ['stepGrams'],
  });
export type ShippingRuleInput = z.infer<typeof shippingRuleSchema>;

export const createShippingRuleSchema = z.object({
  shippingLocationId: z.uuid({ error: () => 'shipping/location_not_found' }),
  rule: shippingRuleSchema,
});

export const shippingRuleResponseSchema = z.object({
  id: z.string(),
  originCountry: z.string().nullable(),
  method: z.enum(['per_item', 'by_weight']),
  baseFeeMinor: z.int(),
  stepFeeMinor: z.int(),
  stepGrams: z.int().nullable(),
  freeAboveMinor: z.int().nullable(),
  currency: currencySchema,
});
export type ShippingRule = z.infer<typeof shippingRuleResponseSchema>;

export const shippingLocationSettingsSchema = z.object({
  id: z.string(),
  countryCode: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  rules: z.array(shippingRuleResponseSchema),
});
export type ShippingLocationSettings = z.infer<typeof shippingLocationSettingsSchema>;

export const updateShippingLocationSchema = z.object({ enabled: z.boolean() });

export const taxRateSettingsSchema = z.object({
  name: z
    .string({ error: () => 'tax/invalid_name' })
    .trim()
    .min(1, { error: () => 'tax/invalid_name' })
    .max(TAX_NAME_MAX_LENGTH, { error: () => 'tax/invalid_name' })
    .refine((name) => !/\p{Cc}/u.test(name), { error: () => 'tax/invalid_name' }),
  ratePercent: z
    .string({ error: () => 'tax/invalid_rate' })
    .trim()
    .regex(percentPattern, { error: () => 'tax/invalid_rate' }),
  inclusive: z.boolean(),
});
export type TaxRateInput = z.infer<typeof taxRateSettingsSchema>;

export const taxRateResponseSchema = z.object({
  countryCode: z.string(),
  name: z.string(),
  ratePercent: z.string(),
  inclusive: z.boolean(),
});
export type TaxRate = z.infer<typeof taxRateResponseSchema>;
