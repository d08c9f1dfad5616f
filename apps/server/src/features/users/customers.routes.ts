import { customerCalls } from '@crossbuy/core/customer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, requireRole } from '../../plugins/authentication.js';
import { getCustomer, listCustomers } from './customers.service.js';

/** The store's customers (shoppers), for operators and admins. Mounted under /api/admin. */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  answerCall(app, customerCalls.list, async (request) => listCustomers(app.db, request.query));

  answerCall(app, customerCalls.one, async (request) => ({
    customer: await getCustomer(app.db, request.params.id),
  }));
};
