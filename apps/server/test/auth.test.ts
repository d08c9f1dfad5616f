import { ERROR_MESSAGES } from '@crossbuy/core/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/features/auth/sessions.table.js';
import { userSecrets } from '../src/features/auth/user-secrets.table.js';
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
  lastMailTo,
  linkParamFor,
  mailCount,
  TestBrowser,
  verificationCodeFor,
} from './helpers/browser.js';
import { createTestApp, createUser, type TestApp } from './helpers/test-app.js';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

const open = () => TestBrowser.open(harness.app, nextIp());

describe('POST /auth/register', () => {
  it('creates the account, signs it in unverified and mails a six-digit code', async () => {
    const browser = await open();
    const body = registration({ email: ' Grace.Hopper@Example.com ' });
    const response = await browser.post('/api/auth/register', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      signedIn: true,
      tfaPassed: false,
      profile: {
        email: 'grace.hopper@example.com',
        firstName: 'Ada',
        phoneNumber: '+6581234567',
        country: 'SG',
        emailVerified: false,
        tfaEnabled: false,
        acceptTerms: true,
      },
    });
    expect(response.json().profile).not.toHaveProperty('passwordHash');
    expect(browser.cookie('access_token')).toBeDefined();
    expect(browser.cookie('refresh_token')).toBeDefined();

    const [row] = await harness.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'grace.hopper@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = await lastMailTo(harness.app, 'grace.hopper@example.com');
    expect(mail?.subject).toMatch(/verification code/);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.html).toContain('<strong');
    const [secret] = await harness.app.db.select().from(userSecrets).where(eq(userSecrets.userId, row!.id));
    expect(secret?.secretHash).not.toContain(await verificationCodeFor(harness.app, row!.email));

    const me = await browser.get('/api/auth/me');
    expect(me.json()).toMatchObject({ signedIn: true, profile: { email: 'grace.hopper@example.com' } });
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'user/invalid_email'],
    ['password without a number or symbol', { password: 'Password' }, 'user/invalid_password'],
    ['short password', { password: 'Aa1' }, 'user/invalid_password'],
    ['password without upper case', { password: 'secret-123' }, 'user/invalid_password'],
    ['first name', { firstName: '' }, 'user/invalid_first_name'],
    ['last name', { lastName: 'x'.repeat(101) }, 'user/invalid_last_name'],
    ['phone number', { phoneNumber: '12' }, 'user/invalid_phone_number'],
    ['country', { country: 'XX' }, 'user/invalid_country'],
    ['birth date', { birthDate: '2030-01-01' }, 'user/invalid_birthdate'],
    ['gender', { gender: 'robot' }, 'user/invalid_gender'],
    ['terms', { acceptTerms: false }, 'user/invalid_accept_terms'],
  ])('refuses an invalid %s with its own code', async (_label, override, code) => {
    const response = await (await open()).post('/api/auth/register', registration(override));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code,
      message: ERROR_MESSAGES[code as 'user/invalid_email'],
    });
  });

  it('names a missing field', async () => {
    const { lastName: _lastName, ...body } = registration();
    const response = await (await open()).post('/api/auth/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'general/missing_argument', params: ['lastName'] });
  });

  it('refuses a taken email with 409 auth/email_taken, whatever its case', async () => {
    const existing = await createUser(harness.app);
    const response = await (await open()).post(
      '/api/auth/register',
      registration({ email: existing.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('auth/email_taken');
  });

  it('refuses a request without the anti-forgery header', async () => {
    const response = await (await open()).post('/api/auth/register', registration(), { xsrf: false });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('auth/invalid_state');
  });
});

describe('email verification', () => {
  async function registered() {
    const browser = await open();
    const body = registration();
    await browser.post('/api/auth/register', body);
    return { browser, email: body.email, code: await verificationCodeFor(harness.app, body.email) };
  }

  it('verifies with the mailed code, then answers auth/email_verified', async () => {
    const { browser, code } = await registered();
    const response = await browser.post('/api/auth/verifyEmail', { code });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.emailVerified).toBe(true);
    expect((await browser.get('/api/auth/me')).json().profile.emailVerified).toBe(true);
    const again = await browser.post('/api/auth/verifyEmail', { code });
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('auth/email_verified');
  });

  it('refuses a wrong code, and voids the code after five wrong tries', async () => {
    const { browser, code } = await registered();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await browser.post('/api/auth/verifyEmail', { code: wrong });
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('auth/invalid_email_verification_code');
    }
    const right = await browser.post('/api/auth/verifyEmail', { code });
    expect(errorCode(right)).toBe('auth/invalid_email_verification_code');
  });

  it('refuses an expired code', async () => {
    const { browser, email, code } = await registered();
    const [user] = await harness.app.db.select().from(users).where(eq(users.email, email));
    await harness.app.db
      .update(userSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSecrets.userId, user!.id));
    const response = await browser.post('/api/auth/verifyEmail', { code });
    expect(errorCode(response)).toBe('auth/invalid_email_verification_code');
  });

  it('refuses a malformed code, a visitor, and a missing anti-forgery header', async () => {
    const { browser, code } = await registered();
    expect(errorCode(await browser.post('/api/auth/verifyEmail', { code: '12ab' }))).toBe(
      'auth/invalid_email_verification_code',
    );
    const visitor = await (await open()).post('/api/auth/verifyEmail', { code });
    expect(visitor.statusCode).toBe(401);
    expect(errorCode(visitor)).toBe('auth/invalid_access_token');
    const forged = await browser.post('/api/auth/verifyEmail', { code }, { xsrf: false });
    expect(forged.statusCode).toBe(403);
    expect(errorCode(forged)).toBe('auth/invalid_state');
  });

  it('mails a code at most once a minute per account, answering as usual', async () => {
    const { email, code } = await registered();
    const browser = await open();
    const response = await browser.post('/api/auth/resendVerifyCode', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await mailCount(harness.app, email)).toBe(1);
    expect(await verificationCodeFor(harness.app, email)).toBe(code);
  });

  it('tells the signed-in owner how many seconds to wait, in the answer and in Retry-After', async () => {
    const { browser, email } = await registered();
    const response = await browser.post('/api/auth/resendVerifyCode', { email });
    expect(response.statusCode).toBe(429);
    const { error } = response.json();
    expect(error.code).toBe('auth/resend_verify_code_rate_limit');
    const seconds = Number(error.params[0]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(response.headers['retry-after']).toBe(String(seconds));
    expect(error.message).toBe('Please wait before requesting another verification code');
    expect(await mailCount(harness.app, email)).toBe(1);
    // Anyone else asking for that address is answered as usual and learns nothing.
    expect((await (await open()).post('/api/auth/resendVerifyCode', { email })).statusCode).toBe(200);
  });

  it('resends a new code that replaces the old one', async () => {
    const user = await createUser(harness.app, { emailVerifiedAt: null });
    const browser = await open();
    const response = await browser.post('/api/auth/resendVerifyCode', { email: user.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await mailCount(harness.app, user.email)).toBe(1);
  });

  it('answers an unknown email like a known one, and mails nothing', async () => {
    const response = await (await open()).post('/api/auth/resendVerifyCode', { email: 'nobody@example.com' });
    expect(response.statusCode).toBe(200);
    expect(await mailCount(harness.app, 'nobody@example.com')).toBe(0);
  });

  it('answers a verified account like any other, mails nothing, and checks its input', async () => {
    const user = await createUser(harness.app);
    const browser = await open();
    const response = await browser.post('/api/auth/resendVerifyCode', { email: user.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await mailCount(harness.app, user.email)).toBe(0);
    expect(errorCode(await browser.post('/api/auth/resendVerifyCode', { email: 'nope' }))).toBe(
      'user/invalid_email',
    );
    expect(
      (await browser.post('/api/auth/resendVerifyCode', { email: user.email }, { xsrf: false })).statusCode,
    ).toBe(403);
  });
});

describe('sign-in and sessions', () => {
  it('signs in, setting an access cookie and a browser-session refresh cookie for the whole site', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await open();
    const response = await browser.post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ signedIn: true, tfaPassed: false, profile: { id: user.id } });
    const access = response.cookies.find((cookie) => cookie.name === 'access_token');
    const refresh = response.cookies.find((cookie) => cookie.name === 'refresh_token' && cookie.path === '/');
    expect(access).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 900 });
    expect(refresh).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(refresh?.maxAge).toBeUndefined();
    expect(refresh?.expires).toBeUndefined();
  });

  it('clears a refresh cookie left at the auth path by earlier versions whenever it sets one', async () => {
    const user = await createUserWithPassword(harness.app);
    const response = await (await open()).post('/api/auth/login', { email: user.email, password: PASSWORD });
    const refreshCookies = response.cookies.filter((cookie) => cookie.name === 'refresh_token');
    expect(refreshCookies.map((cookie) => [cookie.path, cookie.value === ''])).toEqual([
      ['/api/auth', true],
      ['/', false],
    ]);
  });

  it('keeps the refresh cookie for 30 days with rememberme', async () => {
    const user = await createUserWithPassword(harness.app);
    const response = await (await open()).post('/api/auth/login', {
      email: user.email,
      password: PASSWORD,
      rememberme: true,
    });
    expect(
      response.cookies.find((cookie) => cookie.name === 'refresh_token' && cookie.path === '/')?.maxAge,
    ).toBe(30 * 86_400);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await open();
    const wrong = await browser.post('/api/auth/login', { email: user.email, password: 'Wrong-123' });
    const unknown = await browser.post('/api/auth/login', { email: 'ghost@example.com', password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('auth/wrong_email_or_password');
      expect(response.cookies.find((cookie) => cookie.name === 'access_token')).toBeUndefined();
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('lets an unverified user sign in', async () => {
    const user = await createUserWithPassword(harness.app, { emailVerifiedAt: null });
    const browser = await browserSignedInAs(harness.app, user.email);
    expect((await browser.get('/api/auth/me')).json().profile.emailVerified).toBe(false);
  });

  it('checks its input and the anti-forgery header', async () => {
    const browser = await open();
    expect(errorCode(await browser.post('/api/auth/login', { email: 'x', password: PASSWORD }))).toBe(
      'user/invalid_email',
    );
    const missing = await browser.post('/api/auth/login', { email: 'a@example.com' });
    expect(missing.json().error).toMatchObject({ code: 'general/missing_argument', params: ['password'] });
    // Empty fields were never checked against an account, so they are missing rather than wrong.
    const emptyPassword = await browser.post('/api/auth/login', { email: 'a@example.com', password: '' });
    expect(emptyPassword.statusCode).toBe(400);
    expect(emptyPassword.json().error).toEqual({
      code: 'general/missing_argument',
      params: ['password'],
      message: 'Missing argument password',
    });
    const emptyEmail = await browser.post('/api/auth/login', { email: ' ', password: PASSWORD });
    expect(emptyEmail.json().error).toMatchObject({ code: 'general/missing_argument', params: ['email'] });
    const forged = await browser.post(
      '/api/auth/login',
      { email: 'a@example.com', password: PASSWORD },
      { xsrf: false },
    );
    expect(errorCode(forged)).toBe('auth/invalid_state');
  });

  describe('GET /auth/me', () => {
    it('answers a visitor without session cookies with 200 signed out', async () => {
      const response = await (await open()).get('/api/auth/me');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ signedIn: false, tfaPassed: false, profile: null });
    });

    it('answers 401 when the access token is gone but a refresh token is there, so the client refreshes', async () => {
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email);
      browser.cookies.delete('access_token');
      const response = await browser.get('/api/auth/me');
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('auth/invalid_access_token');
    });

    it('lets reads trust a just-validated session for a few seconds, while writes always check', async () => {
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email);
      expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
      // Revoked by another server process: this one's reads notice within the cache TTL, writes at once.
      await harness.app.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, user.id));
      expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
      const write = await browser.post('/api/user/profile', { firstName: 'Stale' });
      expect(write.statusCode).toBe(401);
      expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    });

    it('answers 401 for a session that has been revoked', async () => {
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email);
      await harness.app.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, user.id));
      expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    });
  });

  describe('POST /auth/refreshAccessToken', () => {
    it('rotates the refresh token and renews the access token', async () => {
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email, true);
      const firstRefresh = browser.cookie('refresh_token');
      browser.cookies.delete('access_token');
      const response = await browser.post('/api/auth/refreshAccessToken');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ signedIn: true, profile: { id: user.id } });
      expect(browser.cookie('refresh_token')).toBeDefined();
      expect(browser.cookie('refresh_token')).not.toBe(firstRefresh);
      expect(
        response.cookies.find((cookie) => cookie.name === 'refresh_token' && cookie.path === '/')?.maxAge,
      ).toBe(30 * 86_400);
      expect((await browser.get('/api/auth/me')).json().signedIn).toBe(true);
      const [row] = await harness.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(row?.generation).toBe(1);
      expect(row?.tokenHash).not.toContain(browser.cookie('refresh_token')?.split('.')[1]);
    });

    it('revokes the whole family when an old refresh token is used again', async () => {
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email);
      const stolen = browser.cookie('refresh_token')!;
      await browser.post('/api/auth/refreshAccessToken');
      await browser.post('/api/auth/refreshAccessToken');

      const thief = await open();
      thief.cookies.set('refresh_token', { value: stolen, path: '/api/auth' });
      const reused = await thief.post('/api/auth/refreshAccessToken');
      expect(reused.statusCode).toBe(401);
      expect(errorCode(reused)).toBe('auth/invalid_refresh_token');

      expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
      const owner = await browser.post('/api/auth/refreshAccessToken');
      expect(owner.statusCode).toBe(401);
      const [row] = await harness.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(row?.revokedReason).toBe('refresh_token_reuse');
    });

    it('lets the previous token of a concurrent refresh through within the grace period, without a new refresh token', async () => {
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email);
      const previous = browser.cookie('refresh_token')!;
      await browser.post('/api/auth/refreshAccessToken');

      const otherTab = await open();
      otherTab.cookies.set('refresh_token', { value: previous, path: '/api/auth' });
      const late = await otherTab.post('/api/auth/refreshAccessToken');
      expect(late.statusCode).toBe(200);
      expect(late.cookies.find((cookie) => cookie.name === 'refresh_token')).toBeUndefined();
      expect(late.cookies.find((cookie) => cookie.name === 'access_token')).toBeDefined();
      expect((await browser.post('/api/auth/refreshAccessToken')).statusCode).toBe(200);
    });

    it('answers 401 auth/invalid_refresh_token without a token or with a forged one, clearing the cookies', async () => {
      const browser = await open();
      const none = await browser.post('/api/auth/refreshAccessToken');
      expect(none.statusCode).toBe(401);
      expect(errorCode(none)).toBe('auth/invalid_refresh_token');
      browser.cookies.set('refresh_token', { value: 'forged.value', path: '/api/auth' });
      const forged = await browser.post('/api/auth/refreshAccessToken');
      expect(forged.statusCode).toBe(401);
      expect(
        forged.cookies.find((cookie) => cookie.name === 'refresh_token' && cookie.path === '/')?.value,
      ).toBe('');
    });

    it('refuses a missing anti-forgery header', async () => {
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email);
      const response = await browser.post('/api/auth/refreshAccessToken', {}, { xsrf: false });
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe('auth/invalid_state');
    });
  });

  describe('DELETE /auth/logout', () => {
    it('ends the session and clears both cookies', async () => {
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email);
      const refresh = browser.cookie('refresh_token')!;
      const response = await browser.delete('/api/auth/logout');
      expect(response.statusCode).toBe(204);
      expect(browser.cookie('access_token')).toBeUndefined();
      expect(browser.cookie('refresh_token')).toBeUndefined();
      browser.cookies.set('refresh_token', { value: refresh, path: '/api/auth' });
      expect((await browser.post('/api/auth/refreshAccessToken')).statusCode).toBe(401);
    });

    it('refuses a missing anti-forgery header and leaves the session alone', async () => {
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email);
      expect((await browser.delete('/api/auth/logout', { xsrf: false })).statusCode).toBe(403);
      expect((await browser.get('/api/auth/me')).json().signedIn).toBe(true);
    });

    it('answers a visitor with 204 too', async () => {
      expect((await (await open()).delete('/api/auth/logout')).statusCode).toBe(204);
    });
  });

  describe('POST /auth/signOutElsewhere', () => {
    it('ends every other session of the account, keeps this one and leaves other accounts alone', async () => {
      const user = await createUserWithPassword(harness.app);
      const here = await browserSignedInAs(harness.app, user.email);
      const phone = await browserSignedInAs(harness.app, user.email);
      const laptop = await browserSignedInAs(harness.app, user.email);
      const someoneElse = await browserSignedInAs(
        harness.app,
        (await createUserWithPassword(harness.app)).email,
      );

      const answer = await here.post('/api/auth/signOutElsewhere');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ endedSessions: 2 });
      for (const gone of [phone, laptop]) {
        expect((await gone.get('/api/auth/me')).statusCode).toBe(401);
        // Nor can the ended session's refresh token start a new one.
        expect((await gone.post('/api/auth/refreshAccessToken')).statusCode).toBe(401);
      }
      expect((await here.get('/api/auth/me')).json().signedIn).toBe(true);
      expect((await someoneElse.get('/api/auth/me')).json().signedIn).toBe(true);
      expect((await here.post('/api/auth/signOutElsewhere')).json()).toEqual({ endedSessions: 0 });
    });

    it('ignores whatever body is sent, refuses a visitor and a missing anti-forgery header', async () => {
      const user = await createUserWithPassword(harness.app);
      const here = await browserSignedInAs(harness.app, user.email);
      const other = await browserSignedInAs(harness.app, user.email);
      expect((await (await open()).post('/api/auth/signOutElsewhere')).statusCode).toBe(401);
      const forged = await here.post('/api/auth/signOutElsewhere', {}, { xsrf: false });
      expect(forged.statusCode).toBe(403);
      expect((await other.get('/api/auth/me')).json().signedIn).toBe(true);
      // The fuzz test sends every route null, strings and the like; these are JSON a form would not send.
      for (const body of [[1, 2], { note: '\u0000' }]) {
        const answer = await here.post('/api/auth/signOutElsewhere', body);
        expect(answer.statusCode, answer.body).toBe(200);
      }
      expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    });
  });
});

describe('passwords', () => {
  it('forgotPassword mails a single-use link that sets a new password and ends every session', async () => {
    const user = await createUserWithPassword(harness.app, { emailVerifiedAt: null });
    const signedIn = await browserSignedInAs(harness.app, user.email);
    const browser = await open();
    const forgot = await browser.post('/api/auth/forgotPassword', { email: user.email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ ok: true });
    const uid = await linkParamFor(harness.app, user.email, 'uid');
    const token = await linkParamFor(harness.app, user.email, 'token');
    expect(uid).toBe(user.id);
    expect((await lastMailTo(harness.app, user.email))?.text).toContain('http://localhost/reset_password?');

    const reset = await browser.post('/api/auth/resetPassword', {
      uid,
      resetPasswordToken: token,
      password: 'Brand-new-456',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signedIn.get('/api/auth/me')).statusCode).toBe(401);
    const login = await browser.post('/api/auth/login', { email: user.email, password: 'Brand-new-456' });
    expect(login.statusCode).toBe(200);
    expect(login.json().profile.emailVerified).toBe(true);

    const again = await browser.post('/api/auth/resetPassword', {
      uid,
      resetPasswordToken: token,
      password: 'Another-789',
    });
    expect(errorCode(again)).toBe('auth/invalid_password_reset_token');
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    const user = await createUser(harness.app);
    const known = await (await open()).post('/api/auth/forgotPassword', { email: user.email });
    const unknown = await (await open()).post('/api/auth/forgotPassword', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await mailCount(harness.app, 'ghost@example.com')).toBe(0);
  });

  it('refuses a wrong token, a malformed uid and an expired token with their own codes', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await open();
    await browser.post('/api/auth/forgotPassword', { email: user.email });
    const token = await linkParamFor(harness.app, user.email, 'token');
    const attempt = (body: Record<string, string>) =>
      browser.post('/api/auth/resetPassword', {
        uid: user.id,
        resetPasswordToken: token,
        password: 'Brand-new-456',
        ...body,
      });

    expect(errorCode(await attempt({ resetPasswordToken: 'x'.repeat(43) }))).toBe(
      'auth/invalid_password_reset_token',
    );
    expect(errorCode(await attempt({ uid: 'not-a-uuid' }))).toBe('auth/invalid_password_reset_token');
    expect(errorCode(await attempt({ password: 'weak' }))).toBe('auth/invalid_new_password');
    await harness.app.db
      .update(userSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSecrets.userId, user.id));
    const expired = await attempt({});
    expect(expired.statusCode).toBe(400);
    expect(errorCode(expired)).toBe('auth/password_reset_token_expired');
  });

  it('checks input and the anti-forgery header', async () => {
    const browser = await open();
    expect(errorCode(await browser.post('/api/auth/forgotPassword', { email: 'x' }))).toBe(
      'user/invalid_email',
    );
    expect(
      (await browser.post('/api/auth/forgotPassword', { email: 'a@example.com' }, { xsrf: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await browser.post(
          '/api/auth/resetPassword',
          { uid: 'u', resetPasswordToken: 't', password: 'Brand-new-456' },
          { xsrf: false },
        )
      ).statusCode,
    ).toBe(403);
  });

  describe('POST /auth/changePassword', () => {
    it('changes the password and ends the other sessions, keeping this one', async () => {
      const user = await createUserWithPassword(harness.app);
      const here = await browserSignedInAs(harness.app, user.email);
      const elsewhere = await browserSignedInAs(harness.app, user.email);
      const response = await here.post('/api/auth/changePassword', {
        currentPassword: PASSWORD,
        newPassword: 'Changed-456',
      });
      expect(response.statusCode).toBe(200);
      expect((await here.get('/api/auth/me')).json().signedIn).toBe(true);
      expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
      expect((await elsewhere.post('/api/auth/refreshAccessToken')).statusCode).toBe(401);
      const relogin = await (await open()).post('/api/auth/login', {
        email: user.email,
        password: 'Changed-456',
      });
      expect(relogin.statusCode).toBe(200);
    });

    it('refuses a wrong current password and a weak new one with their codes', async () => {
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email);
      const wrong = await browser.post('/api/auth/changePassword', {
        currentPassword: 'Wrong-123',
        newPassword: 'Changed-456',
      });
      expect(wrong.statusCode).toBe(400);
      expect(errorCode(wrong)).toBe('auth/wrong_password');
      const weak = await browser.post('/api/auth/changePassword', {
        currentPassword: PASSWORD,
        newPassword: 'weak',
      });
      expect(errorCode(weak)).toBe('auth/invalid_new_password');
    });

    it('refuses a visitor and a missing anti-forgery header', async () => {
      const body = { currentPassword: PASSWORD, newPassword: 'Changed-456' };
      expect((await (await open()).post('/api/auth/changePassword', body)).statusCode).toBe(401);
      const user = await createUserWithPassword(harness.app);
      const browser = await browserSignedInAs(harness.app, user.email);
      expect((await browser.post('/api/auth/changePassword', body, { xsrf: false })).statusCode).toBe(403);
    });
  });
});
