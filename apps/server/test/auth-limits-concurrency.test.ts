import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/features/auth/rate-limits.js';
import { SECRET_RULES } from '../src/features/auth/user-secrets.service.js';
import { type UserSecretPurpose, userSecrets } from '../src/features/auth/user-secrets.table.js';
import { users } from '../src/features/users/users.table.js';
import {
  browserSignedInAs,
  createUserWithPassword,
  nextIp,
  PASSWORD,
  registration,
} from './helpers/accounts.js';
import {
  errorCode,
  linkParamFor,
  mailCount,
  TestBrowser,
  totpCode,
  verificationCodeFor,
} from './helpers/browser.js';
import { createTestApp, createUser, type TestApp } from './helpers/test-app.js';

// With TEST_REDIS_URL the app keeps its limits in Redis, so the bursts below test the Redis script;
// otherwise they test the memory store. The secrets' own limits are in the database either way.
const redisUrl = process.env.TEST_REDIS_URL;
const redisPrefix = `crossbuy-test:${randomBytes(6).toString('hex')}:`;

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({
    env: redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix } : {},
  });
});
afterAll(async () => {
  await harness.close();
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const open = (ip = nextIp()) => TestBrowser.open(harness.app, ip);

type Response = Awaited<ReturnType<TestBrowser['post']>>;

/** How many answers carried each error code (or "ok" for 2xx). */
function tally(responses: Response[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const response of responses) {
    const key = response.statusCode < 300 ? 'ok' : (errorCode(response) ?? String(response.statusCode));
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

function burst<T>(size: number, request: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: size }, (_, index) => request(index)));
}

async function failedAttempts(
  app: TestApp['app'],
  userId: string,
  purpose: UserSecretPurpose,
): Promise<number | undefined> {
  const [row] = await app.db
    .select({ failedAttempts: userSecrets.failedAttempts })
    .from(userSecrets)
    .where(and(eq(userSecrets.userId, userId), eq(userSecrets.purpose, purpose)));
  return row?.failedAttempts;
}

const WRONG_PASSWORD = 'Wrong-123';

describe('sign-in under a burst of guesses', () => {
  it('checks only as many of 39 parallel wrong passwords as the limit allows, then refuses the right one', async () => {
    const user = await createUserWithPassword(harness.app);
    const attacker = await open();
    const answers = await burst(39, () =>
      attacker.post('/api/auth/login', { email: user.email, password: WRONG_PASSWORD }),
    );
    // Each password checked answers wrong_email_or_password; the rest were refused before the check.
    expect(tally(answers)).toEqual({
      'auth/wrong_email_or_password': LIMITS.signInFailuresPerAccountAtAddress.max,
      'general/rate_limited': 39 - LIMITS.signInFailuresPerAccountAtAddress.max,
    });
    const right = await attacker.post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(errorCode(right)).toBe('general/rate_limited');
  });

  it("lets the owner sign in from their own address while an attacker's address is held back", async () => {
    const user = await createUserWithPassword(harness.app);
    const attacker = await open();
    const guesses = await burst(LIMITS.signInFailuresPerAccountAtAddress.max, () =>
      attacker.post('/api/auth/login', { email: user.email, password: WRONG_PASSWORD }),
    );
    expect(tally(guesses)).toEqual({
      'auth/wrong_email_or_password': LIMITS.signInFailuresPerAccountAtAddress.max,
    });
    expect(
      (await attacker.post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode,
    ).toBe(429);

    const owner = await open();
    expect((await owner.post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
    // The owner's success clears nothing of the attacker's.
    expect(
      (await attacker.post('/api/auth/login', { email: user.email, password: WRONG_PASSWORD })).statusCode,
    ).toBe(429);
  });

  it('stops guesses from many addresses at the per-account ceiling, for everyone, until a password reset', async () => {
    const user = await createUserWithPassword(harness.app);
    const perAddress = LIMITS.signInFailuresPerAccountAtAddress.max;
    const addresses = LIMITS.signInFailuresPerAccount.max / perAddress;
    const attackers = await burst(addresses, () => open());
    const guesses = await burst(LIMITS.signInFailuresPerAccount.max, (index) =>
      attackers[index % addresses]!.post('/api/auth/login', {
        email: user.email,
        password: WRONG_PASSWORD,
      }),
    );
    // Every one of these was checked: no single address went past its own limit.
    expect(tally(guesses)).toEqual({ 'auth/wrong_email_or_password': LIMITS.signInFailuresPerAccount.max });

    const fresh = await open();
    const refused = await fresh.post('/api/auth/login', { email: user.email, password: WRONG_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.json().error.params[0])).toBeGreaterThan(15 * 60);
    const owner = await open();
    expect((await owner.post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(
      429,
    );

    // The owner's way back in: a mailed reset link sets a new password and clears the guesses at the old.
    await owner.post('/api/auth/forgotPassword', { email: user.email });
    const token = await linkParamFor(harness.app, user.email, 'token');
    const reset = await owner.post('/api/auth/resetPassword', {
      uid: user.id,
      resetPasswordToken: token,
      password: 'Brand-new-456',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await owner.post('/api/auth/login', { email: user.email, password: 'Brand-new-456' })).statusCode,
    ).toBe(200);
  });

  it('limits one address across accounts, and signing in to its own account does not clear that', async () => {
    const own = await createUserWithPassword(harness.app);
    const browser = await open();
    const max = LIMITS.signInFailuresPerAddress.max;
    const guesses = await burst(max + 5, (index) =>
      browser.post('/api/auth/login', { email: `ghost${index}@example.com`, password: WRONG_PASSWORD }),
    );
    expect(tally(guesses)).toEqual({ 'auth/wrong_email_or_password': max, 'general/rate_limited': 5 });
    const refused = await browser.post('/api/auth/login', { email: own.email, password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(
      (await (await open()).post('/api/auth/login', { email: own.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });
});

it.runIf(redisUrl)('keeps the counts in Redis when REDIS_URL is set', async () => {
  const user = await createUserWithPassword(harness.app);
  const ip = nextIp();
  await (await open(ip)).post('/api/auth/login', { email: user.email, password: WRONG_PASSWORD });
  const redis = new Redis(redisUrl as string);
  const counts = await redis.mget(
    `${redisPrefix}rl:sign-in:address-account:${ip}|${user.email}`,
    `${redisPrefix}rl:sign-in:address:${ip}`,
    `${redisPrefix}rl:sign-in:account:${user.email}`,
  );
  await redis.quit();
  expect(counts).toEqual(['1', '1', '1']);
});

describe('other secrets under a burst of guesses', () => {
  it('records exactly five of 200 parallel wrong email codes, then refuses the right code', async () => {
    const browser = await open();
    const body = registration();
    expect((await browser.post('/api/auth/register', body)).statusCode).toBe(201);
    const code = await verificationCodeFor(harness.app, body.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const [user] = await harness.app.db.select().from(users).where(eq(users.email, body.email));

    const answers = await burst(200, () => browser.post('/api/auth/verifyEmail', { code: wrong }));
    expect(tally(answers)).toEqual({ 'auth/invalid_email_verification_code': 200 });
    expect(await failedAttempts(harness.app, user!.id, 'email_verification')).toBe(
      SECRET_RULES.email_verification.maxFailedAttempts,
    );

    const right = await browser.post('/api/auth/verifyEmail', { code });
    expect(errorCode(right)).toBe('auth/invalid_email_verification_code');
    expect((await browser.get('/api/auth/me')).json().profile.emailVerified).toBe(false);
  });

  it('records exactly five of 40 parallel wrong reset tokens from many addresses, then refuses the right one', async () => {
    const user = await createUserWithPassword(harness.app);
    await (await open()).post('/api/auth/forgotPassword', { email: user.email });
    const token = await linkParamFor(harness.app, user.email, 'token');
    const browsers = await burst(40, () => open());
    const answers = await burst(40, (index) =>
      browsers[index]!.post('/api/auth/resetPassword', {
        uid: user.id,
        resetPasswordToken: 'x'.repeat(43),
        password: 'Brand-new-456',
      }),
    );
    expect(tally(answers)).toEqual({ 'auth/invalid_password_reset_token': 40 });
    expect(await failedAttempts(harness.app, user.id, 'password_reset')).toBe(
      SECRET_RULES.password_reset.maxFailedAttempts,
    );
    const right = await (await open()).post('/api/auth/resetPassword', {
      uid: user.id,
      resetPasswordToken: token,
      password: 'Brand-new-456',
    });
    expect(errorCode(right)).toBe('auth/invalid_password_reset_token');
  });

  it('checks only five of 20 parallel wrong current passwords, then refuses the right one', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    const answers = await burst(20, () =>
      browser.post('/api/auth/changePassword', {
        currentPassword: WRONG_PASSWORD,
        newPassword: 'Changed-456',
      }),
    );
    const max = LIMITS.passwordChangeFailuresPerAccount.max;
    expect(tally(answers)).toEqual({ 'auth/wrong_password': max, 'general/rate_limited': 20 - max });
    const right = await browser.post('/api/auth/changePassword', {
      currentPassword: PASSWORD,
      newPassword: 'Changed-456',
    });
    expect(right.statusCode).toBe(429);
  });

  it('checks only five of 20 parallel wrong two-factor codes, then refuses the right one', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    const secret: string = (await browser.post('/api/tfa/setup')).json().secret;
    const right = await totpCode(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const answers = await burst(20, () => browser.post('/api/tfa/verify', { token: wrong }));
    const max = LIMITS.tfaFailuresPerAccount.max;
    expect(tally(answers)).toEqual({ 'auth/tfa_wrong_code': max, 'general/rate_limited': 20 - max });
    expect((await browser.post('/api/tfa/verify', { token: right })).statusCode).toBe(429);
  });
});

describe('POST /auth/resendVerifyCode tells nothing about the account', () => {
  it('answers an unknown, a verified, a blacklisted and a just-registered email exactly like one it mails', async () => {
    const registered = registration();
    expect((await (await open()).post('/api/auth/register', registered)).statusCode).toBe(201);
    const verified = await createUser(harness.app);
    const blacklisted = await createUser(harness.app, { emailVerifiedAt: null, blacklistedAt: new Date() });
    const waiting = await createUser(harness.app, { emailVerifiedAt: null });
    const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;

    const ask = async (email: string) => (await open()).post('/api/auth/resendVerifyCode', { email });
    const mailed = await ask(waiting.email);
    expect(mailed.statusCode).toBe(200);
    for (const email of [unknown, verified.email, blacklisted.email, registered.email]) {
      const response = await ask(email);
      expect(response.statusCode).toBe(mailed.statusCode);
      expect(response.body).toBe(mailed.body);
      expect(response.headers['content-type']).toBe(mailed.headers['content-type']);
    }
    // A second request within the minute is answered alike too, and mails nothing more.
    const again = await ask(waiting.email);
    expect(again.body).toBe(mailed.body);

    expect(await mailCount(harness.app, waiting.email)).toBe(1);
    expect(await mailCount(harness.app, registered.email)).toBe(1);
    expect(await mailCount(harness.app, verified.email)).toBe(0);
    expect(await mailCount(harness.app, blacklisted.email)).toBe(0);
    expect(await mailCount(harness.app, unknown)).toBe(0);
  });

  it('answers a burst for one unverified account alike, mailing one code', async () => {
    const waiting = await createUser(harness.app, { emailVerifiedAt: null });
    const answers = await burst(8, async () =>
      (await open()).post('/api/auth/resendVerifyCode', { email: waiting.email }),
    );
    expect(tally(answers)).toEqual({ ok: 8 });
    expect(await mailCount(harness.app, waiting.email)).toBe(1);
  });
});

describe('with the shared limit store unreachable', () => {
  // Nothing listens on this loopback port: every Redis command fails, as in an outage.
  const unreachable = 'redis://127.0.0.1:3319';
  let outage: TestApp;
  beforeAll(async () => {
    outage = await createTestApp({ env: { REDIS_URL: unreachable } });
  });
  afterAll(() => outage.close());

  it('lets sign-in through rather than lock everyone out, while the mailed code keeps its five tries', async () => {
    const user = await createUserWithPassword(outage.app);
    const attacker = await TestBrowser.open(outage.app, nextIp());
    const guesses = await burst(LIMITS.signInFailuresPerAccountAtAddress.max + 2, () =>
      attacker.post('/api/auth/login', { email: user.email, password: WRONG_PASSWORD }),
    );
    expect(tally(guesses)).toEqual({
      'auth/wrong_email_or_password': LIMITS.signInFailuresPerAccountAtAddress.max + 2,
    });
    // Failing open means at once: a sign-in is not held while the client waits to reconnect.
    const started = Date.now();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const owner = await TestBrowser.open(outage.app, nextIp());
      expect(
        (await owner.post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode,
      ).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(5000);

    const browser = await TestBrowser.open(outage.app, nextIp());
    const body = registration();
    expect((await browser.post('/api/auth/register', body)).statusCode).toBe(201);
    const code = await verificationCodeFor(outage.app, body.email);
    const wrong = code === '000000' ? '111111' : '000000';
    await burst(20, () => browser.post('/api/auth/verifyEmail', { code: wrong }));
    const [registered] = await outage.app.db.select().from(users).where(eq(users.email, body.email));
    expect(await failedAttempts(outage.app, registered!.id, 'email_verification')).toBe(
      SECRET_RULES.email_verification.maxFailedAttempts,
    );
    expect(errorCode(await browser.post('/api/auth/verifyEmail', { code }))).toBe(
      'auth/invalid_email_verification_code',
    );
  });
});
