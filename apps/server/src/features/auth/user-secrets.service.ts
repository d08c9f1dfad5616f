import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { keyedHash, sameSecret } from '../../lib/secrets.js';
import { type UserSecretPurpose, userSecrets } from './user-secrets.table.js';

/** How long each mailed secret lives, and how many wrong tries void it. */
export const SECRET_RULES: Record<UserSecretPurpose, { ttlMinutes: number; maxFailedAttempts: number }> = {
  email_verification: { ttlMinutes: 60, maxFailedAttempts: 5 },
  password_reset: { ttlMinutes: 60, maxFailedAttempts: 5 },
  tfa_reset: { ttlMinutes: 60, maxFailedAttempts: 5 },
};

/** Stores (the keyed hash of) a new secret, replacing any earlier one of the same purpose. */
export async function issueUserSecret(
  db: Database,
  key: Buffer,
  input: { userId: string; purpose: UserSecretPurpose; secret: string },
): Promise<void> {
  const values = {
    secretHash: keyedHash(key, input.secret),
    failedAttempts: 0,
    expiresAt: new Date(Date.now() + SECRET_RULES[input.purpose].ttlMinutes * 60_000),
    createdAt: new Date(),
  };
  await db
    .insert(userSecrets)
    .values({ userId: input.userId, purpose: input.purpose, ...values })
    .onConflictDoUpdate({ target: [userSecrets.userId, userSecrets.purpose], set: values });
}

/**
 * Secrets a day past their expiry. For that day a holder of the right secret is still told it expired
 * rather than that it is wrong.
 */
export const staleUserSecrets = sql`${userSecrets.expiresAt} < now() - interval '1 day'`;

export type SecretCheck = 'ok' | 'invalid' | 'expired';

/**
 * Uses up the user's secret if `presented` is it. Every try first takes one of the secret's few
 * attempts in a single conditional update, and only then is the secret compared: a wrong guess keeps
 * the attempt, a right one deletes the secret. So a burst of parallel guesses gets no more tries than a
 * sequence, a six-digit code cannot be walked, and once the attempts are used even the right secret is
 * refused. "expired" is only told to someone who holds the right secret.
 */
export async function consumeUserSecret(
  db: Database,
  key: Buffer,
  input: { userId: string; purpose: UserSecretPurpose; presented: string },
): Promise<SecretCheck> {
  const where = and(eq(userSecrets.userId, input.userId), eq(userSecrets.purpose, input.purpose));
  const [reserved] = await db
    .update(userSecrets)
    .set({ failedAttempts: sql`${userSecrets.failedAttempts} + 1` })
    .where(and(where, lt(userSecrets.failedAttempts, SECRET_RULES[input.purpose].maxFailedAttempts)))
    .returning({ secretHash: userSecrets.secretHash, expiresAt: userSecrets.expiresAt });
  if (!reserved) return 'invalid';
  const presentedHash = keyedHash(key, input.presented);
  if (!sameSecret(presentedHash, reserved.secretHash)) return 'invalid';
  if (reserved.expiresAt.getTime() <= Date.now()) return 'expired';
  // Deleting by hash makes the secret single-use even when two requests present it at once.
  const used = await db
    .delete(userSecrets)
    .where(and(where, eq(userSecrets.secretHash, presentedHash)))
    .returning({ userId: userSecrets.userId });
  return used.length > 0 ? 'ok' : 'invalid';
}
