import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_PLANS_FROM_HERE } from '../src/db/generic-plans.js';
import { queryRows } from '../src/db/query-rows.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// An order's transaction runs on generic plans (decision 0061); listings must keep their custom plans, so
// the setting may never outlive the transaction that made it.

type Setting = { mode: string };
const planCacheMode = sql`SELECT current_setting('plan_cache_mode') AS mode`;

describe('generic plans for a transaction', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('hold from the statement that asks for them to the end of its transaction, and no further', async () => {
    const db = harness.app.db;
    const inside = await db.transaction(async (tx) => {
      const [before] = await queryRows<Setting>(tx, planCacheMode);
      await queryRows(tx, sql`SELECT ${GENERIC_PLANS_FROM_HERE}`);
      const [after] = await queryRows<Setting>(tx, planCacheMode);
      return { before: before?.mode, after: after?.mode };
    });
    expect(inside).toEqual({ before: 'auto', after: 'force_generic_plan' });
    // The next transaction, on the same connection where the database has one, plans as usual again.
    const [next] = await db.transaction((tx) => queryRows<Setting>(tx, planCacheMode));
    expect(next?.mode).toBe('auto');
  });
});
