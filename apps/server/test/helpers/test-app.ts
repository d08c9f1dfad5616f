import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type AppConfig, loadConfig } from '../../src/config.js';
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

export type TestApp = { app: FastifyInstance; database: TestDatabase; close(): Promise<void> };

/**
 * Builds the real app on a database of its own. `extend` may add routes before the app is ready,
 * for exercising shared plugins (body limits, validation) without waiting for a feature to need them.
 */
export async function createTestApp(
  options: { env?: NodeJS.ProcessEnv; extend?: (app: FastifyInstance) => void | Promise<void> } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({ config: testConfig(options.env), db: database.db });
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

/** Obtains the anti-forgery cookie the way a browser does (GET /api/ping) and the matching header. */
export async function withXsrf(app: FastifyInstance): Promise<XsrfPair> {
  const response = await app.inject({ method: 'GET', url: '/api/ping' });
  const token = response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('GET /api/ping set no XSRF-TOKEN cookie');
  return { cookie: `XSRF-TOKEN=${token}`, header: { 'x-xsrf-token': token } };
}
