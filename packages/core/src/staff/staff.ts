import { z } from 'zod';
import { emailSchema } from '../validation/auth.js';
import { fails } from '../validation/issue-codes.js';

export const USER_ROLES = ['shopper', 'operator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** How long an invitation to the staff can be accepted. */
export const STAFF_INVITATION_TTL_DAYS = 7;

/** An admin invites someone to become an operator, by the email they will sign in with. */
export const staffInvitationRequestSchema = z.object({ email: emailSchema });

/** The invitee accepts with the token from their mail. */
export const staffInvitationAcceptSchema = z.object({
  token: z
    .string(fails('staff_invitation/invalid_token'))
    .min(1, 'staff_invitation/invalid_token')
    .max(200, 'staff_invitation/invalid_token'),
});

/** An admin gives an account a role, or takes the staff role away (back to shopper). */
export const staffRoleChangeSchema = z.object({
  role: z.enum(USER_ROLES, fails('general/argument_error')),
});

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['operator', 'admin']),
  tfaEnabled: z.boolean(),
  /** When they last signed in, if they ever have. */
  lastSignInAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffListSchema = z.object({
  staff: z.array(staffMemberSchema),
  /** Invitations not yet accepted or revoked, newest first; expired ones stay until replaced or revoked. */
  invitations: z.array(staffInvitationSchema),
});
export type StaffList = z.infer<typeof staffListSchema>;
