import { AppError } from '@crossbuy/core/errors';
import {
  type StoreVoucher,
  VOUCHER_CURRENCY,
  type VoucherDraft,
  type VoucherListQuery,
  type VoucherRedemptionPage,
  type VoucherStatus,
  voucherStatus,
} from '@crossbuy/core/marketing';
import type { Money } from '@crossbuy/core/money';
import type { PaymentMethod } from '@crossbuy/core/order';
import { and, count, desc, eq, gt, ilike, isNull, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containingPattern } from '../../db/like-pattern.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { changedFields, recordAudit } from '../audit/audit.service.js';
import { orders } from '../orders/orders.table.js';
import { users } from '../users/users.table.js';
import {
  changeVoucher,
  insertVoucher,
  type VoucherRules,
  voucherById,
} from '../vouchers/vouchers.service.js';
import { type VoucherRow, voucherRedemptions, vouchers } from '../vouchers/vouchers.table.js';

// The back office's vouchers (docs/rules/vouchers.md): operators and admins list, write, switch off and on,
// and read the redemptions of vouchers. Every change is audited in its own transaction, its "before" read
// under the voucher's lock. This sits above orders, whose references the redemptions name, and changes a
// voucher's row only through the vouchers feature (docs/decisions/0086-features-depend-one-way.md).

/** A voucher's rules as the audit log and the back office name them. */
function voucherFields(row: VoucherRow) {
  const base = (amountMinor: number | null): Money | null =>
    amountMinor === null ? null : { amountMinor, currency: row.currency };
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    percentOff: row.percentOff === null ? null : Number(row.percentOff),
    amountOff: base(row.amountOffMinor),
    maxDiscount: base(row.maxDiscountMinor),
    minSpend: { amountMinor: row.minSpendMinor, currency: row.currency },
    regions: row.regions,
    paymentMethods: row.paymentMethods as PaymentMethod[],
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    totalLimit: row.totalLimit,
    perUserLimit: row.perUserLimit,
    listed: row.listed,
  };
}

export function toStoreVoucher(row: VoucherRow, now = new Date()): StoreVoucher {
  return {
    id: row.id,
    ...voucherFields(row),
    active: row.active,
    status: voucherStatus(row, now),
    redeemedCount: row.redeemedCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function draftColumns(draft: VoucherDraft): VoucherRules {
  return {
    code: draft.code,
    description: draft.description,
    kind: draft.kind,
    percentOff: draft.percentOff === null ? null : String(draft.percentOff),
    amountOffMinor: draft.amountOff?.amountMinor ?? null,
    maxDiscountMinor: draft.maxDiscount?.amountMinor ?? null,
    minSpendMinor: draft.minSpend.amountMinor,
    currency: VOUCHER_CURRENCY,
    regions: draft.regions,
    paymentMethods: draft.paymentMethods,
    startsAt: draft.startsAt === null ? null : new Date(draft.startsAt),
    endsAt: draft.endsAt === null ? null : new Date(draft.endsAt),
    totalLimit: draft.totalLimit,
    perUserLimit: draft.perUserLimit,
    listed: draft.listed,
  };
}

function statusCondition(status: VoucherStatus, now: Date): SQL | undefined {
  const started = or(isNull(vouchers.startsAt), lte(vouchers.startsAt, now));
  const notEnded = or(isNull(vouchers.endsAt), gt(vouchers.endsAt, now));
  const left = or(isNull(vouchers.totalLimit), sql`${vouchers.redeemedCount} < ${vouchers.totalLimit}`);
  switch (status) {
    case 'disabled':
      return eq(vouchers.active, false);
    case 'scheduled':
      return and(eq(vouchers.active, true), gt(vouchers.startsAt, now));
    case 'expired':
      return and(eq(vouchers.active, true), started, lte(vouchers.endsAt, now));
    case 'exhausted':
      return and(eq(vouchers.active, true), started, notEnded, not(left as SQL));
    case 'active':
      return and(eq(vouchers.active, true), started, notEnded, left);
  }
}

/** Every voucher, newest first, by where it stands now or by part of its code or description. */
export async function listStoreVouchers(db: Database, query: VoucherListQuery, now = new Date()) {
  const text = query.q ?? '';
  const where = and(
    query.status ? statusCondition(query.status, now) : undefined,
    text === ''
      ? undefined
      : or(
          ilike(vouchers.code, containingPattern(text)),
          ilike(vouchers.description, containingPattern(text)),
        ),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(vouchers)
      .where(where)
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(vouchers).where(where),
  ]);
  return {
    vouchers: rows.map((row) => toStoreVoucher(row, now)),
    page: query.page,
    limit: query.limit,
    total: counted?.total ?? 0,
  };
}

export async function getStoreVoucher(db: Database, id: string): Promise<StoreVoucher> {
  return toStoreVoucher(await voucherById(db, id));
}

/** Writes a voucher; a code another voucher holds, in any case, is refused (the unique index decides). */
async function writingCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('voucher/code_taken', [code]);
    throw error;
  }
}

export async function createVoucher(db: Database, actorUserId: string, draft: VoucherDraft) {
  return writingCode(draft.code, () =>
    db.transaction(async (tx) => {
      const row = await insertVoucher(tx, draftColumns(draft));
      await recordAudit(tx, {
        actorUserId,
        action: 'voucher.create',
        subject: { type: 'voucher', id: row.id },
        before: null,
        after: { ...voucherFields(row), active: row.active },
      });
      return toStoreVoucher(row);
    }),
  );
}

/** The most redemptions one shopper holds of this voucher now. */
async function mostRedeemedByOneShopper(tx: Database, voucherId: string): Promise<number> {
  const [row] = await tx
    .select({ held: count() })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucherId), isNull(voucherRedemptions.releasedAt)))
    .groupBy(voucherRedemptions.userId)
    .orderBy(desc(count()))
    .limit(1);
  return row?.held ?? 0;
}

/**
 * Rewrites a voucher's rules. Its limits may not fall below what is already used: orders holding it keep
 * their discount, and the counter could not stay within the limit. The voucher's lock makes orders
 * redeeming it wait, so the count read here is the one the limit is set against.
 */
export async function updateVoucher(db: Database, actorUserId: string, id: string, draft: VoucherDraft) {
  return writingCode(draft.code, () =>
    db.transaction(async (tx) => {
      const current = await voucherById(tx, id, true);
      const mostByOne = await mostRedeemedByOneShopper(tx, current.id);
      if (
        (draft.totalLimit !== null && draft.totalLimit < current.redeemedCount) ||
        (draft.perUserLimit !== null && draft.perUserLimit < mostByOne)
      ) {
        throw new AppError('voucher/limit_below_used', [current.redeemedCount, mostByOne]);
      }
      const row = await changeVoucher(tx, current.id, draftColumns(draft));
      const change = changedFields(voucherFields(current), voucherFields(row));
      if (Object.keys(change.after).length > 0) {
        await recordAudit(tx, {
          actorUserId,
          action: 'voucher.update',
          subject: { type: 'voucher', id: row.id },
          ...change,
        });
      }
      return toStoreVoucher(row);
    }),
  );
}

/** Switches a voucher off (shoppers are told it is not valid) or back on; switching to its state is a no-op. */
export async function setVoucherActive(db: Database, actorUserId: string, id: string, active: boolean) {
  return db.transaction(async (tx) => {
    const current = await voucherById(tx, id, true);
    if (current.active === active) return toStoreVoucher(current);
    const row = await changeVoucher(tx, current.id, { active });
    await recordAudit(tx, {
      actorUserId,
      action: active ? 'voucher.enable' : 'voucher.disable',
      subject: { type: 'voucher', id: row.id },
      before: { active: current.active },
      after: { active: row.active },
    });
    return toStoreVoucher(row);
  });
}

/** The orders that used a voucher, newest first: which order, which shopper, when, and the discount. */
export async function listVoucherRedemptions(
  db: Database,
  id: string,
  paging: { page: number; limit: number },
): Promise<VoucherRedemptionPage> {
  const voucher = await voucherById(db, id);
  const where = eq(voucherRedemptions.voucherId, voucher.id);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        redemption: voucherRedemptions,
        orderRef: orders.orderRef,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(voucherRedemptions)
      .innerJoin(users, eq(users.id, voucherRedemptions.userId))
      .leftJoin(orders, eq(orders.id, voucherRedemptions.orderId))
      .where(where)
      .orderBy(desc(voucherRedemptions.createdAt), desc(voucherRedemptions.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ total: count() }).from(voucherRedemptions).where(where),
  ]);
  return {
    redemptions: rows.map(({ redemption, orderRef, email, firstName, lastName }) => ({
      id: redemption.id,
      order: { id: redemption.orderId, orderRef },
      shopper: { id: redemption.userId, email, name: `${firstName} ${lastName}`.trim() },
      discount: { amountMinor: redemption.discountMinor, currency: redemption.currency },
      redeemedAt: redemption.createdAt.toISOString(),
      releasedAt: redemption.releasedAt?.toISOString() ?? null,
    })),
    page: paging.page,
    limit: paging.limit,
    total: counted?.total ?? 0,
  };
}
