import { eq } from 'drizzle-orm';
import { users } from '../features/users/users.table.js';
import type { Database } from './client.js';

/**
 * Runs `work` in a transaction holding the owner's row lock, so concurrent calls of one user (two tabs,
 * a double click, a burst) see each other's writes: per-user count limits and "only one" rules hold.
 * FOR NO KEY UPDATE does not block inserts elsewhere that merely reference the user.
 */
export function asOwner<T>(db: Database, userId: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    return work(tx);
  });
}
