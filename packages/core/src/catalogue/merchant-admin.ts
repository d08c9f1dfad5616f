import { z } from 'zod';
import { fails } from '../validation/issue-codes.js';
import { merchantSchema } from './schemas.js';

// The back office's merchants: their wire shapes and the rules of their fields.

export const MERCHANT_NAME_MAX_LENGTH = 100;
export const MERCHANT_MARKET_PLACE_MAX_LENGTH = 60;
export const MERCHANT_DESCRIPTION_MAX_LENGTH = 2000;
export const MERCHANT_SLUG_MAX_LENGTH = 64;
export const ADMIN_MERCHANT_PAGE_SIZE = 20;

export const adminMerchantSchema = merchantSchema.extend({
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminMerchant = z.infer<typeof adminMerchantSchema>;

export const MERCHANT_STATUSES = ['enabled', 'disabled'] as const;

export const adminMerchantListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_MERCHANT_PAGE_SIZE),
  /** Part of the name, address name or marketplace. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(MERCHANT_STATUSES).optional(),
});
export type AdminMerchantListQuery = z.input<typeof adminMerchantListQuerySchema>;

export const adminMerchantPageSchema = z.object({
  merchants: z.array(adminMerchantSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
});
export type AdminMerchantPage = z.infer<typeof adminMerchantPageSchema>;

const merchantFields = {
  name: z
    .string(fails('merchant/invalid_name'))
    .trim()
    .min(1, fails('merchant/invalid_name'))
    .max(MERCHANT_NAME_MAX_LENGTH, fails('merchant/invalid_name')),
  sourceMarketPlace: z
    .string(fails('merchant/invalid_market_place'))
    .trim()
    .min(1, fails('merchant/invalid_market_place'))
    .max(MERCHANT_MARKET_PLACE_MAX_LENGTH, fails('merchant/invalid_market_place')),
  countryCode: z
    .string(fails('merchant/invalid_country'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, fails('merchant/invalid_country')),
  description: z
    .string(fails('merchant/invalid_description'))
    .trim()
    .max(MERCHANT_DESCRIPTION_MAX_LENGTH, fails('merchant/invalid_description')),
};

const slugField = z
  .string(fails('merchant/invalid_slug'))
  .trim()
  .max(MERCHANT_SLUG_MAX_LENGTH, fails('merchant/invalid_slug'))
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, fails('merchant/invalid_slug'));

export const merchantCreateSchema = z.object({
  ...merchantFields,
  description: merchantFields.description.default(''),
  /** The merchant's name in its store address; derived from the name when left out. */
  slug: slugField.optional(),
});
export type MerchantCreateInput = z.input<typeof merchantCreateSchema>;

export const merchantUpdateSchema = z
  .object({
    name: merchantFields.name.optional(),
    sourceMarketPlace: merchantFields.sourceMarketPlace.optional(),
    countryCode: merchantFields.countryCode.optional(),
    description: merchantFields.description.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'general/missing_argument',
  });
export type MerchantUpdateInput = z.input<typeof merchantUpdateSchema>;

export const adminMerchantResponseSchema = z.object({ merchant: adminMerchantSchema });
