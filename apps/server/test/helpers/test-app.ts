import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type App, buildApp } from '../../src/app.js';
import { type AppConfig, loadConfig } from '../../src/config.js';
import { createSession, setSessionTfaPassed } from '../../src/features/auth/sessions.service.js';
import { type NewUserRow, type UserRow, users } from '../../src/features/users/users.table.js';
import { ACCESS_TOKEN_COOKIE } from '../../src/plugins/authentication.js';
import { XSRF_BINDING_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../../src/plugins/xsrf.js';
import { openTestDatabase, type TestDatabase } from './test-database.js';

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

export function testConfig(environment: NodeJS.ProcessEnv = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: '.data/test-unused',
    ...environment,
  });
}

export type TestApp = { app: App; database: TestDatabase; close(): Promise<void> };

/**
 * Builds the real app on a database of its own. `extend` may add routes before the app is ready,
 * for exercising shared plugins (body limits, validation) without waiting for a feature to need them.
 * Logs are off unless `env` sets LOG_LEVEL; `logStream` then receives each line.
 */
export async function createTestApp(
  options: {
    env?: NodeJS.ProcessEnv;
    extend?: (app: FastifyInstance) => void | Promise<void>;
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: testConfig(options.env),
    db: database.db,
    logStream: options.logStream,
  });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

export type XsrfPair = { cookie: string; header: Record<string, string> };

/**
 * Obtains the anti-forgery cookies the way a browser does (GET /api/ping) and the matching header: the
 * readable token and the httpOnly value it is bound to. `cookie` is what the browser already sends,
 * such as its access token, which binds the token to that session.
 */
export async function withXsrf(app: FastifyInstance, cookie?: string): Promise<XsrfPair> {
  const response = await app.inject({ method: 'GET', url: '/api/ping', headers: cookie ? { cookie } : {} });
  const value = (name: string) => response.cookies.find((set) => set.name === name)?.value;
  const token = value(XSRF_COOKIE);
  const binding = value(XSRF_BINDING_COOKIE);
  if (!token || !binding) throw new Error('GET /api/ping set no anti-forgery cookies');
  return {
    cookie: `${XSRF_COOKIE}=${token}; ${XSRF_BINDING_COOKIE}=${binding}`,
    header: { [XSRF_HEADER]: token },
  };
}

let userCounter = 0;

/** A user row straight in the database (no mail, no password hashing), for tests of other features. */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<NewUserRow> = {},
): Promise<UserRow> {
  userCounter += 1;
  const [user] = await app.db
    .insert(users)
    .values({
      email: `shopper${userCounter}-${randomUUID().slice(0, 8)}@example.com`,
      passwordHash: 'not-a-usable-hash',
      firstName: 'Test',
      lastName: `Shopper ${userCounter}`,
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/**
 * The cookie header of a signed-in browser for `user`: a real session row, its access token and the
 * anti-forgery pair. `refreshToken` is the session's refresh token, for tests that need to send it.
 */
export async function signInAs(
  app: FastifyInstance,
  user: UserRow,
  options: { tfaPassed?: boolean; rememberMe?: boolean } = {},
): Promise<{ cookie: string; header: Record<string, string>; sessionId: string; refreshToken: string }> {
  const { session, refreshToken } = await createSession(app.db, {
    userId: user.id,
    rememberMe: options.rememberMe ?? false,
  });
  if (options.tfaPassed) await setSessionTfaPassed(app.db, session.id);
  const token = await app.accessTokens.issue({
    userId: user.id,
    sessionId: session.id,
    role: user.role,
    tfaPassed: options.tfaPassed ?? false,
  });
  const xsrf = await withXsrf(app, `${ACCESS_TOKEN_COOKIE}=${token}`);
  return {
    cookie: `${ACCESS_TOKEN_COOKIE}=${token}; ${xsrf.cookie}`,
    header: xsrf.header,
    sessionId: session.id,
    refreshToken,
  };
}

/**
 * Calls as the browser holding `session` would make them: its cookies on every call, its anti-forgery
 * header on changes, and a JSON body as given (`null`, an array or a string included).
 */
export function apiAs(app: FastifyInstance, session: XsrfPair) {
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie: session.cookie } }),
    send: (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      app.inject({
        method,
        url,
        headers: {
          cookie: session.cookie,
          ...session.header,
          ...(payload !== undefined && { 'content-type': 'application/json' }),
        },
        ...(payload !== undefined && { payload: JSON.stringify(payload) }),
      }),
  };
}

/** What the money services and jobs are given: the app's database and its card provider, if it has keys. */
export function cardProviderOf(app: FastifyInstance) {
  return { db: app.db, gateway: app.cardGateway };
}
