import type { AuditEntry, AuditPage, AuditQuery, AuditSubjectType } from '@crossbuy/core/audit';
import { type AnyColumn, and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { isAnyOf } from '../../db/id-list.js';
import { containingPattern } from '../../db/like-pattern.js';
import { queryRows } from '../../db/query-rows.js';
import { isUuid } from '../../lib/ids.js';
import { categories, merchants, products } from '../catalogue/catalogue.table.js';
import { contactMessages } from '../contact/contact.table.js';
import { orders } from '../orders/orders.table.js';
import { quotationItems } from '../quotations/quotations.table.js';
import { staffInvitations } from '../staff/staff.table.js';
import { users } from '../users/users.table.js';
import { vouchers } from '../vouchers/vouchers.table.js';
import { type AuditEntryRow, auditEntries } from './audit.table.js';

/**
 * What the staff can change, as the audit log names it: `<subject type>.<action>`; and the one change a
 * shopper makes to what the store answered (a quoted item's request), since it undoes the store's answer.
 */
export type AuditAction =
  | 'quotation_item.resolve'
  | 'quotation_item.decline'
  | 'quotation_item.shopper_change'
  | 'order.confirm_paynow'
  | 'order.move'
  | 'order.refund'
  | 'order.cancel'
  | 'order.resolve_dispute'
  | 'order.export'
  | 'user.blacklist'
  | 'user.unblacklist'
  | 'contact_message.read'
  | 'contact_message.reply'
  | 'category.create'
  | 'category.update'
  | 'category.move'
  | 'category.delete'
  | 'merchant.create'
  | 'merchant.update'
  | 'product.add_image'
  | 'product.order_images'
  | 'product.remove_image'
  | 'product.create'
  | 'product.update'
  | 'product.variant_add'
  | 'product.variant_update'
  | 'product.save_variants'
  | 'product.variant_remove'
  | 'product.set_stock'
  | 'product.set_region_prices'
  | 'product.export'
  | 'product.import'
  | 'voucher.create'
  | 'voucher.update'
  | 'voucher.enable'
  | 'voucher.disable'
  | 'content.create_banner'
  | 'content.update_banner'
  | 'content.delete_banner'
  | 'content.create_popup'
  | 'content.update_popup'
  | 'content.delete_popup'
  | 'content.create_home_group'
  | 'content.update_home_group'
  | 'content.delete_home_group'
  | 'content.create_image_page'
  | 'content.update_image_page'
  | 'content.delete_image_page'
  | 'setting.update'
  | 'region.create'
  | 'region.update'
  | 'exchange_rate.set'
  | 'exchange_rate.import'
  | 'shipping_location.update'
  | 'shipping_rule.create'
  | 'shipping_rule.update'
  | 'shipping_rule.delete'
  | 'tax_rate.set'
  | 'tax_rate.delete'
  | 'user.change_role'
  | 'staff_invitation.send'
  | 'staff_invitation.revoke'
  | 'staff_invitation.accept';

/** The fields a change touched, as they were and as they became; never a whole row (a user's holds secrets). */
export type AuditFields = Record<string, unknown>;

/** The fields whose value differs between two readings of a subject, as they were and as they became. */
export function changedFields<T extends AuditFields>(
  before: T,
  after: T,
): { before: AuditFields; after: AuditFields } {
  const changed = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

export type AuditChange = {
  actorUserId: string;
  action: AuditAction;
  subject: { type: AuditSubjectType; id: string };
  before: AuditFields | null;
  after: AuditFields | null;
};

/**
 * Records a change inside the transaction that makes it, with the actor's email as it is now. One
 * statement: the entry and the email read are one round trip.
 */
export async function recordAudit(tx: Database, change: AuditChange): Promise<void> {
  const json = (fields: AuditFields | null) => (fields === null ? null : JSON.stringify(fields));
  const written = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO ${auditEntries} (actor_user_id, actor_email, action, subject_type, subject_id, before, after)
        SELECT id, email, ${change.action}, ${change.subject.type}, ${change.subject.id},
               ${json(change.before)}::jsonb, ${json(change.after)}::jsonb
          FROM ${users} WHERE id = ${change.actorUserId}
        RETURNING id`,
  );
  // The actor is signed in, so the account exists; a change nobody can be named for is not made.
  if (written.length === 0) throw new Error('The audited change has no actor account');
}

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
