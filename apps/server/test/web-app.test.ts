import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSecurityHeaders } from '../src/plugins/security-headers.js';
import { webApp } from '../src/plugins/web-app.js';
import { browserSignedInAs, createUserWithPassword } from './helpers/accounts.js';
import { createTestApp, type TestApp, withXsrf } from './helpers/test-app.js';

// A hand-written build whose pages redirect to `?to=`, show the address they were rendered for and ask
// the API from a loader; served through the real plugin, as `npm start` serves the web app.
const buildDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/redirecting-web-build');

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({
    extend: async (app) => {
      await app.register(webApp, { buildDir, pageHeaders: pageSecurityHeaders({ https: false }) });
    },
  });
});

afterAll(async () => {
  await harness?.close();
});

const get = (url: string, options: { remoteAddress?: string } = {}) =>
  harness.app.inject({ method: 'GET', url, ...options });

const hostile = [
  '//evil.example/category/fashion',
  '/\\evil.example',
  '/\t/evil.example',
  'https://evil.example/',
  'http://localhost:80@evil.example/',
  '//[',
];

describe('redirects of rendered pages', () => {
  it('keeps a redirect within the store, for a page and for its data request', async () => {
    const page = await get('/go?to=%2Fcategory%2Ffashion');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/category/fashion');
    const data = await get('/go.data?to=%2Fcategory%2Ffashion');
    expect(data.statusCode).toBe(202);
    expect(data.body).toContain('"/category/fashion"');
  });

  it.each(hostile)('answers 404 instead of a page redirecting to %j', async (to) => {
    const response = await get(`/go?to=${encodeURIComponent(to)}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
    expect(response.json().error.code).toBe('general/not_found');
  });

  // The browser's router fetches '<path>.data' and follows a redirect it finds in the body.
  it.each(hostile)('answers 404 instead of a data request redirecting to %j', async (to) => {
    const response = await get(`/go.data?to=${encodeURIComponent(to)}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('evil.example');
    expect(response.json().error.code).toBe('general/not_found');
  });

  it('answers 404 instead of an action redirecting off the store', async () => {
    const xsrf = await withXsrf(harness.app);
    const post = (to: string) =>
      harness.app.inject({
        method: 'POST',
        url: `/go.data?to=${encodeURIComponent(to)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: xsrf.cookie, ...xsrf.header },
        payload: 'a=1',
      });
    const kept = await post('/cart');
    expect(kept.statusCode, kept.body).toBe(202);
    expect(kept.body).toContain('"/cart"');
    const response = await post('//evil.example/');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('evil.example');
  });
});

describe('the address a page is rendered for', () => {
  it.each(['//evil.example/categories/fashion', '/%2Fevil.example/categories/fashion'])(
    'is the path %j on the store, never another host',
    async (requested) => {
      const response = await get(requested);
      expect(response.statusCode).toBe(200);
      const url = new URL(response.json().url);
      expect(url.hostname).toBe('localhost');
      expect(url.pathname).toBe(requested);
    },
  );
});

describe("a loader's calls to the API", () => {
  it("are judged by the visitor's address: a remote visitor's page cannot read the development mailbox", async () => {
    expect((await get('/mailbox')).statusCode).toBe(200);
    expect((await get('/mailbox', { remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
  });
});

describe('a page for a returning shopper whose access token has expired', () => {
  const returningShopper = async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email, true);
    browser.cookies.delete('access_token');
    return { user, browser };
  };

  it('is rendered signed in, and carries the refreshed session cookies', async () => {
    const { user, browser } = await returningShopper();
    const refreshTokenBefore = browser.cookie('refresh_token');
    const xsrfBefore = browser.cookie('XSRF-TOKEN');

    const page = await browser.get('/me');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ signedIn: true, profile: { id: user.id } });
    expect(page.headers['cache-control']).toBe('no-store');
    expect(browser.cookie('access_token')).toBeDefined();
    expect(browser.cookie('refresh_token')).not.toBe(refreshTokenBefore);
    expect(browser.cookies.get('refresh_token')).toMatchObject({ path: '/' });
    expect(browser.cookie('XSRF-TOKEN')).toBe(xsrfBefore);
    expect((await browser.get('/api/auth/me')).json()).toMatchObject({ signedIn: true });
  });

  it('keeps the shopper signed in when two tabs load pages with the same refresh token at once', async () => {
    const { browser } = await returningShopper();
    const cookie = browser.cookieHeader('/me');
    const load = () => harness.app.inject({ method: 'GET', url: '/me', headers: { cookie } });
    const pages = await Promise.all([load(), load()]);
    for (const page of pages) expect(page.json()).toMatchObject({ signedIn: true });

    const rotated = pages
      .flatMap((page) => page.cookies)
      .filter((c) => c.name === 'refresh_token' && c.value);
    expect(rotated).toHaveLength(1);
    browser.cookies.set('refresh_token', { value: rotated[0]?.value ?? '', path: '/' });
    expect((await browser.post('/api/auth/refreshAccessToken')).statusCode).toBe(200);
  });

  it('is rendered for a visitor, with the session cookies cleared, when the refresh token is refused', async () => {
    const { browser } = await returningShopper();
    browser.cookies.set('refresh_token', { value: 'not.ours', path: '/' });
    const page = await browser.get('/me');
    expect(page.json()).toMatchObject({ signedIn: false });
    expect(browser.cookie('refresh_token')).toBeUndefined();
  });

  it('is rendered at any request target, however malformed', async () => {
    const { browser } = await returningShopper();
    const response = await harness.app.inject({
      method: 'GET',
      url: '//[',
      headers: { cookie: browser.cookieHeader('/') },
    });
    expect(response.statusCode).toBeLessThan(500);
  });

  it("leaves the browser's data requests to its own refresh", async () => {
    const { browser } = await returningShopper();
    const refreshTokenBefore = browser.cookie('refresh_token');
    await browser.get('/me.data');
    expect(browser.cookie('refresh_token')).toBe(refreshTokenBefore);
    expect(browser.cookie('access_token')).toBeUndefined();
  });
});
