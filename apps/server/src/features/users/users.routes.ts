import { customerCalls } from '@crossbuy/core/customer';
import { userCalls } from '@crossbuy/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall, type CallHandler } from '../../lib/contract-routes.js';
import { accountOf, principalOf, requireRole, requireUser } from '../../plugins/authentication.js';
import { toProfile } from './profile.js';
import { blacklistUser, displayNames, unblacklistUser, updateProfile } from './users.service.js';

/** The signed-in user's own account, and the public names of others: the calls of `userCalls`. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  answerCall(
    app,
    userCalls.updateProfile,
    async (request) => {
      const { user } = await accountOf(request);
      return { user: toProfile(await updateProfile(app.db, user.id, request.body)) };
    },
    { preHandler: requireUser },
  );

  answerCall(
    app,
    userCalls.names,
    async (request) => ({ users: await displayNames(app.db, request.body.userIds) }),
    {
      preHandler: requireUser,
    },
  );
};

/** Back-office account actions, for operators and admins. Mounted under /api/admin. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preValidation: requireRole('operator', 'admin') };

  // Either way the account's next call, even a read, must find the change rather than a cached account.
  const changeBlacklisting =
    (change: typeof blacklistUser): CallHandler<typeof customerCalls.blacklist> =>
    async (request) => {
      const { userId, role } = principalOf(request);
      const user = await change(app.db, { userId, role }, request.params.id);
      app.accountCache.forgetUser(user.id);
      return { user: { id: user.id, blacklisted: user.blacklistedAt !== null } };
    };

  answerCall(app, customerCalls.blacklist, changeBlacklisting(blacklistUser), guard);
  answerCall(app, customerCalls.unblacklist, changeBlacklisting(unblacklistUser), guard);
};
