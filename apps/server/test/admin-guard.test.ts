import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

// Every back-office call in the OpenAPI document, walked as a visitor and as a signed-in shopper: the
// visitor is asked to sign in (401) and the shopper refused (403 auth/not_authorized) before anything is
// read or checked, whatever the ids and body. A call added later is walked without a change here.

type Operation = { method: string; path: string };

let harness: TestApp;
let operations: Operation[];

beforeAll(async () => {
  harness = await createTestApp();
  const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
});
afterAll(() => harness.close());

/** The path with every parameter named by an id nobody has. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

async function send(operation: Operation, session: { cookie: string; header: Record<string, string> }) {
  const unsafe = operation.method !== 'GET';
  return harness.app.inject({
    method: operation.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: urlOf(operation.path),
    headers: {
      cookie: session.cookie,
      ...session.header,
      ...(unsafe && { 'content-type': 'application/json' }),
    },
    ...(unsafe && { payload: '{}' }),
  });
}

describe('the back-office calls', () => {
  it('are in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(8);
  });

  it('ask a visitor to sign in, whatever the ids and body', async () => {
    const visitor = await withXsrf(harness.app);
    const answers = await Promise.all(
      operations.map(async (operation) => {
        const response = await send(operation, visitor);
        return `${operation.method} ${operation.path} ${response.statusCode}`;
      }),
    );
    expect(answers).toEqual(operations.map(({ method, path }) => `${method} ${path} 401`));
  });

  async function refusals(session: { cookie: string; header: Record<string, string> }) {
    return Promise.all(
      operations.map(async (operation) => {
        const response = await send(operation, session);
        const code = response.statusCode === 403 ? response.json().error.code : '';
        return `${operation.method} ${operation.path} ${response.statusCode} ${code}`;
      }),
    );
  }

  it('refuse a shopper with auth/not_authorized, even one who passed two-factor', async () => {
    const session = await signInAs(harness.app, await createUser(harness.app), { tfaPassed: true });
    expect(await refusals(session)).toEqual(
      operations.map(({ method, path }) => `${method} ${path} 403 auth/not_authorized`),
    );
  });

  it('refuse an admin whose session has not passed two-factor, whatever the body', async () => {
    const withoutTfa = await signInAs(harness.app, await createUser(harness.app, { role: 'admin' }));
    expect(await refusals(withoutTfa)).toEqual(
      operations.map(({ method, path }) => `${method} ${path} 403 auth/staff_tfa_required`),
    );
    const tfaOn = await createUser(harness.app, { role: 'admin', tfaEnabledAt: new Date() });
    expect(await refusals(await signInAs(harness.app, tfaOn))).toEqual(
      operations.map(({ method, path }) => `${method} ${path} 403 auth/tfa_not_verified`),
    );
  });
});
