import { dashboardCalls } from '@crossbuy/core/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, requireRole } from '../../plugins/authentication.js';
import { storeDashboard } from './dashboard.service.js';

/** The back office's first page: the store's day at a glance. Mounted under /api/admin. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  answerCall(app, dashboardCalls.today, async () => storeDashboard(app.db, new Date()));
};
