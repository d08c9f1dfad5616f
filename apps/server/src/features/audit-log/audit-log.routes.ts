import { auditCalls } from '@crossbuy/core/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, requireRole } from '../../plugins/authentication.js';
import { listAudit } from './audit-log.service.js';

/** The audit log of the staff's changes, for admins only. Mounted under /api/admin. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('admin'));

  answerCall(app, auditCalls.list, async (request) => listAudit(app.db, request.query));
};
