import { customerDetailSchema, customerListQuerySchema, customerPageSchema } from '@crossbuy/core/customer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardPrivateRoutes, requireRole } from '../../plugins/authentication.js';
import { getCustomer, listCustomers } from './customers.service.js';

/** The store's customers (shoppers), for operators and admins. Mounted under /api/admin. */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  app.get(
    '/customers',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The store’s customers, newest first, by status or part of their email, name or phone number, with their order count and last order',
        querystring: customerListQuerySchema,
        response: { 200: customerPageSchema },
      },
    },
    async (request) => listCustomers(app.db, request.query),
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'A customer: profile, addresses, latest orders and quotations, and who blacklisted them and when',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.object({ customer: customerDetailSchema }) },
      },
    },
    async (request) => ({ customer: await getCustomer(app.db, request.params.id) }),
  );
};
