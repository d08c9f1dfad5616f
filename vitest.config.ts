import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner for the whole repository. The `development` condition makes workspace packages resolve
// to their TypeScript sources, so tests never depend on a prior build.
const resolve = { conditions: ['development', 'module', 'node', 'import', 'default'] };

// A worker keeps the libraries it loaded from one test file to the next instead of importing them again
// for every file, and each file still imports the store's own modules afresh (docs/decisions/0088).
const freshModules = fileURLToPath(new URL('./vitest.fresh-modules.ts', import.meta.url));
const librariesShared = { isolate: false, setupFiles: [freshModules] };
// The server's and the demo's files share the store's modules too: every test builds its own app on its
// own database, and no module of theirs keeps what a test did, so importing them again for every file
// bought nothing but time (docs/decisions/0088).
const modulesShared = { isolate: false };

export default defineConfig({
  test: {
    // As many test workers as the machine has cores: Vitest's default leaves one core idle, which on a
    // two-core machine is half of it (docs/decisions/0088).
    maxWorkers: '100%',
    projects: [
      {
        resolve,
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          ...librariesShared,
        },
      },
      {
        resolve,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          ...modulesShared,
          // Migrates one database that every test's database is a copy of.
          globalSetup: ['test/helpers/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'demo',
          root: 'apps/demo',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          ...modulesShared,
          // The demo store is seeded into the server's test databases, copies of one migrated template.
          globalSetup: ['../server/test/helpers/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { conditions: ['development', 'browser', 'module', 'import', 'default'] },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          isolate: false,
          setupFiles: [freshModules, 'app/test-support/happy-dom-gaps.ts'],
        },
      },
    ],
  },
});
