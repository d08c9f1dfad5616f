import { AppError } from '@crossbuy/core/errors';
import type { ProfileUpdateOutput } from '@crossbuy/core/validation';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { type UserRow, users } from './users.table.js';

/** Updates the fields given; email and password have calls of their own. */
export async function updateProfile(
  db: Database,
  userId: string,
  input: ProfileUpdateOutput,
): Promise<UserRow> {
  const { acceptTerms, ...fields } = input;
  const [user] = await db
    .update(users)
    .set({
      ...fields,
      ...(acceptTerms ? { acceptedTermsAt: sql`coalesce(${users.acceptedTermsAt}, now())` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError('user/not_found');
  return user;
}

export type DisplayName = { id: string; displayName: string };

/**
 * Names to show beside messages: first name and last initial, nothing else. Unknown and malformed
 * ids are left out rather than refused, so one deleted account does not break a whole thread.
 */
export async function displayNames(db: Database, userIds: readonly string[]): Promise<DisplayName[]> {
  const ids = [...new Set(userIds.filter(isUuid).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  return rows.map((row) => ({
    id: row.id,
    displayName: row.lastName ? `${row.firstName} ${row.lastName.charAt(0)}.` : row.firstName,
  }));
}
