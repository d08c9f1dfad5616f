import { isErrorCode } from '@crossbuy/core/errors';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nextIp, registration } from './helpers/accounts.js';
import { addProduct, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

// Input an outside probe sent, each of which answered 500 before: every one must be refused with a 4xx
// and a catalogue code, before it reaches a service or the database.

let harness: TestApp;
let app: FastifyInstance;
const logLines: string[] = [];

function addProbeRoutes(instance: FastifyInstance) {
  instance.withTypeProvider<ZodTypeProvider>().post(
    '/api/test/throwing-schema',
    {
      schema: {
        body: z.object({ name: z.string() }).refine(() => {
          throw new TypeError('a refinement that did not expect this input');
        }),
      },
    },
    async () => ({ ok: true }),
  );
}

beforeAll(async () => {
  harness = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => logLines.push(line) },
    extend: addProbeRoutes,
  });
  app = harness.app;
});
afterAll(() => harness.close());

type Session = { cookie: string; header: Record<string, string> };

async function shopper(): Promise<Session> {
  return signInAs(app, await createUser(app));
}

async function visitor(): Promise<Session> {
  const { cookie, header } = await withXsrf(app);
  return { cookie, header };
}

function send(
  session: Session,
  method: InjectOptions['method'],
  url: string,
  options: { json?: unknown; raw?: string; contentType?: string } = {},
) {
  const headers: Record<string, string> = { cookie: session.cookie, ...session.header };
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.json !== undefined) payload = JSON.stringify(options.json);
  if (payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  return app.inject({ method, url, headers, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
}

function expectRefused(response: LightMyRequestResponse, status: number, code: string, params?: string[]) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = response.json();
  expect(error.code).toBe(code);
  expect(isErrorCode(error.code)).toBe(true);
  expect(typeof error.message).toBe('string');
  if (params) expect(error.params).toEqual(params);
}

const singapore = {
  fullName: 'Ada Lovelace',
  phoneNumber: '8123 4567',
  address: '1 Raffles Place',
  postalCode: '048616',
  country: 'SG',
};

describe('bodies that are not objects', () => {
  it.each(['null', '"str"', '[]', '123', 'true'])(
    '%s gets 400 on register, profile and address',
    async (raw) => {
      const signedIn = await shopper();
      expectRefused(
        await send(await visitor(), 'POST', '/api/auth/register', { raw }),
        400,
        'general/argument_error',
      );
      expectRefused(
        await send(signedIn, 'POST', '/api/user/profile', { raw }),
        400,
        'general/argument_error',
      );
      expectRefused(await send(signedIn, 'POST', '/api/address', { raw }), 400, 'general/argument_error');
    },
  );

  it('refuses a text/plain body on a JSON route with 415', async () => {
    const response = await send(await shopper(), 'POST', '/api/address', {
      raw: JSON.stringify(singapore),
      contentType: 'text/plain',
    });
    expectRefused(response, 415, 'general/unsupported_media_type');
  });

  it('still reports a wrong-typed phone number with its own code, without a crash', async () => {
    const response = await send(await shopper(), 'POST', '/api/address', {
      json: { ...singapore, phoneNumber: 5 },
    });
    expectRefused(response, 400, 'address/invalid_phone_number');
  });

  it('answers 400 when a schema throws, and logs the cause as an error', async () => {
    const response = await send(await visitor(), 'POST', '/api/test/throwing-schema', {
      json: { name: 'x' },
    });
    expectRefused(response, 400, 'general/argument_error');
    const errors = logLines
      .map((line) => JSON.parse(line))
      .filter((line) => line.reqId === response.headers['x-request-id'] && line.level >= 50);
    expect(errors).toEqual([
      expect.objectContaining({ err: expect.objectContaining({ type: 'TypeError' }) }),
    ]);
  });
});

describe('control characters', () => {
  it('refuses NUL in the names of a registration, naming the field', async () => {
    for (const field of ['firstName', 'lastName']) {
      const response = await send(await visitor(), 'POST', '/api/auth/register', {
        json: registration({ [field]: 'A\u0000B' }),
      });
      expectRefused(response, 400, 'general/argument_error', [field]);
    }
  });

  it('refuses NUL in profile names', async () => {
    const session = await shopper();
    for (const field of ['firstName', 'lastName']) {
      const response = await send(session, 'POST', '/api/user/profile', { json: { [field]: 'A\u0000B' } });
      expectRefused(response, 400, 'general/argument_error', [field]);
    }
  });

  it('refuses NUL in every address text field, on POST and PUT', async () => {
    const session = await shopper();
    const created = await send(session, 'POST', '/api/address', { json: singapore });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().address.id as string;
    for (const field of ['fullName', 'phoneNumber', 'address', 'unitNumber', 'postalCode', 'state', 'city']) {
      const posted = await send(session, 'POST', '/api/address', {
        json: { ...singapore, [field]: 'A\u0000B' },
      });
      expectRefused(posted, 400, 'general/argument_error', [field]);
      const put = await send(session, 'PUT', `/api/address/${id}`, { json: { [field]: 'A\u0000B' } });
      expectRefused(put, 400, 'general/argument_error', [field]);
    }
  });

  it('refuses NUL in path and query parameters', async () => {
    expectRefused(await send(await visitor(), 'GET', '/api/image_page/%00'), 400, 'general/argument_error', [
      'id',
    ]);
    expectRefused(
      await send(await visitor(), 'GET', '/api/dev/mailbox?to=%00'),
      400,
      'general/argument_error',
      ['to'],
    );
  });

  it('refuses other control characters, keys holding them and unpaired surrogates; keeps tab and new lines', async () => {
    const session = await shopper();
    for (const text of ['A\u0001B', 'A\u001bB', 'A\u007fB', 'A\u0085B', 'A\ud800B']) {
      const response = await send(session, 'POST', '/api/user/profile', { json: { firstName: text } });
      expectRefused(response, 400, 'general/argument_error', ['firstName']);
    }
    const key = await send(session, 'POST', '/api/user/profile', { raw: '{"firstName":"Bo","a\\u0000":1}' });
    expectRefused(key, 400, 'general/argument_error', ['a\u0000']);
    const kept = await send(session, 'POST', '/api/address', {
      json: { ...singapore, address: '1 Raffles Place\r\n\tTower 2', fullName: 'Zoë 😀' },
    });
    expect(kept.statusCode, kept.body).toBe(201);
  });
});

describe('times', () => {
  it.each([
    '0000-01-01T00:00:00Z',
    '0000-01-01T00:00:00%2B23:59',
    '2026-01-01T00:00:00%2B23:59',
    '9999-12-31T23:59:59-01:00',
  ])('refuses beforeTime=%s with 400', async (time) => {
    const response = await send(await shopper(), 'GET', `/api/notification?beforeTime=${time}`);
    expectRefused(response, 400, 'general/argument_error');
  });

  it('still takes a microsecond time with an offset', async () => {
    const response = await send(
      await shopper(),
      'GET',
      '/api/notification?beforeTime=2026-01-01T08:00:00.123456%2B08:00',
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('framework errors', () => {
  it('answers a path that does not decode with the error envelope', async () => {
    expectRefused(await send(await visitor(), 'GET', '/api/merchant/%ff'), 400, 'general/argument_error');
  });

  it('answers a path parameter over the length limit with the error envelope', async () => {
    expectRefused(
      await send(await visitor(), 'GET', `/api/merchant/${'a'.repeat(101)}`),
      400,
      'general/argument_error',
    );
  });

  it.each([
    '{"__proto__":{"admin":true},"email":"a@b.co","password":"x"}',
    '{"constructor":{"prototype":{"admin":true}},"email":"a@b.co","password":"x"}',
  ])('refuses prototype poisoning %s with 400', async (raw) => {
    expectRefused(
      await send(await visitor(), 'POST', '/api/auth/login', { raw }),
      400,
      'general/malformed_json',
    );
  });

  it('refuses deep nesting and a body over the limit', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    expectRefused(
      await send(await shopper(), 'POST', '/api/user/profile', { raw: deep }),
      400,
      'general/argument_error',
    );
    const huge = await send(await shopper(), 'POST', '/api/user/profile', {
      json: { firstName: 'x'.repeat(app.initialConfig.bodyLimit ?? 0) },
    });
    expectRefused(huge, 413, 'general/payload_too_large');
  });
});

describe('forged listing cursors', () => {
  it('refuses a time or a base price the database cannot compare with product/invalid_cursor', async () => {
    const catalogue = await seedCatalogue(app.db);
    const { id } = await addProduct(catalogue, {
      name: 'Cursor Phones',
      categoryId: 'headphones',
      merchant: catalogue.merchants.audio,
      priceMinor: 100,
    });
    const cursor = (wire: object) => Buffer.from(JSON.stringify(wire)).toString('base64url');
    for (const [sort, wire] of [
      ['newest', { v: 1, s: 'newest', n: 2, t: '-999999999999999999', i: id }],
      ['relevance', { v: 1, s: 'relevance', n: 2, a: true, t: '999999999999999999', i: id }],
      ['price_asc', { v: 1, s: 'price_asc', n: 2, k: 'base', p: '999999999999999999', i: id }],
    ] as const) {
      const response = await send(
        await visitor(),
        'GET',
        `/api/product/search?q=phones&sort=${sort}&after=${cursor(wire)}`,
      );
      expectRefused(response, 400, 'product/invalid_cursor');
    }
  });
});
