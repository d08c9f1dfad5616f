import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/query-rows.js';
import { createTestApp, type TestApp, testConfig, withXsrf } from './helpers/test-app.js';
import { openTestDatabase } from './helpers/test-database.js';

describe('health checks', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness?.close());

  const get = (url: string) => harness.app.inject({ method: 'GET', url });

  it('answers live, and ready while the database holds every migration and the process is not draining', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ live: true });
    expect(live.headers['cache-control']).toBe('no-store');

    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      ready: true,
      database: 'reachable',
      migrations: 'applied',
      draining: false,
    });
  });

  it('is not ready while draining, and says why; still live', async () => {
    harness.app.lifecycle.draining = true;
    try {
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ready: false, draining: true, database: 'reachable' });
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      harness.app.lifecycle.draining = false;
    }
  });

  it('is not ready on a database missing the newest migration', async () => {
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      harness.app.db,
      sql`SELECT id, hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    );
    if (!newest) throw new Error('the test database has no migrations');
    await harness.app.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest.id}`);
    try {
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ready: false, migrations: 'pending', draining: false });
    } finally {
      await harness.app.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at)
            VALUES (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`,
      );
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('answers only reads: other methods and bodies are refused', async () => {
    const xsrf = await withXsrf(harness.app);
    for (const payload of ['null', '[]', '"x"', '{"a":"\\u0000"}']) {
      const answer = await harness.app.inject({
        method: 'POST',
        url: '/api/health/ready',
        headers: { 'content-type': 'application/json', cookie: xsrf.cookie, ...xsrf.header },
        payload,
      });
      expect(answer.statusCode).toBe(404);
    }
  });
});

describe('a worker process', () => {
  it('answers its health checks and nothing else', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: { ...testConfig(), role: 'worker' }, db: database.db });
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/product/search' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/images/products/p1.svg' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
