import { AUDIT_SUBJECT_TYPES } from '@crossbuy/core/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardPrivateRoutes, requireRole } from '../../plugins/authentication.js';
import { listAudit } from './audit.service.js';

const AUDIT_PAGE_MAX_LIMIT = 100;

const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX_LIMIT).default(50),
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

const fieldsSchema = z.record(z.string(), z.unknown()).nullable();

const auditPageSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      actor: z.object({ id: z.string().nullable(), email: z.string() }),
      action: z.string(),
      subject: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
      before: fieldsSchema,
      after: fieldsSchema,
      createdAt: z.string(),
    }),
  ),
  page: z.int(),
  limit: z.int(),
  total: z.int(),
});

/** The audit log of the staff's changes, for admins only. Mounted under /api/admin. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('admin'));

  app.get(
    '/audit_log',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The staff's changes and shoppers' changes of quotation items, newest first: who, what, when, and " +
          'the fields before and after',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
