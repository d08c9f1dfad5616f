import type { AppError } from '@crossbuy/core/errors';
import { eq, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import type { PictureStorage } from '../../lib/picture-storage.js';
import { type AuditFields, changedFields, recordAudit } from '../audit/audit.service.js';
import type { banners, homeProductGroups, imagePages, popups } from './content.table.js';
import { deleteUnshownUploads, letGo } from './content-pictures.js';

// The back office's side of content: operators and admins list, write, order, switch and delete banners,
// popups, home product groups and image pages (docs/rules/content.md). The storefront reads the tables
// on every page render (nothing is cached in the process), so a change shows on the next page load; every
// change is audited with the fields it touched, and an uploaded picture a change lets go of is deleted once
// it commits and nothing else shows it.

/** Far more items of a kind than a store runs at once; the back office's lists are not paged. */
const STORE_CONTENT_LIST_LIMIT = 200;

/** When an item shows: from `startsAt` until `endsAt`, either open-ended when null. */
type Schedule = { startsAt: Date | null; endsAt: Date | null };
/** A schedule as a draft gives it: ISO times, or null. */
type DraftSchedule = { startsAt: string | null; endsAt: string | null };

/** A schedule as the audit log and the back office name it. */
export function scheduleFields(row: Schedule) {
  return { startsAt: row.startsAt?.toISOString() ?? null, endsAt: row.endsAt?.toISOString() ?? null };
}

/** A draft's schedule as columns. */
function scheduleColumns(draft: DraftSchedule): Schedule {
  return {
    startsAt: draft.startsAt === null ? null : new Date(draft.startsAt),
    endsAt: draft.endsAt === null ? null : new Date(draft.endsAt),
  };
}

/** The `names` fields of a row or a draft, in that order. */
function pickFields<Source, Name extends keyof Source>(
  source: Source,
  names: readonly Name[],
): Pick<Source, Name> {
  return Object.fromEntries(names.map((name) => [name, source[name]])) as Pick<Source, Name>;
}

// A scheduled kind (banners, popups, home groups) names the fields staff edit once: its rows, as audited and
// answered, and its drafts, as written, carry them under the same names, each with its schedule.

/** A scheduled item's `names` fields and its schedule, as the audit log and the back office name them. */
export function itemFields<Row extends Schedule, Name extends keyof Row>(row: Row, names: readonly Name[]) {
  return { ...pickFields(row, names), ...scheduleFields(row) };
}

/** A draft's `names` fields and its schedule, as columns. */
export function itemColumns<Draft extends DraftSchedule, Name extends keyof Draft>(
  draft: Draft,
  names: readonly Name[],
) {
  return { ...pickFields(draft, names), ...scheduleColumns(draft) };
}

/** The tables whose rows are the items of a kind, each keyed by its `id`. */
type ContentTable = typeof banners | typeof popups | typeof homeProductGroups | typeof imagePages;

/**
 * The statements every kind runs on its own table: list its rows, add one, and lock, rewrite or delete
 * an item's row. An id that `isId` says cannot be one, or that has no row, is refused with `notFound`.
 */
export function contentRows<Table extends ContentTable>(
  table: Table,
  isId: (id: string) => boolean,
  notFound: (id: string) => AppError,
) {
  type Row = Table['$inferSelect'];
  // Drizzle types each statement by its one table, not over the four, so the rows are typed back here.
  const anyTable: PgTable = table;
  const idColumn: PgColumn = table.id;
  return {
    /** Every row in `order`, as many as the back office lists. */
    async list(db: Database, ...order: (PgColumn | SQL)[]): Promise<Row[]> {
      return (await db
        .select()
        .from(anyTable)
        .orderBy(...order)
        .limit(STORE_CONTENT_LIST_LIMIT)) as Row[];
    },
    /** A new row of `columns`, as written. */
    async insert(tx: Database, columns: Table['$inferInsert']): Promise<Row> {
      const [row] = await tx.insert(anyTable).values(columns).returning();
      if (!row) throw new Error(`${getTableName(anyTable)} insert returned nothing`);
      return row as Row;
    },
    /** The row under an update lock until the transaction ends. */
    async locked(tx: Database, id: string): Promise<Row> {
      if (!isId(id)) throw notFound(id);
      const [row] = await tx.select().from(anyTable).where(eq(idColumn, id)).for('update');
      if (!row) throw notFound(id);
      return row as Row;
    },
    /** The row rewritten with `columns`, as written. */
    async rewrite(tx: Database, id: string, columns: Partial<Table['$inferInsert']>): Promise<Row> {
      const [row] = await tx.update(anyTable).set(columns).where(eq(idColumn, id)).returning();
      if (!row) throw notFound(id);
      return row as Row;
    },
    async remove(tx: Database, id: string): Promise<void> {
      await tx.delete(anyTable).where(eq(idColumn, id));
    },
  };
}

export type ContentActor = { userId: string; pictures: PictureStorage };

/**
 * One kind of content, as the back office edits it. `Item` is what a change reads, writes and audits
 * (a row, with a home group's products beside it); `Stored` is the back office's answer for one.
 */
export type ContentKind<Item, Stored, Draft, NewDraft = Draft> = {
  /** The kind as the audit log names its changes: `content.create_banner`, `content.update_banner`... */
  noun: 'banner' | 'popup' | 'home_group' | 'image_page';
  /** Every item, in the kind's order, as the back office lists them. */
  list(db: Database): Promise<Stored[]>;
  /** The item under an update lock until the transaction ends, refused with the kind's not-found error. */
  locked(tx: Database, id: string): Promise<Item>;
  /** Checks what the draft refers to (its pictures, products, category) and writes a new item. */
  insert(tx: Database, pictures: PictureStorage, draft: NewDraft): Promise<Item>;
  /** Checks what the draft refers to and rewrites the item with it. */
  update(tx: Database, pictures: PictureStorage, current: Item, draft: Draft): Promise<Item>;
  /** Deletes the item, or refuses while something still depends on it. */
  remove(tx: Database, current: Item): Promise<void>;
  /** The item's id, as the audit log names its subject. */
  idOf(item: Item): string;
  /** The item's fields as the audit log records them. */
  fields(item: Item): AuditFields;
  /** The pictures the item shows, so those a change lets go of can be deleted. */
  pictures(item: Item): readonly (string | null)[];
  /** The answer for an item just written, read inside the transaction that wrote it. */
  answer(tx: Database, item: Item): Promise<Stored>;
};

export async function createContentItem<Item, Stored, Draft, NewDraft>(
  db: Database,
  kind: ContentKind<Item, Stored, Draft, NewDraft>,
  actor: ContentActor,
  draft: NewDraft,
): Promise<Stored> {
  return db.transaction(async (tx) => {
    const item = await kind.insert(tx, actor.pictures, draft);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: `content.create_${kind.noun}`,
      subject: { type: 'content', id: kind.idOf(item) },
      before: null,
      after: kind.fields(item),
    });
    return kind.answer(tx, item);
  });
}

export async function updateContentItem<Item, Stored, Draft, NewDraft>(
  db: Database,
  kind: ContentKind<Item, Stored, Draft, NewDraft>,
  actor: ContentActor,
  id: string,
  draft: Draft,
): Promise<Stored> {
  const { answer, released } = await db.transaction(async (tx) => {
    const current = await kind.locked(tx, id);
    const written = await kind.update(tx, actor.pictures, current, draft);
    const change = changedFields(kind.fields(current), kind.fields(written));
    if (Object.keys(change.after).length > 0) {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: `content.update_${kind.noun}`,
        subject: { type: 'content', id: kind.idOf(written) },
        ...change,
      });
    }
    return {
      answer: await kind.answer(tx, written),
      released: letGo(kind.pictures(current), kind.pictures(written)),
    };
  });
  await deleteUnshownUploads(db, actor.pictures, released);
  return answer;
}

export async function deleteContentItem<Item, Stored, Draft, NewDraft>(
  db: Database,
  kind: ContentKind<Item, Stored, Draft, NewDraft>,
  actor: ContentActor,
  id: string,
): Promise<void> {
  const released = await db.transaction(async (tx) => {
    const current = await kind.locked(tx, id);
    await kind.remove(tx, current);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: `content.delete_${kind.noun}`,
      subject: { type: 'content', id: kind.idOf(current) },
      before: kind.fields(current),
      after: null,
    });
    return kind.pictures(current);
  });
  await deleteUnshownUploads(db, actor.pictures, released);
}
