import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/features/auth/sessions.table.js';
import { requireVerifiedEmail } from '../src/plugins/authentication.js';
import {
  browserSignedInAs,
  createUserWithPassword,
  nextIp,
  PASSWORD,
  staffBrowserSignedIn,
} from './helpers/accounts.js';
import { errorCode, TestBrowser } from './helpers/browser.js';
import { createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({
    env: { SUPPORT_EMAIL: 'help@crossbuy.test' },
    extend(app) {
      app.post('/api/test/place-order', { preHandler: requireVerifiedEmail }, async () => ({ ok: true }));
    },
  });
});
afterAll(() => harness.close());

const open = () => TestBrowser.open(harness.app, nextIp());

describe('POST /user/profile', () => {
  it('updates the given fields and returns { user }', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    const response = await browser.post('/api/user/profile', {
      firstName: ' Grace ',
      phoneNumber: '012-345 6789',
      country: 'my',
      birthDate: '1985-02-01',
      gender: 'other',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Grace',
      lastName: user.lastName,
      phoneNumber: '+60123456789',
      country: 'MY',
      birthDate: '1985-02-01',
      gender: 'other',
    });
    expect((await browser.get('/api/auth/me')).json().profile.firstName).toBe('Grace');
  });

  it('ignores email and password in the body', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    const response = await browser.post('/api/user/profile', {
      lastName: 'Hopper',
      email: 'taken-over@example.com',
      password: 'Other-456',
    });
    expect(response.json().user).toMatchObject({ email: user.email, lastName: 'Hopper' });
    expect(
      (await (await open()).post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ firstName: '' }, 'user/invalid_first_name'],
    [{ lastName: 'x'.repeat(101) }, 'user/invalid_last_name'],
    [{ phoneNumber: '999', country: 'SG' }, 'user/invalid_phone_number'],
    [{ country: 'ZZ' }, 'user/invalid_country'],
    [{ birthDate: '1800-01-01' }, 'user/invalid_birthdate'],
    [{ gender: 'x' }, 'user/invalid_gender'],
    [{}, 'general/argument_error'],
  ])('refuses %j with %s', async (body, code) => {
    const browser = await browserSignedInAs(harness.app, (await createUserWithPassword(harness.app)).email);
    const response = await browser.post('/api/user/profile', body);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe(code);
  });

  it('refuses a visitor and a missing anti-forgery header', async () => {
    expect((await (await open()).post('/api/user/profile', { firstName: 'A' })).statusCode).toBe(401);
    const browser = await browserSignedInAs(harness.app, (await createUserWithPassword(harness.app)).email);
    expect((await browser.post('/api/user/profile', { firstName: 'A' }, { xsrf: false })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /user/names', () => {
  it('answers display names only, for the ids that exist', async () => {
    const a = await createUser(harness.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const b = await createUser(harness.app, { firstName: 'Alan', lastName: 'Turing' });
    const browser = await browserSignedInAs(harness.app, (await createUserWithPassword(harness.app)).email);
    const response = await browser.post('/api/user/names', {
      userIds: [a.id, b.id, a.id, '00000000-0000-4000-8000-000000000000', 'garbage'],
    });
    expect(response.statusCode).toBe(200);
    const names = response.json().users;
    expect(names).toHaveLength(2);
    expect(names).toEqual(
      expect.arrayContaining([
        { id: a.id, displayName: 'Ada L.' },
        { id: b.id, displayName: 'Alan T.' },
      ]),
    );
    expect(JSON.stringify(names)).not.toContain('@');
  });

  it('bounds the list and refuses a malformed one', async () => {
    const browser = await browserSignedInAs(harness.app, (await createUserWithPassword(harness.app)).email);
    const tooMany = Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000000');
    expect(errorCode(await browser.post('/api/user/names', { userIds: tooMany }))).toBe(
      'general/argument_error',
    );
    expect(errorCode(await browser.post('/api/user/names', { userIds: [] }))).toBe('general/argument_error');
    expect(errorCode(await browser.post('/api/user/names', { userIds: 'x' }))).toBe('general/argument_error');
    expect(errorCode(await browser.post('/api/user/names', {}))).toBe('general/missing_argument');
  });

  it('refuses a visitor and a missing anti-forgery header', async () => {
    const body = { userIds: ['00000000-0000-4000-8000-000000000000'] };
    expect((await (await open()).post('/api/user/names', body)).statusCode).toBe(401);
    const browser = await browserSignedInAs(harness.app, (await createUserWithPassword(harness.app)).email);
    expect((await browser.post('/api/user/names', body, { xsrf: false })).statusCode).toBe(403);
  });
});

describe('verified email guard', () => {
  it('refuses an unverified user with 403 auth/unverified_email and lets a verified one through', async () => {
    const unverified = await signInAs(harness.app, await createUser(harness.app, { emailVerifiedAt: null }));
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/test/place-order',
      headers: { cookie: unverified.cookie, ...unverified.header },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('auth/unverified_email');
    const verified = await signInAs(harness.app, await createUser(harness.app));
    const allowed = await harness.app.inject({
      method: 'POST',
      url: '/api/test/place-order',
      headers: { cookie: verified.cookie, ...verified.header },
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('blacklisting', () => {
  async function operator(role: 'operator' | 'admin' = 'operator') {
    return (await staffBrowserSignedIn(harness.app, role)).browser;
  }

  it('signs the account out everywhere and refuses sign-in and refresh with the support email', async () => {
    const shopper = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, shopper.email);
    const staff = await operator();
    const response = await staff.post(`/api/admin/users/${shopper.id}/blacklist`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { id: shopper.id, blacklisted: true } });
    const rows = await harness.app.db.select().from(sessions).where(eq(sessions.userId, shopper.id));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);

    const refresh = await browser.post('/api/auth/refreshAccessToken');
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().error).toMatchObject({
      code: 'auth/account_blacklisted',
      params: ['help@crossbuy.test'],
    });
    expect(refresh.json().error.message).toContain('help@crossbuy.test');

    const login = await (await open()).post('/api/auth/login', { email: shopper.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(errorCode(login)).toBe('auth/account_blacklisted');
    const wrongPassword = await (await open()).post('/api/auth/login', {
      email: shopper.email,
      password: 'Wrong-123',
    });
    expect(errorCode(wrongPassword)).toBe('auth/wrong_email_or_password');

    const lifted = await staff.post(`/api/admin/users/${shopper.id}/unblacklist`);
    expect(lifted.json()).toEqual({ user: { id: shopper.id, blacklisted: false } });
    expect(
      (await (await open()).post('/api/auth/login', { email: shopper.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('refuses a live access token of a blacklisted account at once', async () => {
    const shopper = await createUser(harness.app);
    const session = await signInAs(harness.app, shopper);
    await (await operator('admin')).post(`/api/admin/users/${shopper.id}/blacklist`);
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(401);
  });

  it('is for operators and admins only, on shoppers (admins also on staff), never on oneself', async () => {
    const shopper = await createUserWithPassword(harness.app);
    const otherShopper = await browserSignedInAs(
      harness.app,
      (await createUserWithPassword(harness.app)).email,
    );
    const refused = await otherShopper.post(`/api/admin/users/${shopper.id}/blacklist`);
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('auth/not_authorized');

    const staffMember = await createUserWithPassword(harness.app, { role: 'operator' });
    expect(errorCode(await (await operator()).post(`/api/admin/users/${staffMember.id}/blacklist`))).toBe(
      'auth/not_authorized',
    );
    expect(
      (await (await operator('admin')).post(`/api/admin/users/${staffMember.id}/blacklist`)).statusCode,
    ).toBe(200);

    const { staff: admin, browser: self } = await staffBrowserSignedIn(harness.app, 'admin');
    expect(errorCode(await self.post(`/api/admin/users/${admin.id}/blacklist`))).toBe('auth/not_authorized');
  });

  it('answers 404 user/not_found for an unknown or malformed id, 401 for a visitor, 403 without the header', async () => {
    const staff = await operator();
    const unknown = await staff.post('/api/admin/users/00000000-0000-4000-8000-000000000000/blacklist');
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('user/not_found');
    expect(errorCode(await staff.post('/api/admin/users/not-an-id/unblacklist'))).toBe('user/not_found');
    const shopper = await createUser(harness.app);
    expect((await (await open()).post(`/api/admin/users/${shopper.id}/blacklist`)).statusCode).toBe(401);
    expect(
      (await staff.post(`/api/admin/users/${shopper.id}/blacklist`, {}, { xsrf: false })).statusCode,
    ).toBe(403);
  });
});
