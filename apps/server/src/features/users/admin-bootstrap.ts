import { passwordSchema } from '@crossbuy/core/validation';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { hashPassword } from '../../lib/passwords.js';
import { users } from './users.table.js';

export class AdminBootstrapError extends Error {}

/**
 * Creates the operator account named by ADMIN_EMAIL/ADMIN_PASSWORD, or brings an existing one up to
 * date, so no operator ever has a built-in password. The password must pass the shoppers' rule too.
 */
export async function ensureAdminAccount(
  db: Database,
  admin: { email: string; password: string },
): Promise<'created' | 'updated'> {
  if (!passwordSchema.safeParse(admin.password).success) {
    throw new AdminBootstrapError(
      'ADMIN_PASSWORD is too weak: use 8+ characters with upper- and lower-case letters and a number or symbol',
    );
  }
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  const now = new Date();
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing[0]) {
    await db
      .update(users)
      .set({ passwordHash, role: 'admin', emailVerifiedAt: now, blacklistedAt: null, updatedAt: now })
      .where(eq(users.id, existing[0].id));
    return 'updated';
  }
  await db.insert(users).values({
    email,
    passwordHash,
    firstName: 'Store',
    lastName: 'Administrator',
    role: 'admin',
    emailVerifiedAt: now,
    acceptedTermsAt: now,
  });
  return 'created';
}
