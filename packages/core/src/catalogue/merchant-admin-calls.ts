import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import {
  adminMerchantListQuerySchema,
  adminMerchantPageSchema,
  adminMerchantResponseSchema,
  merchantCreateSchema,
  merchantUpdateSchema,
} from './merchant-admin.js';

const idParams = z.object({ id: z.string().max(200) });

/**
 * Merchants for operators and admins (docs/features/catalogue-structure.md). Replacing a logo is not
 * here: its body is the picture file itself, not JSON, and its route declares it on the server.
 */
export const merchantAdminCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/merchants',
    tag: 'admin',
    summary: 'Merchants by name, disabled ones included; by part of a name or marketplace, or by status',
    query: adminMerchantListQuerySchema,
    responses: { 200: adminMerchantPageSchema },
  }),
  one: defineCall({
    method: 'get',
    path: '/admin/merchants/{id}',
    tag: 'admin',
    summary: 'One merchant, disabled or not',
    params: idParams,
    responses: { 200: adminMerchantResponseSchema },
  }),
  create: defineCall({
    method: 'post',
    path: '/admin/merchants',
    tag: 'admin',
    summary: 'Add a merchant',
    body: merchantCreateSchema,
    responses: { 200: adminMerchantResponseSchema },
  }),
  update: defineCall({
    method: 'patch',
    path: '/admin/merchants/{id}',
    tag: 'admin',
    summary: 'Edit a merchant, or disable it (left out of the store’s merchant list) or enable it',
    params: idParams,
    body: merchantUpdateSchema,
    responses: { 200: adminMerchantResponseSchema },
  }),
};
