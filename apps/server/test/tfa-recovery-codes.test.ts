import { normalizeRecoveryCode, RECOVERY_CODE_COUNT } from '@crossbuy/core/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/features/auth/rate-limits.js';
import {
  recoveryCodeKey,
  replaceRecoveryCodes,
  useRecoveryCode,
} from '../src/features/tfa/recovery-codes.js';
import { tfaRecoveryCodes } from '../src/features/tfa/tfa.table.js';
import { requireTfaPassed } from '../src/plugins/authentication.js';
import { browserSignedInAs, createUserWithPassword, nextIp, PASSWORD } from './helpers/accounts.js';
import { errorCode, linkParamFor, TestBrowser, totpCode } from './helpers/browser.js';
import {
  apiAs,
  createTestApp,
  createUser,
  signInAs,
  TEST_SESSION_SECRET,
  type TestApp,
} from './helpers/test-app.js';

// Recovery codes (docs/decisions/0064). On PGlite by default; with TEST_DATABASE_URL every case, the
// bursts included, runs on PostgreSQL, where the requests really overlap.

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({
    extend(app) {
      app.get('/api/test/saved-cards', { preHandler: requireTfaPassed }, async () => ({ ok: true }));
    },
  });
});
afterAll(() => harness.close());

const RECOVERY_CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A user who has just turned two-factor on in `browser`, with the codes setup showed them. */
async function userWithTfa() {
  const user = await createUserWithPassword(harness.app);
  const browser = await browserSignedInAs(harness.app, user.email);
  const setup = await browser.post('/api/tfa/setup');
  const secret: string = setup.json().secret;
  // The previous step's code, so the current step is still free for the test's own first code.
  const enabled = await browser.post('/api/tfa/verify', { token: await totpCode(secret, -1) });
  if (enabled.statusCode !== 200) throw new Error(enabled.body);
  const recoveryCodes: string[] = enabled.json().recoveryCodes;
  return { user, browser, secret, recoveryCodes };
}

/** A new sign-in of `email` that still owes its two-factor code. */
function signInAgain(email: string) {
  return browserSignedInAs(harness.app, email);
}

const remaining = async (browser: TestBrowser) => (await browser.get('/api/tfa/recovery_codes')).json();

describe('recovery codes at setup', () => {
  it('hands out ten readable codes once, when the first good code turns two-factor on', async () => {
    const { user, browser, secret, recoveryCodes } = await userWithTfa();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_SHAPE);
    expect(await remaining(browser)).toEqual({ remaining: 10 });

    // Stored only as keyed hashes.
    const rows = await harness.app.db
      .select()
      .from(tfaRecoveryCodes)
      .where(eq(tfaRecoveryCodes.userId, user.id));
    expect(rows).toHaveLength(10);
    const stored = rows.map((row) => row.codeHash).join(' ');
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(normalizeRecoveryCode(code));
    }

    // Later codes pass the session but never show the codes again.
    const again = await browser.post('/api/tfa/verify', { token: await totpCode(secret) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).not.toHaveProperty('recoveryCodes');
  });

  it('counts none for an account without two-factor', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    expect(await remaining(browser)).toEqual({ remaining: 0 });
  });
});

describe('signing in with a recovery code', () => {
  it('passes two-factor in place of a code, once per code, however the code is typed', async () => {
    const { user, browser, recoveryCodes } = await userWithTfa();
    const [first = '', second = ''] = recoveryCodes;

    const signIn = await signInAgain(user.email);
    expect(errorCode(await signIn.get('/api/test/saved-cards'))).toBe('auth/tfa_not_verified');
    const passed = await signIn.post('/api/tfa/verify', { token: first });
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).toMatchObject({ signedIn: true, tfaPassed: true, profile: { tfaEnabled: true } });
    expect(passed.json()).not.toHaveProperty('recoveryCodes');
    expect((await signIn.get('/api/test/saved-cards')).statusCode).toBe(200);
    expect(await remaining(browser)).toEqual({ remaining: 9 });

    const replay = await signInAgain(user.email);
    const refused = await replay.post('/api/tfa/verify', { token: first });
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('auth/tfa_wrong_code');

    // Lower case, spaces instead of dashes, and an O typed for a zero are the same code.
    const typed = ` ${second.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o')} `;
    expect((await replay.post('/api/tfa/verify', { token: typed })).statusCode).toBe(200);
    expect(await remaining(browser)).toEqual({ remaining: 8 });
  });

  it("refuses another account's code, and a code that reads as one but was never given", async () => {
    const owner = await userWithTfa();
    const stranger = await userWithTfa();
    const signIn = await signInAgain(stranger.user.email);
    expect(errorCode(await signIn.post('/api/tfa/verify', { token: owner.recoveryCodes[0] }))).toBe(
      'auth/tfa_wrong_code',
    );
    expect(errorCode(await signIn.post('/api/tfa/verify', { token: 'ABCD-EFGH-JKMN' }))).toBe(
      'auth/tfa_wrong_code',
    );
    expect(await remaining(owner.browser)).toEqual({ remaining: 10 });
  });

  it('counts wrong recovery codes against the limit on wrong codes, which then refuses good ones too', async () => {
    const { user, secret, recoveryCodes } = await userWithTfa();
    const signIn = await signInAgain(user.email);
    for (let attempt = 0; attempt < LIMITS.tfaFailuresPerAccount.max; attempt += 1) {
      const wrong = await signIn.post('/api/tfa/verify', { token: `ABCD-EFGH-${attempt}000` });
      expect(errorCode(wrong)).toBe('auth/tfa_wrong_code');
    }
    for (const token of [recoveryCodes[0], await totpCode(secret)]) {
      const limited = await signIn.post('/api/tfa/verify', { token });
      expect(limited.statusCode).toBe(429);
      expect(errorCode(limited)).toBe('general/rate_limited');
    }
  });

  it('takes exactly one of 20 requests presenting the same code at once', async () => {
    const { user, browser, recoveryCodes } = await userWithTfa();
    const sessions = await Promise.all(
      Array.from({ length: 20 }, async () => apiAs(harness.app, await signInAs(harness.app, user))),
    );
    const answers = await Promise.all(
      sessions.map((session) => session.send('POST', '/api/tfa/verify', { token: recoveryCodes[0] })),
    );
    const outcomes = answers.map((answer) => (answer.statusCode === 200 ? 'passed' : errorCode(answer)));
    expect(outcomes.filter((outcome) => outcome === 'passed')).toHaveLength(1);
    // The others are told the code is wrong, or, past the limit on wrong codes, to wait.
    for (const outcome of outcomes.filter((each) => each !== 'passed')) {
      expect(['auth/tfa_wrong_code', 'general/rate_limited']).toContain(outcome);
    }
    expect(await remaining(browser)).toEqual({ remaining: 9 });
  });

  it('uses a code up once when 20 checks of it race past the limits', async () => {
    const user = await createUser(harness.app);
    const key = recoveryCodeKey(TEST_SESSION_SECRET);
    const [code = ''] = await replaceRecoveryCodes(harness.app.db, key, user.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => useRecoveryCode(harness.app.db, key, user.id, code)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('is no way in before two-factor is on', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    await browser.post('/api/tfa/setup');
    const [planted = ''] = await replaceRecoveryCodes(
      harness.app.db,
      recoveryCodeKey(TEST_SESSION_SECRET),
      user.id,
    );
    expect(errorCode(await browser.post('/api/tfa/verify', { token: planted }))).toBe('auth/tfa_wrong_code');
    expect((await browser.get('/api/tfa/is_enabled')).json()).toEqual({ enabled: false });
  });
});

describe('making new recovery codes', () => {
  it('replaces every code, with two-factor passed and the password given again', async () => {
    const { browser, recoveryCodes } = await userWithTfa();
    const wrong = await browser.post('/api/tfa/recovery_codes', { password: 'Not-the-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(errorCode(wrong)).toBe('auth/wrong_password');

    const made = await browser.post('/api/tfa/recovery_codes', { password: PASSWORD });
    expect(made.statusCode).toBe(200);
    const fresh: string[] = made.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    for (const code of fresh) expect(code).toMatch(RECOVERY_CODE_SHAPE);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect(await remaining(browser)).toEqual({ remaining: 10 });

    const signIn = await signInAgain((await browser.get('/api/auth/me')).json().profile.email);
    expect(errorCode(await signIn.post('/api/tfa/verify', { token: recoveryCodes[1] }))).toBe(
      'auth/tfa_wrong_code',
    );
    expect((await signIn.post('/api/tfa/verify', { token: fresh[1] })).statusCode).toBe(200);
  });

  it('refuses a session that has not passed two-factor, and an account without it', async () => {
    const { user } = await userWithTfa();
    const owing = await signInAgain(user.email);
    const refused = await owing.post('/api/tfa/recovery_codes', { password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('auth/tfa_not_verified');

    const plain = await createUserWithPassword(harness.app);
    const withoutTfa = await browserSignedInAs(harness.app, plain.email);
    expect(errorCode(await withoutTfa.post('/api/tfa/recovery_codes', { password: PASSWORD }))).toBe(
      'auth/tfa_not_verified',
    );
  });

  it('counts wrong passwords against the limit on wrong passwords when re-authenticating', async () => {
    const { browser } = await userWithTfa();
    for (let attempt = 0; attempt < LIMITS.passwordChangeFailuresPerAccount.max; attempt += 1) {
      expect(errorCode(await browser.post('/api/tfa/recovery_codes', { password: 'Wrong-pass-1' }))).toBe(
        'auth/wrong_password',
      );
    }
    const limited = await browser.post('/api/tfa/recovery_codes', { password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(
      errorCode(
        await browser.post('/api/auth/changePassword', {
          currentPassword: PASSWORD,
          newPassword: 'Another-pass-2',
        }),
      ),
    ).toBe('general/rate_limited');
  });
});

describe('turning two-factor off', () => {
  it('accepts a recovery code, and takes every code with it', async () => {
    const { user, browser, recoveryCodes } = await userWithTfa();
    const off = await browser.post('/api/tfa/disable_tfa', { token: recoveryCodes[0] });
    expect(off.statusCode).toBe(200);
    expect((await browser.get('/api/tfa/is_enabled')).json()).toEqual({ enabled: false });
    expect(await remaining(browser)).toEqual({ remaining: 0 });
    const rows = await harness.app.db
      .select()
      .from(tfaRecoveryCodes)
      .where(eq(tfaRecoveryCodes.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('by the mailed reset takes every code with it, and turning it on again gives new ones', async () => {
    const { user, recoveryCodes } = await userWithTfa();
    const browser = await signInAgain(user.email);
    await browser.post('/api/tfa/requestReset');
    const token = await linkParamFor(harness.app, user.email, 'token');
    expect((await browser.post('/api/tfa/reset', { resetTfaToken: token })).statusCode).toBe(200);
    expect(await remaining(browser)).toEqual({ remaining: 0 });

    const setup = await browser.post('/api/tfa/setup');
    const enabled = await browser.post('/api/tfa/verify', { token: await totpCode(setup.json().secret) });
    const fresh: string[] = enabled.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const signIn = await signInAgain(user.email);
    expect(errorCode(await signIn.post('/api/tfa/verify', { token: recoveryCodes[0] }))).toBe(
      'auth/tfa_wrong_code',
    );
  });
});

describe('recovery code calls refuse what they must', () => {
  it.each([
    ['null', 'null'],
    ['an array', '["ABCD-EFGH-JKMN"]'],
    ['a string', '"ABCD-EFGH-JKMN"'],
    ['a number as the code', '{"token":123456789012}'],
    ['a NUL character in the code', '{"token":"ABCD-EFGH-\\u0000JKMN"}'],
    ['a code far too long', JSON.stringify({ token: `${'ABCD-'.repeat(40)}JKMN` })],
  ])('POST /api/tfa/verify refuses %s as the body with 400', async (_name, raw) => {
    const { user } = await userWithTfa();
    const signIn = await signInAgain(user.email);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/tfa/verify',
      headers: {
        cookie: signIn.cookieHeader('/api/tfa/verify'),
        'x-xsrf-token': signIn.cookie('XSRF-TOKEN') ?? '',
        'content-type': 'application/json',
      },
      remoteAddress: nextIp(),
      payload: raw,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(['auth/tfa_wrong_code', 'general/argument_error']).toContain(errorCode(response));
  });

  it.each([
    ['null', 'null', 'general/argument_error'],
    ['an array', '["password"]', 'general/argument_error'],
    ['a string', '"password"', 'general/argument_error'],
    ['no password', '{}', 'general/missing_argument'],
    ['a NUL character in the password', '{"password":"Secret-\\u0000123"}', 'general/argument_error'],
  ])('POST /api/tfa/recovery_codes refuses %s as the body with 400', async (_name, raw, code) => {
    const { browser } = await userWithTfa();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/tfa/recovery_codes',
      headers: {
        cookie: browser.cookieHeader('/api/tfa/recovery_codes'),
        'x-xsrf-token': browser.cookie('XSRF-TOKEN') ?? '',
        'content-type': 'application/json',
      },
      remoteAddress: browser.ip,
      payload: raw,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorCode(response)).toBe(code);
    expect(await remaining(browser)).toEqual({ remaining: 10 });
  });

  it.each([
    ['GET', '/api/tfa/recovery_codes'],
    ['POST', '/api/tfa/recovery_codes'],
  ] as const)('%s %s refuses a visitor with 401', async (method, url) => {
    const visitor = await TestBrowser.open(harness.app, nextIp());
    const response = await visitor.request({ method, url, payload: { password: PASSWORD } });
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('auth/invalid_access_token');
  });

  it('POST /api/tfa/recovery_codes refuses a missing anti-forgery header, and makes no codes', async () => {
    const { browser, recoveryCodes } = await userWithTfa();
    const response = await browser.post('/api/tfa/recovery_codes', { password: PASSWORD }, { xsrf: false });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('auth/invalid_state');
    const signIn = await signInAgain((await browser.get('/api/auth/me')).json().profile.email);
    expect((await signIn.post('/api/tfa/verify', { token: recoveryCodes[0] })).statusCode).toBe(200);
  });

  it("answers each user with their own count and never another user's session", async () => {
    const first = await userWithTfa();
    const second = await userWithTfa();
    const signIn = await signInAgain(first.user.email);
    await signIn.post('/api/tfa/verify', { token: first.recoveryCodes[0] });
    expect(await remaining(first.browser)).toEqual({ remaining: 9 });
    expect(await remaining(second.browser)).toEqual({ remaining: 10 });
    // The second user's session makes codes for the second user only; the first keeps theirs.
    await second.browser.post('/api/tfa/recovery_codes', { password: PASSWORD });
    const again = await signInAgain(first.user.email);
    expect((await again.post('/api/tfa/verify', { token: first.recoveryCodes[1] })).statusCode).toBe(200);
  });

  it('describes the calls in the OpenAPI document', async () => {
    const { paths } = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(paths['/api/tfa/recovery_codes'] ?? {}).sort()).toEqual(['get', 'post']);
    const verify = paths['/api/tfa/verify'].post;
    expect(JSON.stringify(verify.responses['200'])).toContain('recoveryCodes');
  });
});
