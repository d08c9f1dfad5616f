import { AppError } from '@crossbuy/core/errors';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { revokeUserSessions } from '../auth/sessions.service.js';
import { type UserRow, users } from '../users/users.table.js';

export type Actor = { userId: string; role: UserRow['role'] };

/** The account a staff action changes, locked for the caller's transaction so its audit entry's "before" holds. */
async function staffTarget(tx: Database, actor: Actor, targetId: string): Promise<UserRow> {
  if (!isUuid(targetId)) throw new AppError('user/not_found');
  const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('no key update');
  if (!target) throw new AppError('user/not_found');
  // Operators act on shoppers; only an admin may act on staff, and nobody on their own account.
  if (target.id === actor.userId) throw new AppError('auth/not_authorized');
  if (target.role !== 'shopper' && actor.role !== 'admin') throw new AppError('auth/not_authorized');
  return target;
}

/** Refuses the account everywhere from now on: its sessions end and it can neither sign in nor refresh. */
export function blacklistUser(db: Database, actor: Actor, targetId: string): Promise<UserRow> {
  return setBlacklisted(db, actor, targetId, true);
}

/** Lets the account in again; it signs in afresh, as its sessions ended when it was refused. */
export function unblacklistUser(db: Database, actor: Actor, targetId: string): Promise<UserRow> {
  return setBlacklisted(db, actor, targetId, false);
}

async function setBlacklisted(
  db: Database,
  actor: Actor,
  targetId: string,
  blacklisted: boolean,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await staffTarget(tx, actor, targetId);
    const [user] = await tx
      .update(users)
      // Blacklisting twice keeps the first time.
      .set({
        blacklistedAt: blacklisted ? sql`coalesce(${users.blacklistedAt}, now())` : null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, target.id))
      .returning();
    if (blacklisted) await revokeUserSessions(tx, target.id, 'blacklisted');
    const changed = user ?? target;
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: blacklisted ? 'user.blacklist' : 'user.unblacklist',
      subject: { type: 'user', id: target.id },
      before: { blacklistedAt: target.blacklistedAt },
      after: { blacklistedAt: changed.blacklistedAt },
    });
    return changed;
  });
}
