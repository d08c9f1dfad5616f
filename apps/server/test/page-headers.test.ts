import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSecurityHeaders } from '../src/plugins/security-headers.js';
import { webApp } from '../src/plugins/web-app.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const buildDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/redirecting-web-build');

/** Headers only a document uses; an API answer or an asset carries none of them. */
const PAGE_ONLY = [
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

async function storeOn(publicUrl: string): Promise<TestApp> {
  const https = publicUrl.startsWith('https://');
  return createTestApp({
    env: { PUBLIC_URL: publicUrl },
    extend: async (app) => {
      await app.register(webApp, { buildDir, pageHeaders: pageSecurityHeaders({ https }) });
    },
  });
}

const headerBytes = (response: LightMyRequestResponse) =>
  Object.entries(response.headers).reduce(
    (sum, [name, value]) => sum + name.length + String(value).length + 4,
    0,
  );

describe('security headers', () => {
  let store: TestApp;
  beforeAll(async () => {
    store = await storeOn('http://localhost:3000');
  });
  afterAll(async () => {
    await store?.close();
  });
  const get = (url: string) => store.app.inject({ method: 'GET', url });

  it('give a page its script policy with a fresh nonce, and the rest of the document headers', async () => {
    const first = await get('/some-page');
    const second = await get('/some-page');
    const policy = String(first.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(policy).not.toMatch(/stripe|google|frame-src/);
    expect(second.headers['content-security-policy']).not.toBe(policy);
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(['/api/ping', '/api/config', '/api/openapi.json'])(
    'keep to what protects a JSON answer on %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of PAGE_ONLY) expect(response.headers[name], name).toBeUndefined();
    },
  );

  it('make a small JSON answer a few hundred bytes of headers, not a kilobyte', async () => {
    const response = await get('/api/ping');
    expect(headerBytes(response)).toBeLessThan(700);
  });

  it('leave page headers off an unknown API path, an error and an asset', async () => {
    for (const response of [await get('/api/no-such-thing'), await get('/api'), await get('/robots.txt')]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      for (const name of PAGE_ONLY) expect(response.headers[name], name).toBeUndefined();
    }
    const unsafe = await store.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(unsafe.statusCode).toBe(403);
    for (const name of PAGE_ONLY) expect(unsafe.headers[name], name).toBeUndefined();
  });
});

describe('on https', () => {
  let store: TestApp;
  beforeAll(async () => {
    store = await storeOn('https://shop.example');
  });
  afterAll(async () => {
    await store?.close();
  });

  it('every answer asks for https from then on; a page also upgrades what it loads', async () => {
    const page = await store.app.inject({ method: 'GET', url: '/some-page' });
    const json = await store.app.inject({ method: 'GET', url: '/api/ping' });
    for (const response of [page, json]) {
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(json.headers['content-security-policy']).toBeUndefined();
  });
});

describe('with card payments and a captcha set up', () => {
  it('let a page load the card form and the captcha widget from their sites, and nothing else', async () => {
    const store = await createTestApp({
      extend: async (app) => {
        await app.register(webApp, {
          buildDir,
          pageHeaders: pageSecurityHeaders({ https: false }, { cardForm: true, captcha: true }),
        });
      },
    });
    const policy = String(
      (await store.app.inject({ method: 'GET', url: '/some-page' })).headers['content-security-policy'],
    );
    await store.close();
    expect(policy).toMatch(
      /script-src 'self' https:\/\/js\.stripe\.com https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/ 'nonce-/,
    );
    expect(policy).toContain(
      'frame-src https://js.stripe.com https://hooks.stripe.com https://www.google.com/recaptcha/',
    );
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    expect(policy).toContain("default-src 'self'");
  });
});
