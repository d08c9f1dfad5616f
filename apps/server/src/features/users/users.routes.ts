import { userCalls } from '@crossbuy/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { accountOf, requireUser } from '../../plugins/authentication.js';
import { toProfile } from './profile.js';
import { displayNames, updateProfile } from './users.service.js';

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
