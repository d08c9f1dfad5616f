import { categoryAdminCalls } from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  moveCategory,
  updateCategory,
} from './category-admin.service.js';

/** The category tree for operators and admins: the calls of `categoryAdminCalls`. Mounted under /api/admin. */
export const adminCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  answerCall(app, categoryAdminCalls.list, async () => ({ categories: await listAdminCategories(app.db) }));

  answerCall(app, categoryAdminCalls.create, async (request) => ({
    category: await createCategory(app.db, principalOf(request).userId, request.body),
  }));

  answerCall(app, categoryAdminCalls.update, async (request) => ({
    category: await updateCategory(app.db, principalOf(request).userId, request.params.id, request.body),
  }));

  answerCall(app, categoryAdminCalls.move, async (request) => ({
    category: await moveCategory(app.db, principalOf(request).userId, request.params.id, request.body),
  }));

  answerCall(app, categoryAdminCalls.remove, async (request) => {
    await deleteCategory(app.db, principalOf(request).userId, request.params.id);
    return { deleted: true as const };
  });
};
