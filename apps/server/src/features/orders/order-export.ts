import { STORE_TIME_ZONE, storeDayOf } from '@crossbuy/core/dates';
import { toDecimalAmount } from '@crossbuy/core/money';
import type { StoreOrderExportQuery } from '@crossbuy/core/order';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type CsvCell, csvRecords } from '../../lib/csv.js';
import { recordAudit } from '../audit/audit.service.js';
import { users } from '../users/users.table.js';
import { payments } from './order-ledger.table.js';
import { orders } from './orders.table.js';
import { storeOrderFilter } from './store-orders.service.js';

// Orders for the accounts (docs/features/csv-files.md): one line per order, amounts as plain decimals in the
// order's currency, read a page at a time in placing order and written as each page arrives, so an export of
// a year of orders never holds more than one page in memory.

/** Orders read per statement: large enough that round trips do not dominate, small enough to hold. */
export const ORDER_EXPORT_PAGE_SIZE = 500;

export const ORDER_EXPORT_COLUMNS = [
  'reference',
  'placed_at_singapore',
  'status',
  'customer_name',
  'customer_email',
  'currency',
  'subtotal',
  'discount',
  'shipping',
  'payment_fee',
  'tax',
  'tax_included',
  'total',
  'paid',
  'refunded',
  'net',
  'payment_method',
] as const;

/** Where the last page ended: the placing time to the microsecond (as text, which a Date would round) and id. */
type ExportCursor = { placedAt: string; id: string };

async function exportPage(db: Database, where: SQL | undefined, after: ExportCursor | null) {
  return db
    .select({
      id: orders.id,
      orderRef: orders.orderRef,
      placedLocal: sql<string>`to_char(${orders.placedAt} AT TIME ZONE ${STORE_TIME_ZONE}, 'YYYY-MM-DD HH24:MI:SS')`,
      placedKey: sql<string>`to_char(${orders.placedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      status: orders.status,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      currency: orders.currency,
      subtotalMinor: orders.subtotalMinor,
      discountMinor: orders.discountMinor,
      shippingFeeMinor: orders.shippingFeeMinor,
      paymentFeeMinor: orders.paymentFeeMinor,
      taxMinor: orders.taxMinor,
      taxInclusive: orders.taxInclusive,
      totalMinor: orders.totalMinor,
      paymentMethod: orders.paymentMethod,
      // Money the order received and gave back, from the payments ledger (on payments_order_idx): what
      // the accounts reconcile against, which for a cancelled order that was never paid is nothing.
      paidMinor: sql<number>`(SELECT coalesce(sum(${payments.amountMinor}), 0)::bigint FROM ${payments}
        WHERE ${payments.orderId} = ${orders.id} AND ${payments.status} = 'succeeded')`,
      refundedMinor: sql<number>`(SELECT coalesce(sum(${payments.refundedMinor}), 0)::bigint FROM ${payments}
        WHERE ${payments.orderId} = ${orders.id} AND ${payments.status} = 'succeeded')`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        where,
        after
          ? sql`(${orders.placedAt}, ${orders.id}) > (${after.placedAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(orders.placedAt), asc(orders.id))
    .limit(ORDER_EXPORT_PAGE_SIZE);
}

type ExportRow = Awaited<ReturnType<typeof exportPage>>[number];

function recordOf(row: ExportRow): CsvCell[] {
  const amount = (amountMinor: number) => toDecimalAmount({ amountMinor, currency: row.currency });
  return [
    row.orderRef,
    row.placedLocal,
    row.status,
    `${row.firstName} ${row.lastName}`.trim(),
    row.email,
    row.currency,
    amount(row.subtotalMinor),
    amount(row.discountMinor),
    amount(row.shippingFeeMinor),
    amount(row.paymentFeeMinor),
    amount(row.taxMinor),
    row.taxInclusive ? 'yes' : 'no',
    amount(row.totalMinor),
    amount(row.paidMinor),
    amount(row.refundedMinor),
    amount(row.paidMinor - row.refundedMinor),
    row.paymentMethod,
  ];
}

/**
 * The orders the desk's filters select, oldest first, as CSV text in chunks: a byte-order mark and the
 * header line, then one chunk per page. Pages follow each other by (placed_at, id), never by offset, so each
 * statement starts where the last ended however far into the export it is.
 */
export async function* orderExportCsv(db: Database, query: StoreOrderExportQuery): AsyncGenerator<string> {
  const { where } = storeOrderFilter(query);
  // The mark tells a spreadsheet the file is UTF-8, so a shopper's name in any script opens as written.
  yield `\uFEFF${csvRecords([ORDER_EXPORT_COLUMNS])}`;
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await exportPage(db, where, after);
    if (rows.length > 0) yield csvRecords(rows.map(recordOf));
    const last = rows[rows.length - 1];
    if (!last || rows.length < ORDER_EXPORT_PAGE_SIZE) return;
    after = { placedAt: last.placedKey, id: last.id };
  }
}

/** The export's file name: what it holds and when it was taken, e.g. 'orders-paid-2026-11-01-to-2026-11-30.csv'. */
export function orderExportFileName(query: StoreOrderExportQuery, now: Date): string {
  const parts = ['orders'];
  if (query.status) parts.push(query.status);
  if (query.placedFrom || query.placedTo) {
    parts.push(query.placedFrom ?? 'start', 'to', query.placedTo ?? storeDayOf(now));
  } else {
    parts.push('to', storeDayOf(now));
  }
  return `${parts.join('-')}.csv`;
}

/** Who took which orders out of the store: the filters of the export, before its first line is sent. */
export async function recordOrderExport(
  db: Database,
  actorUserId: string,
  query: StoreOrderExportQuery,
): Promise<void> {
  await recordAudit(db, {
    actorUserId,
    action: 'order.export',
    subject: { type: 'order', id: 'export' },
    before: null,
    after: { filters: query },
  });
}
