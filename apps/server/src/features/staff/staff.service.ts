import { AppError } from '@crossbuy/core/errors';
import {
  STAFF_INVITATION_TTL_DAYS,
  type StaffInvitation,
  type StaffList,
  type StaffMember,
  type UserRole,
} from '@crossbuy/core/staff';
import { and, asc, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { recordAudit } from '../audit/audit.service.js';
import { announceRevocation } from '../auth/revocations.js';
import { sessions } from '../auth/sessions.table.js';
import { enqueueMail } from '../mail/mailer.js';
import { staffInvitationMail } from '../mail/templates.js';
import { type UserRow, users } from '../users/users.table.js';
import { type StaffInvitationRow, staffInvitations } from './staff.table.js';

const isOpen = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt));

/** The staff (operators and admins) and the invitations still open. Both are a handful of rows. */
export async function listStaff(db: Database, now: Date): Promise<StaffList> {
  const [members, invitations] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        tfaEnabledAt: users.tfaEnabledAt,
      })
      .from(users)
      .where(inArray(users.role, ['operator', 'admin']))
      .orderBy(asc(users.email)),
    db
      .select({ invitation: staffInvitations, invitedBy: users.email })
      .from(staffInvitations)
      .leftJoin(users, eq(users.id, staffInvitations.invitedByUserId))
      .where(isOpen)
      .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id)),
  ]);
  // Sessions are kept a while after they end, so the latest one started is the last sign-in we know of.
  const signIns =
    members.length === 0
      ? []
      : await db
          .select({ userId: sessions.userId, at: max(sessions.createdAt) })
          .from(sessions)
          .where(
            inArray(
              sessions.userId,
              members.map((member) => member.id),
            ),
          )
          .groupBy(sessions.userId);
  const lastSignIn = new Map(signIns.map((row) => [row.userId, row.at]));
  return {
    staff: members.map(
      (member): StaffMember => ({
        id: member.id,
        email: member.email,
        name: `${member.firstName} ${member.lastName}`.trim(),
        role: member.role === 'admin' ? 'admin' : 'operator',
        tfaEnabled: member.tfaEnabledAt !== null,
        lastSignInAt: lastSignIn.get(member.id)?.toISOString() ?? null,
      }),
    ),
    invitations: invitations.map(({ invitation, invitedBy }) => toInvitation(invitation, invitedBy, now)),
  };
}

function toInvitation(row: StaffInvitationRow, invitedBy: string | null, now: Date): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

/**
 * Mails `email` a single-use link to join the staff as an operator. Inviting an email that has an open
 * invitation gives it a new token and a new expiry, so only the latest link works.
 */
export async function inviteStaff(
  db: Database,
  actorUserId: string,
  email: string,
  linkOrigin: string,
  now: Date,
): Promise<StaffInvitation> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + STAFF_INVITATION_TTL_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, email))
      .for('no key update');
    if (existing && existing.role !== 'shopper') throw new AppError('staff/already_staff', [email]);
    const [before] = await tx
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.email, email), isOpen))
      .for('update');
    const fresh = { tokenHash: sha256(token), invitedByUserId: actorUserId, createdAt: now, expiresAt };
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({ email, ...fresh })
      .onConflictDoUpdate({
        target: staffInvitations.email,
        targetWhere: sql`${staffInvitations.acceptedAt} IS NULL AND ${staffInvitations.revokedAt} IS NULL`,
        set: fresh,
      })
      .returning();
    if (!invitation) throw new Error('the invitation was not written');
    await recordAudit(tx, {
      actorUserId,
      action: 'staff_invitation.send',
      subject: { type: 'staff_invitation', id: invitation.id },
      before: before ? { email: before.email, expiresAt: before.expiresAt.toISOString() } : null,
      after: { email: invitation.email, expiresAt: invitation.expiresAt.toISOString() },
    });
    const [inviter] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actorUserId));
    const link = new URL('/staff_invitation', linkOrigin);
    link.searchParams.set('token', token);
    await enqueueMail(tx, {
      template: 'staff_invitation',
      to: email,
      content: staffInvitationMail({
        invitedBy: inviter?.email ?? 'The store',
        link: link.toString(),
        expiresInDays: STAFF_INVITATION_TTL_DAYS,
      }),
    });
    return toInvitation(invitation, inviter?.email ?? null, now);
  });
}

/** Withdraws an open invitation: its link stops working. An accepted or revoked one is not found. */
export async function revokeStaffInvitation(db: Database, actorUserId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('staff_invitation/not_found');
  await db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.id, id), isOpen))
      .for('update');
    if (!open) throw new AppError('staff_invitation/not_found');
    const [revoked] = await tx
      .update(staffInvitations)
      .set({ revokedAt: sql`now()` })
      .where(eq(staffInvitations.id, id))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: 'staff_invitation.revoke',
      subject: { type: 'staff_invitation', id },
      before: { email: open.email, revokedAt: null },
      after: { email: open.email, revokedAt: revoked?.revokedAt?.toISOString() ?? null },
    });
  });
}

/**
 * The invitee, signed in with the invited email, accepts: a shopper becomes an operator (staff keep their
 * role). The invitation is locked and marked used in one transaction, so of parallel accepts one wins.
 * Following the mailed link proves the mailbox, so the email counts as verified.
 */
export async function acceptStaffInvitation(
  db: Database,
  account: UserRow,
  token: string,
  now: Date,
): Promise<{ role: UserRole }> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, sha256(token)))
      .for('update');
    if (!invitation || invitation.acceptedAt || invitation.revokedAt) {
      throw new AppError('staff_invitation/invalid_token');
    }
    if (invitation.expiresAt <= now) throw new AppError('staff_invitation/expired');
    if (invitation.email !== account.email) {
      throw new AppError('staff_invitation/wrong_account', [invitation.email]);
    }
    const [before] = await tx.select().from(users).where(eq(users.id, account.id)).for('no key update');
    if (!before) throw new AppError('auth/invalid_access_token');
    const role: UserRole = before.role === 'shopper' ? 'operator' : before.role;
    await tx
      .update(users)
      .set({ role, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: now })
      .where(eq(users.id, account.id));
    const [accepted] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now, acceptedByUserId: account.id })
      .where(eq(staffInvitations.id, invitation.id))
      .returning();
    await recordAudit(tx, {
      actorUserId: account.id,
      action: 'staff_invitation.accept',
      subject: { type: 'staff_invitation', id: invitation.id },
      before: { acceptedAt: null },
      after: { acceptedAt: accepted?.acceptedAt?.toISOString() ?? null, acceptedByUserId: account.id },
    });
    if (role !== before.role) {
      await recordAudit(tx, {
        actorUserId: account.id,
        action: 'user.change_role',
        subject: { type: 'user', id: account.id },
        before: { role: before.role },
        after: { role },
      });
    }
    return { role };
  });
}

/**
 * An admin gives an account a role. Every admin row is locked first, in one order, so role changes run
 * one after another: of two admins demoting each other at once, the second finds it would leave no admin,
 * or that it is no longer an admin itself. Nobody changes their own role.
 */
export async function changeStaffRole(
  db: Database,
  actorUserId: string,
  targetId: string,
  role: UserRole,
): Promise<{ id: string; role: UserRole }> {
  if (!isUuid(targetId)) throw new AppError('user/not_found');
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('no key update');
    const [target] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, targetId))
      .for('no key update');
    if (!target) throw new AppError('user/not_found');
    if (target.id === actorUserId) throw new AppError('staff/own_role');
    if (target.role === 'admin' && role !== 'admin' && admins.length <= 1) {
      throw new AppError('staff/last_admin');
    }
    // The guard read the caller's row before these locks; another admin may have demoted them since.
    if (!admins.some((admin) => admin.id === actorUserId)) throw new AppError('auth/not_authorized');
    if (target.role === role) return target;
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, target.id));
    // Every process drops the account it cached with the old role, and a demoted member's back-office
    // streams end (docs/decisions/0060).
    await announceRevocation(tx, { userId: target.id });
    await recordAudit(tx, {
      actorUserId,
      action: 'user.change_role',
      subject: { type: 'user', id: target.id },
      before: { role: target.role },
      after: { role },
    });
    return { id: target.id, role };
  });
}
