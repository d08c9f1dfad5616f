import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@crossbuy/core/validation';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deriveKey, keyedHash } from '../../lib/secrets.js';
import { tfaRecoveryCodes } from './tfa.table.js';

// Recovery codes (docs/decisions/0064): ten single-use codes that pass two-factor in place of the
// authenticator's. Each carries 60 random bits, so a keyed SHA-256 is all the storing they need: no
// guessing against the rate limits or a leaked table (without the key) comes near, and a fast hash can be
// looked up by value, which lets one DELETE both find a code and use it up.

/** The key recovery codes are hashed under, derived from the store's session secret. */
export function recoveryCodeKey(sessionSecret: string): Buffer {
  return deriveKey(sessionSecret, 'tfa-recovery-code:v1');
}

/** A new code in its stored form: twelve characters of the recovery code alphabet. */
export function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index += 1) {
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * The stored hash of one user's code. The user's id is part of it, so a row copied to another account
 * passes nothing there.
 */
export function recoveryCodeHash(key: Buffer, userId: string, code: string): string {
  return keyedHash(key, `${userId}:${code}`);
}

/**
 * Replaces every code of the user with {@link RECOVERY_CODE_COUNT} new ones and answers them in their
 * stored form; this is the only time they exist outside a hash. Run it in the transaction that makes
 * the change calling for new codes.
 */
export async function replaceRecoveryCodes(db: Database, key: Buffer, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await deleteRecoveryCodes(db, userId);
  await db
    .insert(tfaRecoveryCodes)
    .values([...codes].map((code) => ({ userId, codeHash: recoveryCodeHash(key, userId, code) })));
  return [...codes];
}

/**
 * Uses up the user's code if it is one of theirs. The row is deleted by its hash and only a request that
 * deleted it is told yes, so of any number of requests presenting the same code at once exactly one
 * passes: the others wait on the row's lock and then find it gone.
 */
export async function useRecoveryCode(
  db: Database,
  key: Buffer,
  userId: string,
  code: string,
): Promise<boolean> {
  const used = await db
    .delete(tfaRecoveryCodes)
    .where(
      and(
        eq(tfaRecoveryCodes.userId, userId),
        eq(tfaRecoveryCodes.codeHash, recoveryCodeHash(key, userId, code)),
      ),
    )
    .returning({ id: tfaRecoveryCodes.id });
  return used.length > 0;
}

export async function unusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ unused: count() })
    .from(tfaRecoveryCodes)
    .where(eq(tfaRecoveryCodes.userId, userId));
  return row?.unused ?? 0;
}

export async function deleteRecoveryCodes(db: Database, userId: string): Promise<void> {
  await db.delete(tfaRecoveryCodes).where(eq(tfaRecoveryCodes.userId, userId));
}
