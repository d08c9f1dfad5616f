import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { deriveKey } from '../../lib/secrets.js';
import { users } from '../users/users.table.js';
import { createSession, rotateRefreshToken } from './sessions.service.js';
import { sessions } from './sessions.table.js';
import { consumeUserSecret, issueUserSecret } from './user-secrets.service.js';
import { userSecrets } from './user-secrets.table.js';

let database: TestDatabase;
let userId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ email: 'rules@example.com', passwordHash: 'x', firstName: 'A', lastName: 'B' })
    .returning();
  userId = user!.id;
});
afterAll(() => database.dispose());

describe('refresh token rotation', () => {
  it('lets only one of two simultaneous refreshes rotate; the other gets the grace answer', async () => {
    const { refreshToken } = await createSession(database.db, { userId, rememberMe: false });
    const outcomes = await Promise.all([
      rotateRefreshToken(database.db, refreshToken, { graceSeconds: 10 }),
      rotateRefreshToken(database.db, refreshToken, { graceSeconds: 10 }),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['grace', 'rotated']);
  });

  it('without a grace period, the loser of the race revokes the family', async () => {
    const { session, refreshToken } = await createSession(database.db, { userId, rememberMe: false });
    const outcomes = await Promise.all([
      rotateRefreshToken(database.db, refreshToken, { graceSeconds: 0 }),
      rotateRefreshToken(database.db, refreshToken, { graceSeconds: 0 }),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['reused', 'rotated']);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.revokedReason).toBe('refresh_token_reuse');
  });

  it('refuses tokens that are malformed, unknown, or of an expired session', async () => {
    const { session, refreshToken } = await createSession(database.db, { userId, rememberMe: true });
    expect((await rotateRefreshToken(database.db, 'nonsense', { graceSeconds: 10 })).kind).toBe('invalid');
    const unknownFamily = `00000000-0000-4000-8000-000000000000.${refreshToken.split('.')[1]}`;
    expect((await rotateRefreshToken(database.db, unknownFamily, { graceSeconds: 10 })).kind).toBe('invalid');
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.id, session.id));
    expect((await rotateRefreshToken(database.db, refreshToken, { graceSeconds: 10 })).kind).toBe('invalid');
  });

  it('slides the expiry of a remembered session forward by 30 days at each rotation', async () => {
    const { refreshToken } = await createSession(database.db, { userId, rememberMe: true });
    const outcome = await rotateRefreshToken(database.db, refreshToken, { graceSeconds: 10 });
    if (outcome.kind !== 'rotated') throw new Error(outcome.kind);
    const days = (outcome.session.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(outcome.session.generation).toBe(1);
  });
});

describe('mailed secrets', () => {
  const key = deriveKey('k'.repeat(40), 'test');

  it('works once, even when presented twice at the same moment', async () => {
    await issueUserSecret(database.db, key, { userId, purpose: 'password_reset', secret: 'token-1' });
    const results = await Promise.all([
      consumeUserSecret(database.db, key, { userId, purpose: 'password_reset', presented: 'token-1' }),
      consumeUserSecret(database.db, key, { userId, purpose: 'password_reset', presented: 'token-1' }),
    ]);
    expect(results.sort()).toEqual(['invalid', 'ok']);
  });

  it('is replaced by a newer one, and stored only as a keyed hash', async () => {
    await issueUserSecret(database.db, key, { userId, purpose: 'email_verification', secret: '111111' });
    await issueUserSecret(database.db, key, { userId, purpose: 'email_verification', secret: '222222' });
    const [row] = await database.db.select().from(userSecrets).where(eq(userSecrets.userId, userId));
    expect(JSON.stringify(row)).not.toContain('222222');
    const check = (presented: string) =>
      consumeUserSecret(database.db, key, { userId, purpose: 'email_verification', presented });
    expect(await check('111111')).toBe('invalid');
    expect(await check('222222')).toBe('ok');
  });

  it('tells "expired" only to the holder of the right secret', async () => {
    await issueUserSecret(database.db, key, { userId, purpose: 'tfa_reset', secret: 'right' });
    await database.db
      .update(userSecrets)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(userSecrets.userId, userId));
    const check = (presented: string) =>
      consumeUserSecret(database.db, key, { userId, purpose: 'tfa_reset', presented });
    expect(await check('wrong')).toBe('invalid');
    expect(await check('right')).toBe('expired');
  });

  it('keeps purposes apart', async () => {
    await issueUserSecret(database.db, key, { userId, purpose: 'password_reset', secret: 'shared' });
    expect(
      await consumeUserSecret(database.db, key, { userId, purpose: 'tfa_reset', presented: 'shared' }),
    ).toBe('invalid');
  });
});
