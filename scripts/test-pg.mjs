// `npm run test:pg`: the server's integration tests, and the demo store's seeding, again on a real
// PostgreSQL server. Each test file creates a database of its own on TEST_DATABASE_URL and drops it
// afterwards.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'TEST_DATABASE_URL is not set. Point it at a PostgreSQL server where the user may create databases, e.g.\n' +
      '  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:pg',
  );
  process.exit(2);
}
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', '--project', 'demo', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: process.env,
  },
);
process.exit(result.status ?? 1);
