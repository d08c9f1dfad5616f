import {
  CUSTOMER_RECENT_ORDERS,
  CUSTOMER_RECENT_QUOTATIONS,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerPage,
  type CustomerQuotation,
  type CustomerStatus,
} from '@crossbuy/core/customer';
import { AppError } from '@crossbuy/core/errors';
import { and, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containingPattern } from '../../db/like-pattern.js';
import { isUuid } from '../../lib/ids.js';
import { listAddresses } from '../addresses/addresses.service.js';
import { auditEntries } from '../audit/audit.table.js';
import { summariesOf } from '../orders/orders.service.js';
import { orders } from '../orders/orders.table.js';
import { type QuotationItemRow, quotationItems } from '../quotations/quotations.table.js';
import { toAccountHolder } from '../users/profile.js';
import { type UserRow, users } from '../users/users.table.js';

// Customers are the store's shoppers. Staff accounts are not customers: they are managed with the staff,
// and an operator may not act on them (blacklisting.service staffTarget), so they are neither listed nor opened here.

const isCustomer = eq(users.role, 'shopper');

const STATUS_FILTERS: Record<CustomerStatus, SQL> = {
  blacklisted: isNotNull(users.blacklistedAt),
  unverified: and(isNull(users.blacklistedAt), isNull(users.emailVerifiedAt)) as SQL,
  active: and(isNull(users.blacklistedAt), isNotNull(users.emailVerifiedAt)) as SQL,
};

function statusOf(user: Pick<UserRow, 'blacklistedAt' | 'emailVerifiedAt'>): CustomerStatus {
  if (user.blacklistedAt) return 'blacklisted';
  return user.emailVerifiedAt ? 'active' : 'unverified';
}

/** Part of an email, a name ("Mei Tan") or a phone number; each expression has a trigram index. */
function matching(text: string): SQL | undefined {
  const pattern = containingPattern(text);
  return or(
    sql`${users.email} ilike ${pattern}`,
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
    sql`${users.phoneNumber} ilike ${pattern}`,
  );
}

/**
 * The store's customers, newest accounts first, by status and by part of their email, name or phone number
 * (case-insensitive, wildcards literal), each with how many orders they placed and when they last did.
 */
export async function listCustomers(db: Database, query: CustomerListQuery): Promise<CustomerPage> {
  const text = query.q ?? '';
  const where = and(
    isCustomer,
    query.status ? STATUS_FILTERS[query.status] : undefined,
    text === '' ? undefined : matching(text),
  );
  // Columns in a raw subquery are unqualified, so the row's own id is named with its table.
  const ordersOfRow = sql`${orders.userId} = ${users}.${sql.identifier(users.id.name)}`;
  // Counted for the page's rows only, each from the orders_user_placed_idx index.
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        blacklistedAt: users.blacklistedAt,
        emailVerifiedAt: users.emailVerifiedAt,
        createdAt: users.createdAt,
        orderCount: sql<number>`(select count(*) from ${orders} where ${ordersOfRow})::int`,
        lastOrderAt: sql<string | null>`(select max(${orders.placedAt}) from ${orders} where ${ordersOfRow})`,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    customers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      phoneNumber: row.phoneNumber,
      status: statusOf(row),
      createdAt: row.createdAt.toISOString(),
      orderCount: row.orderCount,
      lastOrderAt: row.lastOrderAt === null ? null : new Date(row.lastOrderAt).toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    total: counted?.total ?? 0,
  };
}

function quotationStatusOf(row: QuotationItemRow): CustomerQuotation['status'] {
  if (row.orderedAt) return 'ordered';
  return ({ p: 'pending', r: 'resolved', d: 'declined' } as const)[row.status];
}

/**
 * Who blacklisted the account as it is now: the audit entry that set the time the row holds (a repeated
 * blacklisting keeps the first time, so it is not the one).
 */
async function blacklistingOf(db: Database, user: UserRow): Promise<CustomerDetail['blacklisting']> {
  if (!user.blacklistedAt) return null;
  const [entry] = await db
    .select({ actorUserId: auditEntries.actorUserId, actorEmail: auditEntries.actorEmail })
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.subjectType, 'user'),
        eq(auditEntries.subjectId, user.id),
        eq(auditEntries.action, 'user.blacklist'),
        sql`${auditEntries.before}->'blacklistedAt' = 'null'::jsonb`,
      ),
    )
    .orderBy(desc(auditEntries.createdAt))
    .limit(1);
  return {
    at: user.blacklistedAt.toISOString(),
    by: entry ? { id: entry.actorUserId, email: entry.actorEmail } : null,
  };
}

/** One customer's page: the account (never its secrets), addresses, latest orders and quotations. */
export async function getCustomer(db: Database, customerId: string): Promise<CustomerDetail> {
  if (!isUuid(customerId)) throw new AppError('user/not_found');
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, customerId), isCustomer));
  if (!user) throw new AppError('user/not_found');
  const [addressRows, orderRows, [orderTotal], quotationRows, [quotationTotal], blacklisting] =
    await Promise.all([
      listAddresses(db, user.id),
      db
        .select()
        .from(orders)
        .where(eq(orders.userId, user.id))
        .orderBy(desc(orders.placedAt), desc(orders.id))
        .limit(CUSTOMER_RECENT_ORDERS),
      db.select({ total: count() }).from(orders).where(eq(orders.userId, user.id)),
      db
        .select()
        .from(quotationItems)
        .where(eq(quotationItems.userId, user.id))
        .orderBy(desc(quotationItems.createdAt), desc(quotationItems.id))
        .limit(CUSTOMER_RECENT_QUOTATIONS),
      db.select({ total: count() }).from(quotationItems).where(eq(quotationItems.userId, user.id)),
      blacklistingOf(db, user),
    ]);
  return {
    ...toAccountHolder(user),
    status: statusOf(user),
    emailVerified: user.emailVerifiedAt !== null,
    tfaEnabled: user.tfaEnabledAt !== null,
    acceptedTermsAt: user.acceptedTermsAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    blacklisting,
    addresses: addressRows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      phoneNumber: row.phoneNumber,
      address: row.address,
      unitNumber: row.unitNumber,
      postalCode: row.postalCode,
      city: row.city,
      state: row.state,
      country: row.country,
      main: row.main,
    })),
    orders: await summariesOf(db, orderRows, 'store'),
    orderCount: orderTotal?.total ?? 0,
    quotations: quotationRows.map((row) => ({
      id: row.id,
      name: row.name,
      quantity: row.quantity,
      status: quotationStatusOf(row),
      productUrl: row.productUrl,
      createdAt: row.createdAt.toISOString(),
    })),
    quotationCount: quotationTotal?.total ?? 0,
  };
}
