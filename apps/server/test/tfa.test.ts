import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/features/users/users.table.js';
import { requireTfaPassed } from '../src/plugins/authentication.js';
import { browserSignedInAs, createUserWithPassword, nextIp } from './helpers/accounts.js';
import { errorCode, linkParamFor, TestBrowser, totpCode } from './helpers/browser.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({
    extend(app) {
      app.get('/api/test/saved-cards', { preHandler: requireTfaPassed }, async () => ({ ok: true }));
    },
  });
});
afterAll(() => harness.close());

async function signedInUser() {
  const user = await createUserWithPassword(harness.app);
  return { user, browser: await browserSignedInAs(harness.app, user.email) };
}

/** A user with two-factor on, and the secret their authenticator app holds. */
async function userWithTfa() {
  const { user, browser } = await signedInUser();
  const setup = await browser.post('/api/tfa/setup');
  const secret: string = setup.json().secret;
  // The previous step's code, so the current step is still free for the test's own first code.
  const enabled = await browser.post('/api/tfa/verify', { token: await totpCode(secret, -1) });
  if (enabled.statusCode !== 200) throw new Error(enabled.body);
  return { user, browser, secret };
}

describe('two-factor setup and verification', () => {
  it('sets up with a secret, an otpauth URL and a QR image; the first good code turns it on and passes the session', async () => {
    const { user, browser } = await signedInUser();
    expect((await browser.get('/api/tfa/is_enabled')).json()).toEqual({ enabled: false });
    const setup = await browser.post('/api/tfa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Crossbuy:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const [row] = await harness.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.tfaSecret).not.toContain(secret);

    const verified = await browser.post('/api/tfa/verify', { token: await totpCode(secret) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ signedIn: true, tfaPassed: true, profile: { tfaEnabled: true } });
    expect((await browser.get('/api/tfa/is_enabled')).json()).toEqual({ enabled: true });
    expect((await browser.get('/api/auth/me')).json().tfaPassed).toBe(true);
    expect((await browser.get('/api/test/saved-cards')).statusCode).toBe(200);
  });

  it('answers auth/tfa_not_setup before setup, and auth/tfa_already_setup once on', async () => {
    const { browser } = await signedInUser();
    const early = await browser.post('/api/tfa/verify', { token: '123456' });
    expect(early.statusCode).toBe(400);
    expect(errorCode(early)).toBe('auth/tfa_not_setup');
    const { browser: enabled } = await userWithTfa();
    expect(errorCode(await enabled.post('/api/tfa/setup'))).toBe('auth/tfa_already_setup');
    expect(errorCode(await enabled.post('/api/tfa/skip_setup'))).toBe('auth/tfa_already_setup');
  });

  it('signs a two-factor user in without two-factor passed; a code passes the session, and works once', async () => {
    const { user, secret } = await userWithTfa();
    const browser = await browserSignedInAs(harness.app, user.email);
    const me = await browser.get('/api/auth/me');
    expect(me.json()).toMatchObject({ signedIn: true, tfaPassed: false, profile: { tfaEnabled: true } });
    const refused = await browser.get('/api/test/saved-cards');
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('auth/tfa_not_verified');

    const code = await totpCode(secret);
    expect((await browser.post('/api/tfa/verify', { token: code })).statusCode).toBe(200);
    expect((await browser.get('/api/test/saved-cards')).statusCode).toBe(200);

    const other = await browserSignedInAs(harness.app, user.email);
    const replay = await other.post('/api/tfa/verify', { token: code });
    expect(replay.statusCode).toBe(400);
    expect(errorCode(replay)).toBe('auth/tfa_wrong_code');
    // An older code than the last one used is refused too.
    expect(errorCode(await other.post('/api/tfa/verify', { token: await totpCode(secret, -1) }))).toBe(
      'auth/tfa_wrong_code',
    );
  });

  it('keeps two-factor passed across an access token refresh', async () => {
    const { browser } = await userWithTfa();
    browser.cookies.delete('access_token');
    const refreshed = await browser.post('/api/auth/refreshAccessToken');
    expect(refreshed.json().tfaPassed).toBe(true);
    expect((await browser.get('/api/test/saved-cards')).statusCode).toBe(200);
  });

  it('refuses a wrong or malformed code with auth/tfa_wrong_code', async () => {
    const { browser, secret } = await userWithTfa();
    const good = await totpCode(secret);
    const wrong = good === '000000' ? '000001' : '000000';
    expect(errorCode(await browser.post('/api/tfa/verify', { token: wrong }))).toBe('auth/tfa_wrong_code');
    expect(errorCode(await browser.post('/api/tfa/verify', { token: 'abc' }))).toBe('auth/tfa_wrong_code');
    expect((await browser.post('/api/tfa/verify', {})).json().error).toMatchObject({
      code: 'general/missing_argument',
      params: ['token'],
    });
  });

  it('records a skipped setup', async () => {
    const { browser } = await signedInUser();
    expect((await browser.post('/api/tfa/skip_setup')).json()).toEqual({ ok: true });
    expect((await browser.get('/api/auth/me')).json().profile.tfaSetupSkipped).toBe(true);
  });
});

describe('turning two-factor off', () => {
  it('disable_tfa needs a current code, and leaves no session two-factor passed', async () => {
    const { browser, secret } = await userWithTfa();
    const wrong = await browser.post('/api/tfa/disable_tfa', { token: '000000' });
    expect(errorCode(wrong)).toBe('auth/tfa_wrong_code');
    const response = await browser.post('/api/tfa/disable_tfa', { token: await totpCode(secret) });
    expect(response.statusCode).toBe(200);
    expect((await browser.get('/api/tfa/is_enabled')).json()).toEqual({ enabled: false });
    expect((await browser.get('/api/auth/me')).json().tfaPassed).toBe(false);
    expect(errorCode(await browser.get('/api/test/saved-cards'))).toBe('auth/tfa_not_verified');
    const again = await browser.post('/api/tfa/disable_tfa', { token: await totpCode(secret, 1) });
    expect(errorCode(again)).toBe('auth/tfa_not_enabled');
  });

  it('requestReset mails a single-use token that turns two-factor off for its owner only', async () => {
    const { user } = await userWithTfa();
    const browser = await browserSignedInAs(harness.app, user.email);
    expect((await browser.post('/api/tfa/requestReset')).json()).toEqual({ ok: true });
    const token = await linkParamFor(harness.app, user.email, 'token');

    const stranger = await userWithTfa();
    const foreign = await stranger.browser.post('/api/tfa/reset', { resetTfaToken: token });
    expect(foreign.statusCode).toBe(400);
    expect(errorCode(foreign)).toBe('auth/tfa_reset_token_invalid');

    expect(errorCode(await browser.post('/api/tfa/reset', { resetTfaToken: 'wrong' }))).toBe(
      'auth/tfa_reset_token_invalid',
    );
    const reset = await browser.post('/api/tfa/reset', { resetTfaToken: token });
    expect(reset.statusCode).toBe(200);
    expect((await browser.get('/api/tfa/is_enabled')).json()).toEqual({ enabled: false });
    expect(errorCode(await browser.post('/api/tfa/reset', { resetTfaToken: token }))).toBe(
      'auth/tfa_reset_token_invalid',
    );
  });

  it('requestReset answers auth/tfa_not_enabled when two-factor is off', async () => {
    const { browser } = await signedInUser();
    expect(errorCode(await browser.post('/api/tfa/requestReset'))).toBe('auth/tfa_not_enabled');
  });
});

describe('two-factor access rules', () => {
  it.each([
    ['POST', '/api/tfa/setup', undefined],
    ['POST', '/api/tfa/verify', { token: '123456' }],
    ['POST', '/api/tfa/skip_setup', undefined],
    ['GET', '/api/tfa/is_enabled', undefined],
    ['POST', '/api/tfa/disable_tfa', { token: '123456' }],
    ['POST', '/api/tfa/requestReset', undefined],
    ['POST', '/api/tfa/reset', { resetTfaToken: 'abc' }],
  ] as const)('%s %s refuses a visitor with 401', async (method, url, payload) => {
    const visitor = await TestBrowser.open(harness.app, nextIp());
    const response = await visitor.request({ method, url, payload: payload ?? {} });
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('auth/invalid_access_token');
  });

  it.each([
    ['/api/tfa/setup', {}],
    ['/api/tfa/verify', { token: '123456' }],
    ['/api/tfa/skip_setup', {}],
    ['/api/tfa/disable_tfa', { token: '123456' }],
    ['/api/tfa/requestReset', {}],
    ['/api/tfa/reset', { resetTfaToken: 'abc' }],
  ])('POST %s refuses a missing anti-forgery header', async (url, payload) => {
    const { browser } = await signedInUser();
    const response = await browser.post(url, payload, { xsrf: false });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('auth/invalid_state');
  });
});
