import { dashboardSchema } from '@crossbuy/core/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardPrivateRoutes, requireRole } from '../../plugins/authentication.js';
import { storeDashboard } from './dashboard.service.js';

/** The back office's first page: the store's day at a glance. Mounted under /api/admin. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Today's orders and revenue, what waits for the staff, and the last 30 days (store days, Singapore time)",
        response: { 200: dashboardSchema },
      },
    },
    async () => storeDashboard(app.db, new Date()),
  );
};
