import {
  staffInvitationAcceptSchema,
  staffInvitationRequestSchema,
  staffInvitationSchema,
  staffListSchema,
  staffRoleChangeSchema,
  USER_ROLES,
} from '@crossbuy/core/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkOrigin } from '../../lib/link-origin.js';
import { accountOf, guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import {
  acceptStaffInvitation,
  changeStaffRole,
  inviteStaff,
  listStaff,
  revokeStaffInvitation,
} from './staff.service.js';

const roleSchema = z.enum(USER_ROLES);

/** The store's staff and the invitations to join it: admins only. Mounted under /api/admin. */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('admin'));
  const params = z.object({ id: z.string().max(64) });

  app.get(
    '/staff',
    {
      schema: {
        tags: ['admin'],
        summary: 'The operators and admins, with two-factor and last sign-in, and the open invitations',
        response: { 200: staffListSchema },
      },
    },
    async () => listStaff(app.db, new Date()),
  );

  app.post(
    '/staff/invitations',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Invite someone to be an operator: mails a single-use link for 7 days, replacing an older one',
        body: staffInvitationRequestSchema,
        response: { 201: z.object({ invitation: staffInvitationSchema }) },
      },
    },
    async (request, reply) => {
      const invitation = await inviteStaff(
        app.db,
        principalOf(request).userId,
        request.body.email,
        linkOrigin(request),
        new Date(),
      );
      app.mailer.notify();
      return reply.status(201).send({ invitation });
    },
  );

  app.delete(
    '/staff/invitations/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke an open invitation: its link stops working',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeStaffInvitation(app.db, principalOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/staff/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Change an account's role (shopper takes the staff role away); not your own, not the last admin's",
        params,
        body: staffRoleChangeSchema,
        response: { 200: z.object({ user: z.object({ id: z.string(), role: roleSchema }) }) },
      },
    },
    async (request) => {
      const user = await changeStaffRole(
        app.db,
        principalOf(request).userId,
        request.params.id,
        request.body.role,
      );
      // The account's next call, even a read, must find its new role rather than a cached one.
      app.accountCache.forgetUser(user.id);
      return { user };
    },
  );
};

/** The invitee's side: accepting from the mailed link, signed in with the invited email. */
export const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app);

  app.post(
    '/staff_invitations/accept',
    {
      schema: {
        tags: ['user'],
        summary:
          'Accept an invitation to the staff: the signed-in account (of the invited email) becomes an operator',
        body: staffInvitationAcceptSchema,
        response: { 200: z.object({ role: roleSchema }) },
      },
    },
    async (request) => {
      const { user } = await accountOf(request);
      return acceptStaffInvitation(app.db, user, request.body.token, new Date());
    },
  );
};
