import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { queryRows } from '../src/db/query-rows.js';
import { COMMIT_WITHOUT_WAITING, GENERIC_PLANS_FROM_HERE } from '../src/db/transaction-settings.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// An order's transaction runs on generic plans (decision 0061) and raising a cart line commits without
// waiting for the disk (decision 0075); neither may outlive the transaction that asked for it, or listings
// would lose their custom plans and orders their durable commits.

type Setting = { value: string };

function settingOf(db: Database, name: string): Promise<string | undefined> {
  return queryRows<Setting>(db, sql`SELECT current_setting(${name}) AS value`).then(([row]) => row?.value);
}

/** The setting before and after `asking` in one transaction, and in the next transaction. */
async function settingAround(db: Database, name: string, asking: SQL) {
  const inside = await db.transaction(async (tx) => {
    const before = await settingOf(tx, name);
    await queryRows(tx, sql`SELECT ${asking}`);
    return { before, after: await settingOf(tx, name) };
  });
  // The next transaction, on the same connection where the database has one.
  const next = await db.transaction((tx) => settingOf(tx, name));
  return { ...inside, next };
}

describe('settings for one transaction', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('generic plans hold from the statement that asks for them to the end of its transaction', async () => {
    expect(await settingAround(harness.app.db, 'plan_cache_mode', GENERIC_PLANS_FROM_HERE)).toEqual({
      before: 'auto',
      after: 'force_generic_plan',
      next: 'auto',
    });
  });

  it('a commit without waiting for the disk is asked for one transaction only', async () => {
    expect(await settingAround(harness.app.db, 'synchronous_commit', COMMIT_WITHOUT_WAITING)).toEqual({
      before: 'on',
      after: 'off',
      next: 'on',
    });
  });
});
