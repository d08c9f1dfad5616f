import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { pageQueryFields, pageSchema } from '../validation/wire.js';
import { AUDIT_SUBJECT_TYPES } from './subjects.js';

const AUDIT_PAGE_MAX_LIMIT = 100;

const fieldsSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  /**
   * `name` is how the staff know the subject today: an order's reference, a person's name, a product's
   * name, a voucher's code; null when it is gone or has no name of its own.
   */
  subject: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
  before: fieldsSchema,
  after: fieldsSchema,
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema({ entries: z.array(auditEntrySchema) });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditQuerySchema = z.object({
  ...pageQueryFields(AUDIT_PAGE_MAX_LIMIT, 50),
  subjectType: z.enum(AUDIT_SUBJECT_TYPES).optional(),
  subjectId: z.string().min(1).max(200).optional(),
  about: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'What the entries are about, as the staff name it (part of it, any case): an order reference, a ' +
        "person's name or email, a product's, merchant's or category's name, a voucher code; or an id",
    ),
  actorUserId: z.uuid().optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The audit log of the staff's changes, for admins only. */
export const auditCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/audit_log',
    tag: 'admin',
    summary:
      "The staff's changes and shoppers' changes of quotation items, newest first: who, what, when, and " +
      'the fields before and after',
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
  }),
};
