import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { AdminBootstrapError, ensureAdminAccount } from './admin-bootstrap.js';
import { users } from './users.table.js';

describe('ensureAdminAccount', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(() => database.dispose());

  const findAdmin = async () =>
    (await database.db.select().from(users).where(eq(users.email, 'ops@example.com')))[0];

  it('creates a verified admin with an argon2id hash of the given password', async () => {
    expect(
      await ensureAdminAccount(database.db, { email: ' Ops@Example.com ', password: 'Secret-123' }),
    ).toBe('created');
    const admin = await findAdmin();
    expect(admin).toMatchObject({ role: 'admin', email: 'ops@example.com' });
    expect(admin?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(admin?.passwordHash ?? '', 'Secret-123')).toBe(true);
  });

  it('updates the password and role of an existing account instead of adding another', async () => {
    await ensureAdminAccount(database.db, { email: 'ops@example.com', password: 'Secret-123' });
    await database.db.update(users).set({ role: 'shopper' }).where(eq(users.email, 'ops@example.com'));
    expect(await ensureAdminAccount(database.db, { email: 'ops@example.com', password: 'Other-456' })).toBe(
      'updated',
    );
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe('admin');
    expect(await verify(rows[0]?.passwordHash ?? '', 'Other-456')).toBe(true);
  });

  it('refuses a weak password and creates nothing', async () => {
    await expect(
      ensureAdminAccount(database.db, { email: 'ops@example.com', password: 'password' }),
    ).rejects.toThrow(AdminBootstrapError);
    expect(await database.db.select().from(users)).toEqual([]);
  });
});
