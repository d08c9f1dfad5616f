import { defineConfig } from 'vitest/config';

// One runner for the whole repository. The `development` condition makes workspace packages resolve
// to their TypeScript sources, so tests never depend on a prior build.
const resolve = { conditions: ['development', 'module', 'node', 'import', 'default'] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
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
          setupFiles: ['app/test-support/happy-dom-gaps.ts'],
        },
      },
    ],
  },
});
