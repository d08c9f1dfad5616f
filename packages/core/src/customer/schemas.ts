import { z } from 'zod';
import { orderSummarySchema } from '../order/schemas.js';
import { accountHolderSchema } from '../validation/profile.js';
import { pageQueryFields, pageSchema } from '../validation/wire.js';

// The back office's customers: the store's shoppers, found by email, name or phone number.

export const CUSTOMER_PAGE_MAX_LIMIT = 50;

/**
 * What a customer's account allows: blacklisted (refused everywhere, whatever else holds), unverified
 * (the email is not confirmed yet) or active.
 */
export const CUSTOMER_STATUSES = ['active', 'unverified', 'blacklisted'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const customerListQuerySchema = z.object({
  ...pageQueryFields(CUSTOMER_PAGE_MAX_LIMIT, 20),
  status: z.enum(CUSTOMER_STATUSES).optional(),
  /** Part of the customer's email, name or phone number. */
  q: z.string().trim().max(100).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  createdAt: z.iso.datetime(),
  orderCount: z.int(),
  lastOrderAt: z.iso.datetime().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerPageSchema = pageSchema({ customers: z.array(customerSummarySchema) });
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const CUSTOMER_RECENT_ORDERS = 10;
export const CUSTOMER_RECENT_QUOTATIONS = 10;

export const customerAddressSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  unitNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  main: z.boolean(),
});

export const customerQuotationSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.int(),
  status: z.enum(['pending', 'resolved', 'declined', 'ordered']),
  productUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type CustomerQuotation = z.infer<typeof customerQuotationSchema>;

/** Who blacklisted the account and when; the member of staff is null when the audit log does not name one. */
export const customerBlacklistingSchema = z.object({
  at: z.iso.datetime(),
  by: z.object({ id: z.string().nullable(), email: z.string() }).nullable(),
});

/** A customer as the back office sees them: never the password hash or the two-factor seed. */
export const customerDetailSchema = accountHolderSchema.extend({
  status: z.enum(CUSTOMER_STATUSES),
  emailVerified: z.boolean(),
  tfaEnabled: z.boolean(),
  acceptedTermsAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  blacklisting: customerBlacklistingSchema.nullable(),
  addresses: z.array(customerAddressSchema),
  orders: z.array(orderSummarySchema),
  orderCount: z.int(),
  quotations: z.array(customerQuotationSchema),
  quotationCount: z.int(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
