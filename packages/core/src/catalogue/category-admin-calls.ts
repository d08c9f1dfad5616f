import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import {
  adminCategoryListSchema,
  adminCategoryResponseSchema,
  categoryCreateSchema,
  categoryMoveSchema,
  categoryUpdateSchema,
} from './category-admin.js';

const idParams = z.object({ id: z.string().max(200) });

/** The category tree for operators and admins (docs/features/catalogue-structure.md). */
export const categoryAdminCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/categories',
    tag: 'admin',
    summary: 'Every category, disabled ones included, depth first in the order shoppers see them',
    responses: { 200: adminCategoryListSchema },
  }),
  create: defineCall({
    method: 'post',
    path: '/admin/categories',
    tag: 'admin',
    summary: 'Add a category at the end of its parent’s children (the top level when parentId is null)',
    body: categoryCreateSchema,
    responses: { 200: adminCategoryResponseSchema },
  }),
  update: defineCall({
    method: 'patch',
    path: '/admin/categories/{id}',
    tag: 'admin',
    summary: 'Rename a category, or disable it (hidden from the store with everything below it) or enable it',
    params: idParams,
    body: categoryUpdateSchema,
    responses: { 200: adminCategoryResponseSchema },
  }),
  move: defineCall({
    method: 'post',
    path: '/admin/categories/{id}/move',
    tag: 'admin',
    summary:
      'Put a category, with everything below it, under another parent or at another place among its siblings; never under itself',
    params: idParams,
    body: categoryMoveSchema,
    responses: { 200: adminCategoryResponseSchema },
  }),
  remove: defineCall({
    method: 'delete',
    path: '/admin/categories/{id}',
    tag: 'admin',
    summary: 'Delete a category that holds no products and no categories',
    params: idParams,
    responses: { 200: z.object({ deleted: z.literal(true) }) },
  }),
};
