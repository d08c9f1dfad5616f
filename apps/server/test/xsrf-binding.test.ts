import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSignedInAs, createUserWithPassword } from './helpers/accounts.js';
import { TestBrowser } from './helpers/browser.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

// The anti-forgery token is bound to the browser's session (or, for a visitor, to a random value of its
// own), so a token obtained anywhere else is refused.
describe('anti-forgery token bound to the session', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp();
    await seedRegions(harness.app.db);
  });
  afterAll(() => harness.close());

  const prefer = (cookie: string, token: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/region/prefer',
      headers: { cookie, 'x-xsrf-token': token },
      payload: { countryCode: 'MY' },
    });
  const accessCookie = (browser: TestBrowser) => `access_token=${browser.cookie('access_token')}`;

  it("refuses another client's token with a shopper's session", async () => {
    const attacker = await withXsrf(harness.app);
    const attackerToken = attacker.header['x-xsrf-token'] ?? '';
    const shopper = await signInAs(harness.app, await createUser(harness.app));
    const shopperAccess = shopper.cookie.split('; ')[0] ?? '';

    const forged = await prefer(`${shopperAccess}; ${attacker.cookie}`, attackerToken);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('auth/invalid_state');
    expect((await prefer(shopper.cookie, shopper.header['x-xsrf-token'] ?? '')).statusCode).toBe(200);
  });

  it("refuses one visitor's token in another visitor's browser", async () => {
    const first = await withXsrf(harness.app);
    const second = await withXsrf(harness.app);
    const bindingOfSecond = second.cookie.split('; ')[1] ?? '';
    const tokenOfFirst = first.header['x-xsrf-token'] ?? '';
    const mixed = await prefer(`XSRF-TOKEN=${tokenOfFirst}; ${bindingOfSecond}`, tokenOfFirst);
    expect(mixed.statusCode).toBe(403);
    expect((await prefer(first.cookie, tokenOfFirst)).statusCode).toBe(200);
  });

  it('renews the token at sign-in and refuses the one from before', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await TestBrowser.open(harness.app);
    const before = browser.cookie('XSRF-TOKEN') ?? '';
    const bindingBefore = browser.cookie('xsrf_binding') ?? '';
    const browserAfterSignIn = await browserSignedInAs(harness.app, user.email);
    expect(browserAfterSignIn.cookie('XSRF-TOKEN')).not.toBe(before);

    const stale = await prefer(
      `${accessCookie(browserAfterSignIn)}; XSRF-TOKEN=${before}; xsrf_binding=${bindingBefore}`,
      before,
    );
    expect(stale.statusCode).toBe(403);
    expect((await browserAfterSignIn.post('/api/region/prefer', { countryCode: 'MY' })).statusCode).toBe(200);
  });

  it('renews the token at sign-out and refuses the signed-in one afterwards', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    const signedInToken = browser.cookie('XSRF-TOKEN') ?? '';
    expect((await browser.delete('/api/auth/logout')).statusCode).toBe(204);
    expect(browser.cookie('XSRF-TOKEN')).not.toBe(signedInToken);

    const stale = await browser.post('/api/region/prefer', { countryCode: 'MY' }, { xsrf: false });
    expect(stale.statusCode).toBe(403);
    const replayed = await harness.app.inject({
      method: 'POST',
      url: '/api/region/prefer',
      headers: {
        cookie: `XSRF-TOKEN=${signedInToken}; xsrf_binding=${browser.cookie('xsrf_binding')}`,
        'x-xsrf-token': signedInToken,
      },
      payload: { countryCode: 'MY' },
    });
    expect(replayed.statusCode).toBe(403);
    expect((await browser.post('/api/region/prefer', { countryCode: 'MY' })).statusCode).toBe(200);
  });

  it('lets a browser whose access token has expired be told to refresh, and refresh', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    // The access cookie lives exactly as long as the token: an expired one is simply not sent.
    browser.cookies.delete('access_token');

    const write = await browser.delete('/api/address/6f1c1a52-0000-4000-8000-000000000000');
    expect(write.statusCode).toBe(401);
    expect(write.json().error.code).toBe('auth/invalid_access_token');

    const refresh = await browser.post('/api/auth/refreshAccessToken');
    expect(refresh.statusCode).toBe(200);
    expect((await browser.post('/api/region/prefer', { countryCode: 'MY' })).statusCode).toBe(200);
    expect((await browser.get('/api/region/preferred')).json()).toEqual({ countryCode: 'MY' });
  });

  it('keeps the token at a refresh, so calls other tabs sent with it still pass', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    const tokenOfOtherTab = browser.cookie('XSRF-TOKEN') ?? '';
    browser.cookies.delete('access_token');

    expect((await browser.post('/api/auth/refreshAccessToken')).statusCode).toBe(200);
    expect(browser.cookie('XSRF-TOKEN')).toBe(tokenOfOtherTab);
    const fromOtherTab = await prefer(
      `${accessCookie(browser)}; XSRF-TOKEN=${tokenOfOtherTab}; xsrf_binding=${browser.cookie('xsrf_binding')}`,
      tokenOfOtherTab,
    );
    expect(fromOtherTab.statusCode).toBe(200);
  });

  it('binds a new token at a refresh when the one the browser has is not bound to its session', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    browser.cookies.delete('access_token');
    browser.cookies.set('xsrf_binding', { value: 'a-somebody-else', path: '/' });
    const planted = browser.cookie('XSRF-TOKEN') ?? '';

    expect((await browser.post('/api/auth/refreshAccessToken', undefined, { xsrf: false })).statusCode).toBe(
      403,
    );
    const refreshed = await browser.post('/api/auth/refreshAccessToken');
    expect(refreshed.statusCode).toBe(200);
    expect(browser.cookie('XSRF-TOKEN')).not.toBe(planted);
    expect(browser.cookie('xsrf_binding')).not.toBe('a-somebody-else');
    expect((await browser.post('/api/region/prefer', { countryCode: 'MY' })).statusCode).toBe(200);
  });
});
