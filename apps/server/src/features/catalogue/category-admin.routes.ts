import {
  adminCategoryListSchema,
  adminCategoryResponseSchema,
  categoryCreateSchema,
  categoryMoveSchema,
  categoryUpdateSchema,
} from '@crossbuy/core/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  moveCategory,
  updateCategory,
} from './category-admin.service.js';

const idParams = z.object({ id: z.string().max(200) });

/** The category tree for operators and admins (docs/features/catalogue-structure.md). Mounted under /api/admin. */
export const adminCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  app.get(
    '/categories',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every category, disabled ones included, depth first in the order shoppers see them',
        response: { 200: adminCategoryListSchema },
      },
    },
    async () => ({ categories: await listAdminCategories(app.db) }),
  );

  app.post(
    '/categories',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a category at the end of its parent’s children (the top level when parentId is null)',
        body: categoryCreateSchema,
        response: { 200: adminCategoryResponseSchema },
      },
    },
    async (request) => ({
      category: await createCategory(app.db, principalOf(request).userId, request.body),
    }),
  );

  app.patch(
    '/categories/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Rename a category, or disable it (hidden from the store with everything below it) or enable it',
        params: idParams,
        body: categoryUpdateSchema,
        response: { 200: adminCategoryResponseSchema },
      },
    },
    async (request) => ({
      category: await updateCategory(app.db, principalOf(request).userId, request.params.id, request.body),
    }),
  );

  app.post(
    '/categories/:id/move',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Put a category, with everything below it, under another parent or at another place among its siblings; never under itself',
        params: idParams,
        body: categoryMoveSchema,
        response: { 200: adminCategoryResponseSchema },
      },
    },
    async (request) => ({
      category: await moveCategory(app.db, principalOf(request).userId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a category that holds no products and no categories',
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteCategory(app.db, principalOf(request).userId, request.params.id);
      return { deleted: true as const };
    },
  );
};
