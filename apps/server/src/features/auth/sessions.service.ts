import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oncePerDatabase } from '../../db/once-per-database.js';
import { randomToken, sameSecret, sha256 } from '../../lib/secrets.js';
import { type UserRow, users } from '../users/users.table.js';
import { announceRevocation } from './revocations.js';
import { type SessionRow, sessions } from './sessions.table.js';

/** A session remembered with "remember me" lives this long after its last refresh. */
export const REMEMBER_ME_DAYS = 30;
/** Without "remember me" the cookie ends with the browser; the server forgets an idle session after this. */
export const BROWSER_SESSION_HOURS = 24;
// Dead sessions are kept a little while for support questions, then pruned at the owner's next sign-in
// and by the periodic clean-up.
const PRUNE_AFTER_DAYS = 7;

const DAY_MS = 86_400_000;

function expiryFor(rememberMe: boolean, from = Date.now()): Date {
  return new Date(from + (rememberMe ? REMEMBER_ME_DAYS * DAY_MS : (BROWSER_SESSION_HOURS * DAY_MS) / 24));
}

/** The refresh token names its family, so a presented token finds its row by primary key. */
function parseRefreshToken(token: string): { sessionId: string; secret: string } | undefined {
  const match = /^([0-9a-f-]{36})\.([\w-]{43})$/.exec(token);
  return match ? { sessionId: match[1] as string, secret: match[2] as string } : undefined;
}

/** Sessions a week past their end: a token of theirs is refused whether the row is there or not. */
export const staleSessions = sql`(${sessions.expiresAt} < now() - make_interval(days => ${PRUNE_AFTER_DAYS})
  or ${sessions.revokedAt} < now() - make_interval(days => ${PRUNE_AFTER_DAYS}))`;

export type NewSession = { session: SessionRow; refreshToken: string };

export async function createSession(
  db: Database,
  input: { userId: string; rememberMe: boolean; userAgent?: string | undefined; tfaPassed?: boolean },
): Promise<NewSession> {
  const id = randomUUID();
  const secret = randomToken();
  await db.delete(sessions).where(and(eq(sessions.userId, input.userId), staleSessions));
  const [session] = await db
    .insert(sessions)
    .values({
      id,
      userId: input.userId,
      tokenHash: sha256(secret),
      rememberMe: input.rememberMe,
      tfaPassed: input.tfaPassed ?? false,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      expiresAt: expiryFor(input.rememberMe),
    })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  return { session, refreshToken: `${id}.${secret}` };
}

export type ActiveAccount = { session: SessionRow; user: UserRow };

/** The live session `sessionId` of `userId` with its user, or undefined if it ended or never was. */
export async function findActiveSession(
  db: Database,
  sessionId: string,
  userId: string,
): Promise<ActiveAccount | undefined> {
  const [row] = await activeSessionLookup(db).execute({ sessionId, userId });
  return row;
}

function prepareActiveSessionLookup(db: Database) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('auth_active_session');
}

/**
 * The session check runs before every call that changes something, so it is built once per database and
 * prepared under a name: PostgreSQL plans it once per connection instead of on every call.
 */
const activeSessionLookup = oncePerDatabase(prepareActiveSessionLookup);

export type RefreshOutcome =
  | { kind: 'rotated'; session: SessionRow; user: UserRow; refreshToken: string }
  /** The previous token again within the grace period: a new access token, but the refresh token stays. */
  | { kind: 'grace'; session: SessionRow; user: UserRow }
  | { kind: 'blacklisted'; user: UserRow }
  | { kind: 'invalid' }
  /** A token of this family that is no longer its own: the family has just been revoked. */
  | { kind: 'reused' };

/**
 * Exchanges a refresh token for the next one. The swap is a compare-and-set on the stored hash, so two
 * concurrent refreshes with the same token cannot both rotate.
 */
export async function rotateRefreshToken(
  db: Database,
  token: string,
  options: { graceSeconds: number },
): Promise<RefreshOutcome> {
  const parsed = parseRefreshToken(token);
  if (!parsed) return { kind: 'invalid' };
  const presentedHash = sha256(parsed.secret);

  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, parsed.sessionId))
    .limit(1);
  if (!found) return { kind: 'invalid' };
  const { session, user } = found;
  if (user.blacklistedAt) return { kind: 'blacklisted', user };
  if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' };

  if (sameSecret(presentedHash, session.tokenHash)) {
    const secret = randomToken();
    const [rotated] = await db
      .update(sessions)
      .set({
        tokenHash: sha256(secret),
        previousTokenHash: session.tokenHash,
        generation: sql`${sessions.generation} + 1`,
        rotatedAt: new Date(),
        expiresAt: expiryFor(session.rememberMe),
      })
      .where(
        and(eq(sessions.id, session.id), eq(sessions.tokenHash, presentedHash), isNull(sessions.revokedAt)),
      )
      .returning();
    if (rotated) return { kind: 'rotated', session: rotated, user, refreshToken: `${session.id}.${secret}` };
    // Another request rotated this token a moment ago: judge it as the previous token.
    const [current] = await db.select().from(sessions).where(eq(sessions.id, session.id)).limit(1);
    if (!current || current.revokedAt) return { kind: 'invalid' };
    return judgePrevious(db, current, user, presentedHash, options.graceSeconds);
  }
  return judgePrevious(db, session, user, presentedHash, options.graceSeconds);
}

async function judgePrevious(
  db: Database,
  session: SessionRow,
  user: UserRow,
  presentedHash: string,
  graceSeconds: number,
): Promise<RefreshOutcome> {
  const isPrevious =
    session.previousTokenHash !== null && sameSecret(presentedHash, session.previousTokenHash);
  if (isPrevious && Date.now() - session.rotatedAt.getTime() <= graceSeconds * 1000) {
    return { kind: 'grace', session, user };
  }
  await db.transaction((tx) => revokeSession(tx, session.id, 'refresh_token_reuse'));
  return { kind: 'reused' };
}

/** The live session a refresh token belongs to, if the token is that session's current or previous one. */
export async function sessionIdOfRefreshToken(db: Database, token: string): Promise<string | undefined> {
  const parsed = parseRefreshToken(token);
  if (!parsed) return undefined;
  const [session] = await db.select().from(sessions).where(eq(sessions.id, parsed.sessionId)).limit(1);
  if (!session) return undefined;
  const hash = sha256(parsed.secret);
  const known =
    sameSecret(hash, session.tokenHash) ||
    (session.previousTokenHash !== null && sameSecret(hash, session.previousTokenHash));
  return known ? session.id : undefined;
}

/**
 * Ends the session and announces it to every process (docs/decisions/0060). `tx` is the transaction
 * making the change, so the announcement goes out only if the change commits.
 */
export async function revokeSession(tx: Database, sessionId: string, reason: string): Promise<void> {
  const [revoked] = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  if (revoked) await announceRevocation(tx, { userId: revoked.userId, sessionId });
}

/**
 * Ends every live session of the user, except `keepSessionId` (the one making the change), and announces
 * it to every process in `tx`, the transaction making the change. Answers how many were ended.
 */
export async function revokeUserSessions(
  tx: Database,
  userId: string,
  reason: string,
  keepSessionId?: string,
): Promise<number> {
  const filters = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) filters.push(ne(sessions.id, keepSessionId));
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...filters))
    .returning({ id: sessions.id });
  if (revoked.length > 0) await announceRevocation(tx, { userId });
  return revoked.length;
}

export async function setSessionTfaPassed(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ tfaPassed: true }).where(eq(sessions.id, sessionId));
}

/**
 * After two-factor is turned off no session of the user counts as having passed it: back-office access
 * ends, so it is announced like a revocation, in `tx`, the transaction making the change.
 */
export async function clearTfaPassed(tx: Database, userId: string): Promise<void> {
  await tx.update(sessions).set({ tfaPassed: false }).where(eq(sessions.userId, userId));
  await announceRevocation(tx, { userId });
}
