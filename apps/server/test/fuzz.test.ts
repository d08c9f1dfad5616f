import { isErrorCode } from '@crossbuy/core/errors';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications, notifyUser } from '../src/features/notifications/notifications.service.js';
import { nextIp, PASSWORD, registration } from './helpers/accounts.js';
import { addProduct, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

// Hostile variants of every operation in the OpenAPI document, as a visitor and as a signed-in shopper:
// nothing may answer 5xx, and every 4xx carries the error envelope with a catalogue code. The variants are
// the same on every run (fixed seed), so a failure names a request that can be replayed.

const SEED = 20_261_121;
const RANDOM_VARIANTS_PER_OPERATION = 16;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  format?: string;
};

type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: JsonSchema | undefined;
};

/** A request as the fuzzer describes it; `url` pieces are sent already percent-encoded. */
type Variant = {
  label: string;
  pathValues?: Record<string, string>;
  query?: string;
  body?: string;
  contentType?: string;
  xsrf?: boolean;
};

type Actor = { name: string; cookie: string; header: Record<string, string>; ids: Record<string, string> };

let harness: TestApp;
let operations: Operation[];
let productId: string;
let merchantId: string;

beforeAll(async () => {
  harness = await createTestApp();
  const catalogue = await seedCatalogue(harness.app.db);
  merchantId = catalogue.merchants.audio.id;
  productId = (
    await addProduct(catalogue, {
      name: 'Fuzz Phones',
      categoryId: 'headphones',
      merchant: catalogue.merchants.audio,
      priceMinor: 1000,
      stock: 5,
    })
  ).id;
  const response = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
  operations = operationsOf(response.json());
});
afterAll(() => harness.close());

function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

let registrations = 0;

const singapore = {
  fullName: 'Ada Lovelace',
  phoneNumber: '8123 4567',
  address: '1 Raffles Place',
  unitNumber: '#10-01',
  postalCode: '048616',
  country: 'SG',
  state: null,
  city: 'Singapore',
};

// Bodies the store's own forms send, so that a variant changing one field keeps the rest valid and the
// hostile value gets as far as the service. Other operations start from an example of their schema.
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/auth/register': () => {
    registrations += 1;
    return registration({ email: `fuzz-${registrations}@example.com` });
  },
  'POST /api/auth/login': () => ({ email: 'ada@example.com', password: PASSWORD }),
  'POST /api/auth/resetPassword': () => ({ uid: productId, resetPasswordToken: 'token', password: PASSWORD }),
  'POST /api/auth/changePassword': () => ({ currentPassword: PASSWORD, newPassword: `${PASSWORD}!` }),
  'POST /api/user/profile': () => ({
    firstName: 'Bo',
    lastName: 'Lee',
    phoneNumber: '8123 4567',
    country: 'SG',
    birthDate: '1990-12-10',
    gender: 'female',
  }),
  'POST /api/user/names': () => ({ userIds: [productId] }),
  'POST /api/address': () => singapore,
  'PUT /api/address/{id}': () => singapore,
  'POST /api/region/prefer': () => ({ countryCode: 'SG' }),
  'POST /api/wishlist': () => ({ productId }),
  'POST /api/admin/vouchers': () => ({ code: 'FUZZ10', kind: 'percent', percentOff: 10 }),
  'PUT /api/admin/vouchers/{id}': () => ({ code: 'FUZZ10', kind: 'percent', percentOff: 10 }),
  'POST /api/admin/banners': () => ({ title: 'Fuzz', image: 'banners/fuzz.svg' }),
  'PUT /api/admin/banners/{id}': () => ({ title: 'Fuzz', image: 'banners/fuzz.svg' }),
  'POST /api/admin/popups': () => ({ title: 'Fuzz' }),
  'PUT /api/admin/popups/{id}': () => ({ title: 'Fuzz' }),
  'POST /api/admin/home_groups': () => ({ title: 'Fuzz', productIds: [productId] }),
  'PUT /api/admin/home_groups/{id}': () => ({ title: 'Fuzz', productIds: [productId] }),
  'POST /api/admin/image_pages': () => ({
    id: 'fuzz-page',
    title: 'Fuzz',
    pictures: [{ image: 'banners/fuzz.svg', link: '/search?q=fuzz', alt: 'Fuzz' }],
  }),
  'PUT /api/admin/image_pages/{id}': () => ({
    title: 'Fuzz',
    pictures: [{ image: 'banners/fuzz.svg', link: '/search?q=fuzz', alt: 'Fuzz' }],
  }),
  'POST /api/admin/staff/invitations': () => ({ email: 'fuzz-invitee@example.com' }),
};

function baseBodyOf(operation: Operation): Record<string, unknown> | undefined {
  const valid = VALID_BODIES[`${operation.method} ${operation.path}`];
  return valid ? valid() : (exampleOf(operation.body) as Record<string, unknown> | undefined);
}

/** A plausible value of a schema, for the fields a variant leaves alone. */
function exampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return exampleOf(schema.anyOf.find((option) => option.type !== 'null'));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value)]),
      );
    case 'array':
      return [exampleOf(schema.items)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return schema.format === 'date-time' ? '2026-01-01T00:00:00Z' : 'Example';
  }
}

const HUGE = 'x'.repeat(200_000);
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
};

/** Field values no form sends: wrong types, control characters, sizes and dates out of range. */
const HOSTILE_VALUES: unknown[] = [
  null,
  12_345,
  -1,
  1.5,
  true,
  [],
  {},
  ['A\u0000B'],
  { nested: 'A\u0000B' },
  '',
  'A\u0000B',
  '\u0001\u0007\u001b\u007f\u0085',
  '\ud800',
  HUGE,
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00+23:59',
  '+275760-09-13T00:00:00.000Z',
  deepObject(200),
];

/** Raw body texts that are not the object a route expects, or that attack the JSON parser. */
const HOSTILE_BODIES = [
  'null',
  '"str"',
  '[]',
  '123',
  'true',
  '{}',
  '{',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a\\u0000":1}',
  deepArray(5000),
  '1e309',
  // Over the default body limit of 1 MiB.
  JSON.stringify({ text: 'x'.repeat(1_100_000) }),
];

/** Path parameter values, percent-encoded as a client would put them in the URL. */
const HOSTILE_IDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(101),
  'a'.repeat(65),
  '%00',
  'A%01B',
  '%ff',
  '%C0%AF',
  '%ED%A0%80',
  '..%2F..%2Fetc',
  '%F0%9F%98%80',
  '-1',
];

/** Query values, percent-encoded. */
const HOSTILE_QUERY_VALUES = [
  '%00',
  'A%01B',
  '%ff',
  '%ED%A0%80',
  'x'.repeat(4000),
  '-1',
  '1e309',
  'NaN',
  '',
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00%2B23:59',
  '2026-01-01T00:00:00%2B23:59',
  '%2B275760-09-13T00:00:00Z',
];

/** Percent-encodes any text, lone surrogates included (as U+FFFD, as a browser would). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

const randomValue = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\u0008', '\u000b', '\u001f', '\u007f', '\u009f', 'a', 'é', '\ud83d'),
    maxLength: 8,
  }),
  fc.integer(),
  fc.double(),
  fc.date().map((date) => (Number.isNaN(date.getTime()) ? 'Invalid Date' : date.toISOString())),
  fc.jsonValue({ maxDepth: 3 }),
);

function variantsOf(operation: Operation, seed: number): Variant[] {
  const unsafe = operation.method !== 'GET';
  const base = operation.body ? baseBodyOf(operation) : undefined;
  const bodyWith = (field: string, value: unknown) => JSON.stringify({ ...base, [field]: value });
  const variants: Variant[] = [{ label: 'example' }];

  if (unsafe) variants.push({ label: 'no anti-forgery header', xsrf: false });
  for (const id of HOSTILE_IDS) {
    for (const name of operation.pathParams)
      variants.push({ label: `path ${name}`, pathValues: { [name]: id } });
  }
  for (const name of operation.queryParams) {
    for (const value of ['%00', 'A%01B', '%ff'])
      variants.push({ label: `query ${name}`, query: `${name}=${value}` });
    variants.push({ label: `query ${name} twice`, query: `${name}=1&${name}=2` });
  }
  if (operation.queryParams.length > 0) {
    for (const value of HOSTILE_QUERY_VALUES) {
      variants.push({
        label: 'every query parameter',
        query: operation.queryParams.map((name) => `${name}=${value}`).join('&'),
      });
    }
  }
  if (operation.body) {
    for (const body of HOSTILE_BODIES) variants.push({ label: 'raw body', body });
    variants.push({ label: 'text/plain', body: JSON.stringify(base), contentType: 'text/plain' });
    variants.push({ label: 'form', body: 'a=1', contentType: 'application/x-www-form-urlencoded' });
    for (const field of Object.keys(operation.body.properties ?? {})) {
      for (const value of [null, 'A\u0000B', '\u001b[31m', '\ud800', HUGE, 12_345, { $gt: '' }]) {
        variants.push({ label: `body ${field}`, body: bodyWith(field, value) });
      }
    }
    if (unsafe)
      variants.push({ label: 'hostile body without anti-forgery header', body: 'null', xsrf: false });
  } else if (unsafe) {
    variants.push({ label: 'unexpected body', body: '{"a":"A\\u0000B"}' });
  }

  // Random combinations on top of the systematic ones: a field, a query parameter and a path parameter
  // each take a generated hostile value.
  const fields = Object.keys(operation.body?.properties ?? {});
  const random = fc.record({
    field: fields.length > 0 ? fc.constantFrom(...fields) : fc.constant(undefined),
    value: randomValue,
    query:
      operation.queryParams.length > 0 ? fc.constantFrom(...operation.queryParams) : fc.constant(undefined),
    queryValue: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }).map(encode),
      fc.constantFrom(...HOSTILE_QUERY_VALUES),
    ),
    pathValue: fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encode),
      fc.constantFrom(...HOSTILE_IDS),
    ),
    usePath: fc.boolean(),
  });
  for (const sample of fc.sample(random, { seed, numRuns: RANDOM_VARIANTS_PER_OPERATION })) {
    variants.push({
      label: 'generated',
      ...(sample.usePath && operation.pathParams[0]
        ? { pathValues: { [operation.pathParams[0]]: sample.pathValue } }
        : {}),
      ...(sample.query ? { query: `${sample.query}=${sample.queryValue}` } : {}),
      ...(sample.field ? { body: bodyWith(sample.field, sample.value) } : {}),
    });
  }
  return variants;
}

/** The real id a path parameter of `path` names, so a variant also gets past the lookup. */
function realIdFor(path: string, actor: Actor): string {
  if (path.startsWith('/api/address/')) return actor.ids.address ?? 'none';
  if (path.startsWith('/api/notification/')) return actor.ids.notification ?? 'none';
  if (path.startsWith('/api/admin/users/')) return actor.ids.user ?? 'none';
  if (path.startsWith('/api/merchant/')) return merchantId;
  return productId;
}

async function visitor(): Promise<Actor> {
  const { cookie, header } = await withXsrf(harness.app);
  return { name: 'visitor', cookie, header, ids: {} };
}

/** A shopper of one's own per operation, so signing out or deleting an address touches only that one. */
async function shopper(): Promise<Actor> {
  const { app } = harness;
  const user = await createUser(app);
  const session = await signInAs(app, user);
  await notifyUser(app.db, { userId: user.id, title: 'Hello', groupKey: 'fuzz' });
  const {
    notifications: [notification],
  } = await listNotifications(app.db, user.id, { collapsed: false, limit: 1 });
  const created = await app.inject({
    method: 'POST',
    url: '/api/address',
    headers: { cookie: session.cookie, ...session.header },
    payload: {
      fullName: 'Ada Lovelace',
      phoneNumber: '8123 4567',
      address: '1 Raffles Place',
      postalCode: '048616',
      country: 'SG',
    },
  });
  return {
    name: 'shopper',
    cookie: session.cookie,
    header: session.header,
    ids: { user: user.id, address: created.json().address.id, notification: notification?.id ?? 'none' },
  };
}

/**
 * An admin whose session passed two-factor, for the back-office calls: the visitor and the shopper are
 * refused before their input is read, so only staff carry hostile input to those services. Their ids
 * name a shopper of their own, so a variant that gets through acts on that shopper.
 */
async function staff(): Promise<Actor> {
  const { app } = harness;
  const session = await signInAs(app, await createUser(app, { role: 'admin' }), { tfaPassed: true });
  const shopperAccount = await createUser(app);
  return { name: 'staff', cookie: session.cookie, header: session.header, ids: { user: shopperAccount.id } };
}

function requestOf(operation: Operation, variant: Variant, actor: Actor): InjectOptions {
  let path = operation.path;
  for (const name of operation.pathParams) {
    path = path.replace(`{${name}}`, variant.pathValues?.[name] ?? realIdFor(operation.path, actor));
  }
  const headers: Record<string, string> = { cookie: actor.cookie };
  if (variant.xsrf !== false) Object.assign(headers, actor.header);
  if (variant.body !== undefined) headers['content-type'] = variant.contentType ?? 'application/json';
  const body = variant.body ?? (operation.body ? JSON.stringify(baseBodyOf(operation)) : undefined);
  if (body !== undefined && variant.body === undefined) headers['content-type'] = 'application/json';
  return {
    method: operation.method,
    url: variant.query ? `${path}?${variant.query}` : path,
    headers,
    remoteAddress: nextIp(),
    ...(body === undefined ? {} : { payload: body }),
  };
}

/** Why a response breaks the rules, or undefined when it keeps them. */
function problemWith(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  if (response.statusCode < 400) return undefined;
  let body: { error?: { code?: unknown; params?: unknown; message?: unknown } };
  try {
    body = response.json();
  } catch {
    return `status ${response.statusCode} without a JSON body`;
  }
  const error = body?.error;
  const isEnvelope =
    typeof error === 'object' &&
    isErrorCode(error.code) &&
    Array.isArray(error.params) &&
    error.params.every((param) => typeof param === 'string') &&
    typeof error.message === 'string';
  return isEnvelope ? undefined : `status ${response.statusCode} without the error envelope`;
}

describe('every operation under hostile input', () => {
  it('answers no 5xx and the error envelope on every 4xx, for visitors, shoppers and staff', async () => {
    const failures: string[] = [];
    let sent = 0;
    let staffPastTheGuard = 0;
    for (const [index, operation] of operations.entries()) {
      const variants = variantsOf(operation, SEED + index);
      const actors = [await visitor(), await shopper()];
      if (operation.path.startsWith('/api/admin/')) actors.push(await staff());
      for (const actor of actors) {
        for (const variant of variants) {
          const request = requestOf(operation, variant, actor);
          const response = await harness.app.inject(request);
          sent += 1;
          if (actor.name === 'staff' && response.statusCode !== 401 && response.statusCode !== 403) {
            staffPastTheGuard += 1;
          }
          const problem = problemWith(response);
          if (problem) {
            const payload = typeof request.payload === 'string' ? request.payload.slice(0, 120) : '';
            failures.push(
              `${actor.name} ${request.method} ${String(request.url).slice(0, 160)} [${variant.label}] ${payload} -> ${problem}: ${response.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(operations.length).toBeGreaterThan(40);
    expect(sent).toBeGreaterThan(operations.length * 2 * 20);
    expect(staffPastTheGuard).toBeGreaterThan(100);
    expect(failures.slice(0, 20), `${failures.length} of ${sent} requests broke the rules`).toEqual([]);
  }, 120_000);
});
