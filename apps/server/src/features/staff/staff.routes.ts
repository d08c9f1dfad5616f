import { staffCalls } from '@crossbuy/core/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { linkOrigin } from '../../lib/link-origin.js';
import { accountOf, guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import {
  acceptStaffInvitation,
  changeStaffRole,
  inviteStaff,
  listStaff,
  revokeStaffInvitation,
} from './staff.service.js';

/** The store's staff and the invitations to join it: admins only. Mounted under /api/admin. */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('admin'));

  answerCall(app, staffCalls.list, async () => listStaff(app.db, new Date()));

  answerCall(app, staffCalls.invite, async (request, reply) => {
    const invitation = await inviteStaff(
      app.db,
      principalOf(request).userId,
      request.body.email,
      linkOrigin(request),
      new Date(),
    );
    app.mailer.notify();
    return reply.status(201).send({ invitation });
  });

  answerCall(app, staffCalls.revokeInvitation, async (request, reply) => {
    await revokeStaffInvitation(app.db, principalOf(request).userId, request.params.id);
    return reply.status(204).send(null);
  });

  answerCall(app, staffCalls.changeRole, async (request) => {
    const user = await changeStaffRole(
      app.db,
      principalOf(request).userId,
      request.params.id,
      request.body.role,
    );
    // The account's next call, even a read, must find its new role rather than a cached one.
    app.accountCache.forgetUser(user.id);
    return { user };
  });
};

/** The invitee's side: accepting from the mailed link, signed in with the invited email. */
export const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app);

  answerCall(app, staffCalls.acceptInvitation, async (request) => {
    const { user } = await accountOf(request);
    return acceptStaffInvitation(app.db, user, request.body.token, new Date());
  });
};
