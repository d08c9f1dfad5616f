import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import {
  staffInvitationAcceptSchema,
  staffInvitationRequestSchema,
  staffInvitationSchema,
  staffListSchema,
  staffRoleChangeSchema,
  USER_ROLES,
} from './staff.js';

const roleSchema = z.enum(USER_ROLES);
const params = z.object({ id: z.string().max(64) });

/** The store's staff and the invitations to join it: admins only, but for the invitee's acceptance. */
export const staffCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/staff',
    tag: 'admin',
    summary: 'The operators and admins, with two-factor and last sign-in, and the open invitations',
    responses: { 200: staffListSchema },
  }),
  invite: defineCall({
    method: 'post',
    path: '/admin/staff/invitations',
    tag: 'admin',
    summary: 'Invite someone to be an operator: mails a single-use link for 7 days, replacing an older one',
    body: staffInvitationRequestSchema,
    responses: { 201: z.object({ invitation: staffInvitationSchema }) },
  }),
  revokeInvitation: defineCall({
    method: 'delete',
    path: '/admin/staff/invitations/{id}',
    tag: 'admin',
    summary: 'Revoke an open invitation: its link stops working',
    params,
    responses: { 204: null },
  }),
  changeRole: defineCall({
    method: 'post',
    path: '/admin/staff/{id}/role',
    tag: 'admin',
    summary:
      "Change an account's role (shopper takes the staff role away); not your own, not the last admin's",
    params,
    body: staffRoleChangeSchema,
    responses: { 200: z.object({ user: z.object({ id: z.string(), role: roleSchema }) }) },
  }),
  acceptInvitation: defineCall({
    method: 'post',
    path: '/staff_invitations/accept',
    tag: 'user',
    summary:
      'Accept an invitation to the staff: the signed-in account (of the invited email) becomes an operator',
    body: staffInvitationAcceptSchema,
    responses: { 200: z.object({ role: roleSchema }) },
  }),
};
