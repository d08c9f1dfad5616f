import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/features/auth/rate-limits.js';
import { browserSignedInAs, createUserWithPassword, nextIp, PASSWORD } from './helpers/accounts.js';
import { errorCode, TestBrowser, totpCode } from './helpers/browser.js';
import { createTestApp, createUser, type TestApp } from './helpers/test-app.js';

function expectRateLimited(response: Awaited<ReturnType<TestBrowser['post']>>) {
  expect(response.statusCode).toBe(429);
  expect(errorCode(response)).toBe('general/rate_limited');
  const seconds = Number(response.json().error.params[0]);
  expect(seconds).toBeGreaterThan(0);
  expect(response.json().error.message).toBe(`Too many requests, please try again in ${seconds} seconds`);
}

describe('abuse limits (in memory)', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());
  const open = (ip = nextIp()) => TestBrowser.open(harness.app, ip);

  it('stops sign-in to one account from one address after repeated failures, even with the right password, and only there', async () => {
    const user = await createUserWithPassword(harness.app);
    const attacker = await open();
    for (let attempt = 0; attempt < LIMITS.signInFailuresPerAccountAtAddress.max; attempt += 1) {
      const response = await attacker.post('/api/auth/login', { email: user.email, password: 'Wrong-123' });
      expect(errorCode(response)).toBe('auth/wrong_email_or_password');
    }
    expectRateLimited(await attacker.post('/api/auth/login', { email: user.email, password: PASSWORD }));
    expect(
      (await (await open()).post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('stops sign-in from one address after repeated failures across accounts', async () => {
    const browser = await open();
    for (let attempt = 0; attempt < LIMITS.signInFailuresPerAddress.max; attempt += 1) {
      await browser.post('/api/auth/login', { email: `ghost${attempt}@example.com`, password: 'Wrong-123' });
    }
    const user = await createUserWithPassword(harness.app);
    expectRateLimited(await browser.post('/api/auth/login', { email: user.email, password: PASSWORD }));
    expect(
      (await (await open()).post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await open();
    for (let attempt = 0; attempt < LIMITS.signInFailuresPerAccount.max + 2; attempt += 1) {
      const response = await browser.post('/api/auth/login', { email: user.email, password: PASSWORD });
      expect(response.statusCode).toBe(200);
    }
  });

  it('limits registrations per address', async () => {
    const taken = await createUser(harness.app);
    const browser = await open();
    const body = {
      email: taken.email,
      password: PASSWORD,
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '+6581234567',
      country: 'SG',
      birthDate: '1990-01-01',
      gender: 'male',
      acceptTerms: true,
    };
    for (let attempt = 0; attempt < LIMITS.registrationsPerAddress.max; attempt += 1) {
      expect(errorCode(await browser.post('/api/auth/register', body))).toBe('auth/email_taken');
    }
    expectRateLimited(await browser.post('/api/auth/register', body));
  });

  it('limits password reset requests and attempts per address', async () => {
    const browser = await open();
    for (let attempt = 0; attempt < LIMITS.passwordResetPerAddress.max; attempt += 1) {
      await browser.post('/api/auth/forgotPassword', { email: `someone${attempt}@example.com` });
    }
    expectRateLimited(await browser.post('/api/auth/forgotPassword', { email: 'someone@example.com' }));
    expectRateLimited(
      await browser.post('/api/auth/resetPassword', {
        uid: '00000000-0000-4000-8000-000000000000',
        resetPasswordToken: 'x',
        password: 'Brand-new-456',
      }),
    );
  });

  it('mails at most a few reset links per account, still answering as usual', async () => {
    const user = await createUser(harness.app);
    for (let attempt = 0; attempt < LIMITS.passwordResetMailsPerAccount.max + 2; attempt += 1) {
      expect((await (await open()).post('/api/auth/forgotPassword', { email: user.email })).statusCode).toBe(
        200,
      );
    }
    await harness.app.mailer.flush();
    expect(await harness.app.mailer.devMailbox(user.email)).toHaveLength(
      LIMITS.passwordResetMailsPerAccount.max,
    );
  });

  it('limits resending verification codes per address', async () => {
    const browser = await open();
    for (let attempt = 0; attempt < LIMITS.verifyCodeMailsPerAddress.max; attempt += 1) {
      await browser.post('/api/auth/resendVerifyCode', { email: `nobody${attempt}@example.com` });
    }
    expectRateLimited(await browser.post('/api/auth/resendVerifyCode', { email: 'nobody@example.com' }));
  });

  it('stops two-factor codes after repeated failures, even the right one', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    const secret: string = (await browser.post('/api/tfa/setup')).json().secret;
    const right = await totpCode(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < LIMITS.tfaFailuresPerAccount.max; attempt += 1) {
      expect(errorCode(await browser.post('/api/tfa/verify', { token: wrong }))).toBe('auth/tfa_wrong_code');
    }
    expectRateLimited(await browser.post('/api/tfa/verify', { token: right }));
  });

  it('stops password change attempts after repeated wrong current passwords', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    for (let attempt = 0; attempt < LIMITS.passwordChangeFailuresPerAccount.max; attempt += 1) {
      await browser.post('/api/auth/changePassword', {
        currentPassword: 'Wrong-123',
        newPassword: 'Changed-456',
      });
    }
    expectRateLimited(
      await browser.post('/api/auth/changePassword', {
        currentPassword: PASSWORD,
        newPassword: 'Changed-456',
      }),
    );
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('abuse limits shared between server processes (Redis)', () => {
  const prefix = `crossbuy-test:${randomBytes(6).toString('hex')}:`;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    const redis = new Redis(redisUrl as string);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts failures seen by one process against sign-in on the other', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    const ip = nextIp();
    const max = LIMITS.signInFailuresPerAccountAtAddress.max;
    for (let attempt = 0; attempt < max; attempt += 1) {
      const app = attempt % 2 === 0 ? first.app : second.app;
      await (await TestBrowser.open(app, ip)).post('/api/auth/login', { email, password: 'Wrong-123' });
    }
    for (const harness of [first, second]) {
      expectRateLimited(
        await (await TestBrowser.open(harness.app, ip)).post('/api/auth/login', {
          email,
          password: PASSWORD,
        }),
      );
    }
    const redis = new Redis(redisUrl as string);
    expect(await redis.get(`${prefix}rl:sign-in:address-account:${ip}|${email}`)).toBe(String(max));
    expect(await redis.get(`${prefix}rl:sign-in:account:${email}`)).toBe(String(max));
    await redis.quit();
  });

  it('holds a burst split between the two processes to the limit', async () => {
    const email = `burst-${randomBytes(4).toString('hex')}@example.com`;
    const ip = nextIp();
    const browsers = [await TestBrowser.open(first.app, ip), await TestBrowser.open(second.app, ip)];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        browsers[index % 2]?.post('/api/auth/login', { email, password: 'Wrong-123' }),
      ),
    );
    const checked = answers.filter(
      (answer) => answer && errorCode(answer) === 'auth/wrong_email_or_password',
    );
    expect(checked).toHaveLength(LIMITS.signInFailuresPerAccountAtAddress.max);
  });
});
