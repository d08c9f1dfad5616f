import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SESSION_SECRET } from './test-app.js';

export { freePort } from '../../../../scripts/cluster.mjs';

/** The repository's root, where a server process runs from. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** How a test runs the store's server as a process of its own: from source, as `npm run dev` does. */
export const SERVER_FROM_SOURCE = [
  process.execPath,
  '--import',
  'tsx',
  '--conditions=development',
  path.join(repositoryRoot, 'apps/server/src/main.ts'),
];

/**
 * The environment of a server process a test starts on the test's own PostgreSQL database: the tests'
 * session secret, so the test's signed-in sessions work there, no demo data, no web app, no Redis.
 */
export function serverProcessEnv(options: { databaseUrl: string; dataDir: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: TEST_SESSION_SECRET,
    DEMO_DATA: 'false',
    WEB_BUILD_DIR: '',
    DATA_DIR: options.dataDir,
    REDIS_URL: '',
  };
}
