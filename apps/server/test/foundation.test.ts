import { ERROR_MESSAGES } from '@crossbuy/core/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireRole, requireUser } from '../src/plugins/authentication.js';
import {
  createTestApp,
  createUser,
  signInAs,
  type TestApp,
  withXsrf,
  type XsrfPair,
} from './helpers/test-app.js';

const BODY_LIMIT = 4096;

/** Routes that exist only here, to drive the shared plumbing the way a feature route would. */
function addProbeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    { schema: { body: z.object({ firstName: z.string().min(1, { error: 'user/invalid_first_name' }) }) } },
    async (request) => ({ firstName: request.body.firstName }),
  );
  typed.get('/api/test/explode', async () => {
    throw new Error('database password is hunter2');
  });
}

describe('foundation HTTP behaviour', () => {
  let harness: TestApp;
  let app: FastifyInstance;
  let xsrf: XsrfPair;

  beforeAll(async () => {
    harness = await createTestApp({ env: { BODY_LIMIT_BYTES: String(BODY_LIMIT) }, extend: addProbeRoutes });
    app = harness.app;
    xsrf = await withXsrf(app);
  });
  afterAll(() => harness.close());

  it('GET /api/ping answers and hands out a signed anti-forgery cookie', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('does not replace a valid anti-forgery cookie the browser already has', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/ping', headers: { cookie: xsrf.cookie } });
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('GET /api/config includes app_currency, SGD by default', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      app_currency: 'SGD',
      captcha_required: false,
      recaptcha_site_key: null,
    });
  });

  it('GET /api/auth/me tells a visitor they are signed out', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedIn: false, tfaPassed: false, profile: null });
  });

  describe('anti-forgery check', () => {
    const body = { firstName: 'Ada' };

    it('accepts a POST whose header matches the cookie', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { cookie: xsrf.cookie, ...xsrf.header },
        payload: body,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(body);
    });

    it.each([
      ['no header', (pair: XsrfPair) => ({ cookie: pair.cookie })],
      ['no cookie', (pair: XsrfPair) => ({ ...pair.header })],
      [
        'a header that differs from the cookie',
        (pair: XsrfPair) => ({ cookie: pair.cookie, 'x-xsrf-token': 'a.b' }),
      ],
      [
        'a cookie and header that match but are not signed by the server',
        () => ({ cookie: 'XSRF-TOKEN=forged.value', 'x-xsrf-token': 'forged.value' }),
      ],
    ])('refuses a POST with %s: 403 auth/invalid_state', async (_label, headers) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: headers(xsrf),
        payload: body,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'auth/invalid_state', params: [], message: ERROR_MESSAGES['auth/invalid_state'] },
      });
    });
  });

  describe('error envelope', () => {
    const post = (payload: string, contentType = 'application/json') =>
      app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { cookie: xsrf.cookie, ...xsrf.header, 'content-type': contentType },
        payload,
      });

    it('answers an unknown /api route with a JSON 404', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error).toMatchObject({
        code: 'general/not_found',
        params: ['/api/no/such/thing'],
      });
    });

    it('answers malformed JSON with 400 general/malformed_json', async () => {
      const response = await post('{"firstName": ');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('general/malformed_json');
    });

    it('answers a body over the limit with 413 general/payload_too_large', async () => {
      const response = await post(JSON.stringify({ firstName: 'x'.repeat(BODY_LIMIT * 2) }));
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatchObject({
        code: 'general/payload_too_large',
        params: [String(BODY_LIMIT)],
      });
    });

    it('answers an unsupported content type with 415', async () => {
      const response = await post('firstName=Ada', 'text/csv');
      expect(response.statusCode).toBe(415);
      expect(response.json().error.code).toBe('general/unsupported_media_type');
    });

    it("reports a field's own catalogue code", async () => {
      const response = await post(JSON.stringify({ firstName: '' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'user/invalid_first_name',
        params: [],
        message: ERROR_MESSAGES['user/invalid_first_name'],
      });
    });

    it('reports a missing field as general/missing_argument with its name', async () => {
      const response = await post(JSON.stringify({}));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'general/missing_argument',
        params: ['firstName'],
      });
      expect(response.json().error.message).toBe('Missing argument firstName');
    });

    it('never leaks internals in a 500', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test/explode' });
      expect(response.statusCode).toBe(500);
      const text = response.body;
      expect(text).not.toContain('hunter2');
      expect(text).not.toMatch(/at .+\.(ts|js):\d+/);
      const error = response.json().error;
      expect(error.code).toBe('general/unknown_error');
      expect(error.params[0]).toContain(response.headers['x-request-id']);
    });
  });

  it('sets the security headers of an API answer (pages get more: page-headers.test.ts)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves an OpenAPI document generated from the route schemas, and its UI', async () => {
    const document = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    const spec = document.json();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/ping', '/api/config', '/api/auth/me']),
    );
    expect(
      spec.paths['/api/config'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('app_currency');
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('configurable app currency', () => {
  it('GET /api/config reports APP_CURRENCY when set', async () => {
    const harness = await createTestApp({ env: { APP_CURRENCY: 'MYR' } });
    try {
      const response = await harness.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.json().app_currency).toBe('MYR');
    } finally {
      await harness.close();
    }
  });
});

describe('authentication guards', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({
      extend(app) {
        app.get('/api/test/mine', { preHandler: requireUser }, async (request) => ({
          userId: request.principal?.userId,
        }));
        app.get('/api/test/back-office', { preHandler: requireRole('operator', 'admin') }, async () => ({
          ok: true,
        }));
      },
    });
  });
  afterAll(() => harness.close());

  it('answers a visitor on a signed-in call with 401 auth/invalid_access_token', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/test/mine' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('auth/invalid_access_token');
  });

  it('knows the signed-in user from the access token cookie', async () => {
    const user = await createUser(harness.app);
    const session = await signInAs(harness.app, user);
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/test/mine',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: user.id });
  });

  it('refuses a shopper on a back-office call with 403 auth/not_authorized, and lets an operator in', async () => {
    const shopper = await signInAs(harness.app, await createUser(harness.app));
    const refused = await harness.app.inject({
      method: 'GET',
      url: '/api/test/back-office',
      headers: { cookie: shopper.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth/not_authorized');
    const operator = await signInAs(harness.app, await createUser(harness.app, { role: 'operator' }), {
      tfaPassed: true,
    });
    const allowed = await harness.app.inject({
      method: 'GET',
      url: '/api/test/back-office',
      headers: { cookie: operator.cookie },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses a member of staff whose session has not passed two-factor, saying which step is missing', async () => {
    const backOffice = async (session: { cookie: string }) =>
      harness.app.inject({
        method: 'GET',
        url: '/api/test/back-office',
        headers: { cookie: session.cookie },
      });
    const withoutTfa = await backOffice(
      await signInAs(harness.app, await createUser(harness.app, { role: 'admin' })),
    );
    expect(withoutTfa.statusCode).toBe(403);
    expect(withoutTfa.json().error.code).toBe('auth/staff_tfa_required');
    const tfaOn = await createUser(harness.app, { role: 'operator', tfaEnabledAt: new Date() });
    const owesCode = await backOffice(await signInAs(harness.app, tfaOn));
    expect(owesCode.statusCode).toBe(403);
    expect(owesCode.json().error.code).toBe('auth/tfa_not_verified');
    expect((await backOffice(await signInAs(harness.app, tfaOn, { tfaPassed: true }))).statusCode).toBe(200);
  });
});
