import { customerCalls } from '@crossbuy/core/customer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall, type CallHandler } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import { blacklistUser, unblacklistUser } from './blacklisting.service.js';
import { getCustomer, listCustomers } from './customers.service.js';

/** The store's customers (shoppers) and blacklisting them, for operators and admins. Mounted under /api/admin. */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  answerCall(app, customerCalls.list, async (request) => listCustomers(app.db, request.query));

  answerCall(app, customerCalls.one, async (request) => ({
    customer: await getCustomer(app.db, request.params.id),
  }));

  // Either way the account's next call, even a read, must find the change rather than a cached account.
  const changeBlacklisting =
    (change: typeof blacklistUser): CallHandler<typeof customerCalls.blacklist> =>
    async (request) => {
      const { userId, role } = principalOf(request);
      const user = await change(app.db, { userId, role }, request.params.id);
      app.accountCache.forgetUser(user.id);
      return { user: { id: user.id, blacklisted: user.blacklistedAt !== null } };
    };

  answerCall(app, customerCalls.blacklist, changeBlacklisting(blacklistUser));
  answerCall(app, customerCalls.unblacklist, changeBlacklisting(unblacklistUser));
};
