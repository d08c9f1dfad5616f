import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

describe('region calls', () => {
  let harness: TestApp;
  const get = (url: string, cookie?: string) =>
    harness.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const prefer = async (
    countryCode: unknown,
    session?: { cookie: string; header: Record<string, string> },
  ) => {
    const pair = session ?? (await withXsrf(harness.app));
    return harness.app.inject({
      method: 'POST',
      url: '/api/region/prefer',
      headers: { cookie: pair.cookie, ...pair.header },
      payload: countryCode === undefined ? {} : { countryCode },
    });
  };

  beforeAll(async () => {
    harness = await createTestApp();
    await seedRegions(harness.app.db);
  });
  afterAll(() => harness.close());

  it('GET /region lists every region in order, with names and currencies', async () => {
    const response = await get('/api/region');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json().regions).toEqual([
      { countryCode: 'SG', name: 'Singapore', currency: 'SGD', enabled: true, default: true },
      { countryCode: 'MY', name: 'Malaysia', currency: 'MYR', enabled: true, default: false },
      { countryCode: 'JP', name: 'Japan', currency: 'JPY', enabled: true, default: false },
      { countryCode: 'GB', name: 'United Kingdom', currency: 'GBP', enabled: false, default: false },
    ]);
  });

  it('GET /region/enabled lists only the regions on sale', async () => {
    const { regions } = (await get('/api/region/enabled')).json();
    expect(regions.map((region: { countryCode: string }) => region.countryCode)).toEqual(['SG', 'MY', 'JP']);
  });

  it('GET /region/default answers { region }', async () => {
    const response = await get('/api/region/default');
    expect(response.json()).toEqual({
      region: { countryCode: 'SG', name: 'Singapore', currency: 'SGD', enabled: true, default: true },
    });
  });

  it('GET /region/preferred answers the default region for a visitor without a choice', async () => {
    const response = await get('/api/region/preferred');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({ countryCode: 'SG' });
  });

  it("keeps a visitor's choice in a cookie", async () => {
    const response = await prefer('my');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ countryCode: 'MY' });
    const cookie = response.cookies.find((c) => c.name === 'preferred_region');
    expect(cookie).toMatchObject({ value: 'MY', path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.maxAge).toBeGreaterThan(30 * 24 * 60 * 60);
    expect((await get('/api/region/preferred', 'preferred_region=MY')).json()).toEqual({ countryCode: 'MY' });
  });

  it('ignores a cookie naming a region that is off or unknown', async () => {
    for (const value of ['GB', 'XX', '%3Cscript%3E']) {
      expect((await get('/api/region/preferred', `preferred_region=${value}`)).json()).toEqual({
        countryCode: 'SG',
      });
    }
  });

  it("keeps a signed-in shopper's choice on their account, which wins over the cookie", async () => {
    const session = await signInAs(harness.app, await createUser(harness.app));
    expect((await prefer('JP', session)).statusCode).toBe(200);
    expect((await get('/api/region/preferred', session.cookie)).json()).toEqual({ countryCode: 'JP' });
    expect((await get('/api/region/preferred', `${session.cookie}; preferred_region=MY`)).json()).toEqual({
      countryCode: 'JP',
    });
    const other = await signInAs(harness.app, await createUser(harness.app));
    expect((await get('/api/region/preferred', other.cookie)).json()).toEqual({ countryCode: 'SG' });
  });

  it('refuses a region that is off or unknown with 400 region/not_enabled', async () => {
    for (const code of ['GB', 'XX']) {
      const response = await prefer(code);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'region/not_enabled', params: [code] });
      expect(response.cookies.find((c) => c.name === 'preferred_region')).toBeUndefined();
    }
  });

  it('refuses a malformed or missing country code', async () => {
    expect((await prefer('Malaysia')).json().error.code).toBe('general/argument_error');
    expect((await prefer(42)).json().error.code).toBe('general/argument_error');
    const missing = await prefer(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'general/missing_argument', params: ['countryCode'] });
  });

  it('refuses POST /region/prefer without the anti-forgery header', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/region/prefer',
      payload: { countryCode: 'MY' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth/invalid_state');
  });

  it('describes every region route in the OpenAPI document', async () => {
    const { paths } = (await get('/api/openapi.json')).json();
    for (const path of [
      '/api/region',
      '/api/region/default',
      '/api/region/enabled',
      '/api/region/preferred',
    ]) {
      expect(paths[path].get.summary, path).toBeTruthy();
    }
    expect(paths['/api/region/prefer'].post.requestBody).toBeDefined();
  });
});

describe('a store with no regions configured', () => {
  it('sells to Singapore in SGD, so prices still work', async () => {
    const harness = await createTestApp();
    try {
      const response = await harness.app.inject({ method: 'GET', url: '/api/region/default' });
      expect(response.json().region).toMatchObject({ countryCode: 'SG', currency: 'SGD', default: true });
      expect((await harness.app.inject({ method: 'GET', url: '/api/region/enabled' })).json()).toEqual({
        regions: [],
      });
      const search = await harness.app.inject({ method: 'GET', url: '/api/product/search?q=anything' });
      expect(search.statusCode).toBe(200);
      expect(search.json()).toMatchObject({ total: 0, region: 'SG' });
    } finally {
      await harness.close();
    }
  });
});
