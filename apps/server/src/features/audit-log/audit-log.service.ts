import type { AuditEntry, AuditPage, AuditQuery, AuditSubjectType } from '@crossbuy/core/audit';
import { type AnyColumn, and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { isAnyOf } from '../../db/id-list.js';
import { containingPattern } from '../../db/like-pattern.js';
import { isUuid } from '../../lib/ids.js';
import { type AuditEntryRow, auditEntries } from '../audit/audit.table.js';
import { categories, merchants, products } from '../catalogue/catalogue.table.js';
import { contactMessages } from '../contact/contact.table.js';
import { orders } from '../orders/orders.table.js';
import { quotationItems } from '../quotations/quotations.table.js';
import { staffInvitations } from '../staff/staff.table.js';
import { users } from '../users/users.table.js';
import { vouchers } from '../vouchers/vouchers.table.js';

// Reading the log names each subject from the table of the feature that owns it, so it sits above every
// feature it names; recording a change (audit/audit.service.ts) stays below them all.

/** Where each kind of subject keeps the words the staff know it by. */
type SubjectSource = {
  table: PgTable;
  id: AnyColumn;
  name: SQL;
  /** What the `about` filter looks in, when more than the name (a person's email beside their name). */
  searched?: SQL;
  /** Categories are keyed by text; the rest by uuid, which an id of another shape cannot match. */
  textId?: true;
};

const SUBJECT_NAMES: Partial<Record<AuditSubjectType, SubjectSource>> = {
  order: { table: orders, id: orders.id, name: sql`${orders.orderRef}` },
  user: {
    table: users,
    id: users.id,
    name: sql`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`,
    searched: sql`${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}`,
  },
  quotation_item: { table: quotationItems, id: quotationItems.id, name: sql`${quotationItems.name}` },
  product: { table: products, id: products.id, name: sql`${products.name}` },
  category: { table: categories, id: categories.id, name: sql`${categories.name}`, textId: true },
  merchant: { table: merchants, id: merchants.id, name: sql`${merchants.name}` },
  voucher: { table: vouchers, id: vouchers.id, name: sql`${vouchers.code}` },
  contact_message: {
    table: contactMessages,
    id: contactMessages.id,
    name: sql`${contactMessages.name} || ' <' || ${contactMessages.email} || '>'`,
  },
  staff_invitation: {
    table: staffInvitations,
    id: staffInvitations.id,
    name: sql`${staffInvitations.email}`,
  },
};

/** Subjects whose id is itself a code the staff read: a country, a currency, a setting's key. */
const SELF_NAMED_SUBJECTS: readonly string[] = ['region', 'tax_rate', 'exchange_rate', 'setting'];

const subjectKey = (type: string, id: string) => `${type}:${id}`;

/**
 * The names of a page's subjects, one statement per kind of subject on the page (at most a handful), each
 * by primary key.
 */
async function subjectNames(db: Database, rows: readonly AuditEntryRow[]): Promise<Map<string, string>> {
  const idsByType = new Map<AuditSubjectType, Set<string>>();
  for (const row of rows) {
    const type = row.subjectType as AuditSubjectType;
    const source = SUBJECT_NAMES[type];
    if (!source || !(source.textId || isUuid(row.subjectId))) continue;
    idsByType.set(type, (idsByType.get(type) ?? new Set()).add(row.subjectId));
  }
  const named = await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      const source = SUBJECT_NAMES[type];
      if (!source) return [];
      const found = await db
        .select({ id: sql<string>`${source.id}::text`, name: source.name.mapWith(String) })
        .from(source.table)
        .where(source.textId ? inArray(source.id, [...ids]) : isAnyOf(source.id, [...ids]));
      return found.map(({ id, name }) => [subjectKey(type, id), name] as const);
    }),
  );
  return new Map(named.flat());
}

function toEntry(row: AuditEntryRow, names: Map<string, string>): AuditEntry {
  return {
    id: row.id,
    actor: { id: row.actorUserId, email: row.actorEmail },
    action: row.action,
    subject: {
      type: row.subjectType,
      id: row.subjectId,
      name: SELF_NAMED_SUBJECTS.includes(row.subjectType)
        ? row.subjectId
        : (names.get(subjectKey(row.subjectType, row.subjectId)) ?? null),
    },
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Entries about what the staff name by `text`, part of it in any case: an order's reference (CB-7K2M9QXA),
 * a person's name or email, a product's, merchant's, category's or quoted item's name, a voucher's code, a
 * contact message's sender, an invited email, a region's or currency's code, a setting's key; or the
 * subject's id itself. Each kind of subject is matched by what names it today, so a subject since
 * deleted is found by its id only.
 */
function aboutFilter(text: string): SQL | undefined {
  const pattern = containingPattern(text);
  const named = Object.entries(SUBJECT_NAMES).map(([type, source]) =>
    and(
      eq(auditEntries.subjectType, type),
      sql`${auditEntries.subjectId} IN (SELECT ${source.id}::text FROM ${source.table} WHERE ${source.searched ?? source.name} ILIKE ${pattern})`,
    ),
  );
  return or(
    eq(auditEntries.subjectId, isUuid(text) ? text.toLowerCase() : text),
    and(inArray(auditEntries.subjectType, [...SELF_NAMED_SUBJECTS]), ilike(auditEntries.subjectId, pattern)),
    ...named,
  );
}

/**
 * The audit log, newest first, a page at a time, each subject named; filtered by the kind of subject, by
 * one subject's id, by what the entries are about, or by actor.
 */
export async function listAudit(db: Database, query: AuditQuery): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.subjectType) filters.push(eq(auditEntries.subjectType, query.subjectType));
  if (query.subjectId) filters.push(eq(auditEntries.subjectId, query.subjectId));
  const about = query.about ? aboutFilter(query.about) : undefined;
  if (about) filters.push(about);
  if (query.actorUserId) filters.push(eq(auditEntries.actorUserId, query.actorUserId));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(auditEntries).where(where),
  ]);
  const names = await subjectNames(db, rows);
  return {
    entries: rows.map((row) => toEntry(row, names)),
    page: query.page,
    limit: query.limit,
    total: counted?.total ?? 0,
  };
}
