import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOnce } from '../src/db/built-once.js';
import { queryRows } from '../src/db/query-rows.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// A statement built once runs on whichever connection or transaction each call gives (db/built-once.ts):
// inside a transaction it must see that transaction's own writes, and values fill in as Drizzle would
// write them, null as NULL.

const probes = pgTable('built_once_probes', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
  ratio: numeric('ratio'),
  detail: jsonb('detail').$type<{ size: string } | null>(),
});

const insertProbe = builtOnce('test_insert_probe', (db) =>
  db
    .insert(probes)
    .values({
      id: sql.placeholder('id'),
      label: sql.placeholder('label'),
      ratio: sql.placeholder('ratio'),
      detail: sql.placeholder('detail'),
    })
    .returning(),
);

const probeById = builtOnce('test_probe_by_id', (db) =>
  db
    .select()
    .from(probes)
    .where(eq(probes.id, sql.placeholder('id'))),
);

const labelOf = builtOnce<{ id: number }, { label: string; id_plus_one: number }>('test_probe_label', () => {
  const id = sql.placeholder('id');
  return sql`SELECT label, ${id}::int + 1 AS id_plus_one FROM built_once_probes WHERE id = ${id}`;
});

describe('a statement built once', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp();
    await harness.app.db.execute(
      sql`CREATE TABLE built_once_probes (id integer PRIMARY KEY, label text NOT NULL, ratio numeric, detail jsonb)`,
    );
  });
  afterAll(async () => {
    await harness.app.db.execute(sql`DROP TABLE built_once_probes`);
    await harness.close();
  });

  it('writes values as Drizzle encodes them, and null as NULL', async () => {
    const { db } = harness.app;
    expect(await insertProbe(db, { id: 1, label: 'strap', ratio: '1.5', detail: { size: 'M' } })).toEqual([
      { id: 1, label: 'strap', ratio: '1.5', detail: { size: 'M' } },
    ]);
    expect(await insertProbe(db, { id: 2, label: 'case', ratio: null, detail: null })).toEqual([
      { id: 2, label: 'case', ratio: null, detail: null },
    ]);
    const [stored] = await queryRows<{ no_ratio: boolean; no_detail: boolean }>(
      db,
      sql`SELECT ratio IS NULL AS no_ratio, detail IS NULL AS no_detail FROM built_once_probes WHERE id = 2`,
    );
    expect(stored).toEqual({ no_ratio: true, no_detail: true });
  });

  it('runs hand-written SQL, filling each use of a placeholder, and answers its rows', async () => {
    const { db } = harness.app;
    await insertProbe(db, { id: 5, label: 'dial', ratio: null, detail: null });
    expect(await labelOf(db, { id: 5 })).toEqual([{ label: 'dial', id_plus_one: 6 }]);
    expect(await labelOf(db, { id: 6 })).toEqual([]);
  });

  it("runs on the transaction it is given, seeing that transaction's own writes", async () => {
    const { db } = harness.app;
    let seenInside: unknown;
    const undone = new Error('undo the transaction');
    await expect(
      db.transaction(async (tx) => {
        await insertProbe(tx, { id: 3, label: 'buckle', ratio: '2', detail: null });
        seenInside = await probeById(tx, { id: 3 });
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect(seenInside).toEqual([{ id: 3, label: 'buckle', ratio: '2', detail: null }]);
    // The write was the transaction's, and went with it.
    expect(await probeById(db, { id: 3 })).toEqual([]);
  });
});
