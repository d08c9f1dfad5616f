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
import {
  inRegionCurrency,
  normaliseVoucherCode,
  type PaymentMethod,
  type Refusal,
  VOUCHER_CODE_PATTERN,
  type VoucherSummary,
  type VoucherTerms,
  voucherRefusal,
} from '@crossbuy/core/order';
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containingPattern } from '../../db/like-pattern.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { isUuid } from '../../lib/ids.js';
import { changedFields, recordAudit } from '../audit/audit.service.js';
import { orders } from '../orders/orders.table.js';
import type { PricingRegion } from '../regions/pricing.js';
import { users } from '../users/users.table.js';
import { type VoucherRow, voucherRedemptions, vouchers } from './vouchers.table.js';

// Vouchers (docs/rules/vouchers.md): whether a code may be used, what it takes off, and its redemption inside the
// order transaction. The voucher's own limits are counted there, never before.

export type VoucherUse = { regionCountryCode: string; paymentMethod: PaymentMethod | null; now?: Date };

export function voucherTerms(row: VoucherRow): VoucherTerms {
  const base = (amountMinor: number | null): Money | null =>
    amountMinor === null ? null : { amountMinor, currency: row.currency };
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: base(row.amountOffMinor),
    maxDiscount: base(row.maxDiscountMinor),
    minSpend: { amountMinor: row.minSpendMinor, currency: row.currency },
  };
}

export function toVoucherSummary(row: VoucherRow, region: PricingRegion): VoucherSummary {
  const terms = voucherTerms(row);
  const local = (value: Money | null) =>
    value ? inRegionCurrency(value, region.currency, region.rate) : null;
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: local(terms.amountOff),
    maxDiscount: local(terms.maxDiscount),
    minSpend: inRegionCurrency(terms.minSpend, region.currency, region.rate),
    endsAt: row.endsAt?.toISOString() ?? null,
    paymentMethods: row.paymentMethods,
  };
}

async function redeemedByUser(db: Database, voucherId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(voucherRedemptions)
    .where(
      and(
        eq(voucherRedemptions.voucherId, voucherId),
        eq(voucherRedemptions.userId, userId),
        isNull(voucherRedemptions.releasedAt),
      ),
    );
  return row?.total ?? 0;
}

/** Why this voucher cannot be used by this shopper for this order, apart from its minimum spend. */
export async function refusalOf(
  db: Database,
  row: VoucherRow,
  userId: string,
  use: VoucherUse,
): Promise<Refusal | null> {
  return voucherRefusal(
    { ...row, redeemedByUser: row.perUserLimit === null ? 0 : await redeemedByUser(db, row.id, userId) },
    {
      now: use.now ?? new Date(),
      regionCountryCode: use.regionCountryCode,
      paymentMethod: use.paymentMethod,
    },
  );
}

/** The voucher a shopper typed, usable for this order, or the first reason it is not (as an AppError). */
export async function usableVoucher(
  db: Database,
  code: string,
  userId: string,
  use: VoucherUse,
): Promise<VoucherRow> {
  const normalised = normaliseVoucherCode(code);
  const [row] = VOUCHER_CODE_PATTERN.test(normalised)
    ? await db.select().from(vouchers).where(eq(vouchers.code, normalised))
    : [];
  if (!row) throw new AppError('voucher/unknown');
  const refusal = await refusalOf(db, row, userId, use);
  if (refusal) throw new AppError(refusal.code, refusal.params);
  return row;
}

/** Listed vouchers that are live now, for the shopper to pick from. */
export async function listedVouchers(db: Database, now = new Date()): Promise<VoucherRow[]> {
  return db
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.active, true),
        eq(vouchers.listed, true),
        or(isNull(vouchers.startsAt), sql`${vouchers.startsAt} <= ${now}`),
        or(isNull(vouchers.endsAt), sql`${vouchers.endsAt} > ${now}`),
        or(isNull(vouchers.totalLimit), sql`${vouchers.redeemedCount} < ${vouchers.totalLimit}`),
      ),
    )
    .orderBy(asc(vouchers.endsAt), asc(vouchers.code))
    .limit(50);
}

/**
 * Redeems the voucher for an order inside the order's transaction. The total limit is one conditional
 * update (so parallel orders cannot pass it); the per-user limit is counted under the shopper's row lock,
 * which the order transaction holds.
 */
export async function redeemVoucher(
  tx: Database,
  redemption: { voucher: VoucherRow; userId: string; orderId: string; discount: Money },
): Promise<void> {
  const { voucher, userId } = redemption;
  if (
    voucher.perUserLimit !== null &&
    (await redeemedByUser(tx, voucher.id, userId)) >= voucher.perUserLimit
  ) {
    throw new AppError('voucher/already_used', [voucher.perUserLimit]);
  }
  const [counted] = await tx
    .update(vouchers)
    .set({ redeemedCount: sql`${vouchers.redeemedCount} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(vouchers.id, voucher.id),
        or(isNull(vouchers.totalLimit), sql`${vouchers.redeemedCount} < ${vouchers.totalLimit}`),
      ),
    )
    .returning({ id: vouchers.id });
  if (!counted) throw new AppError('voucher/used_up');
  await tx.insert(voucherRedemptions).values({
    voucherId: voucher.id,
    userId,
    orderId: redemption.orderId,
    discountMinor: redemption.discount.amountMinor,
    currency: redemption.discount.currency,
  });
}

/** Gives an order's voucher back (the order was cancelled), once. */
export async function releaseVoucher(tx: Database, orderId: string): Promise<void> {
  const released = await tx
    .update(voucherRedemptions)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(voucherRedemptions.orderId, orderId), isNull(voucherRedemptions.releasedAt)))
    .returning({ voucherId: voucherRedemptions.voucherId });
  for (const { voucherId } of released) {
    await tx
      .update(vouchers)
      .set({ redeemedCount: sql`greatest(${vouchers.redeemedCount} - 1, 0)`, updatedAt: sql`now()` })
      .where(eq(vouchers.id, voucherId));
  }
}

// The store's side: operators and admins list, write, switch off and on, and read the redemptions of
// vouchers. Every change is audited in its own transaction, its "before" read under the voucher's lock.

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

function draftColumns(draft: VoucherDraft) {
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

async function voucherById(db: Database, id: string, lock = false): Promise<VoucherRow> {
  if (!isUuid(id)) throw new AppError('voucher/not_found');
  const select = db.select().from(vouchers).where(eq(vouchers.id, id));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw new AppError('voucher/not_found');
  return row;
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
      const [row] = await tx.insert(vouchers).values(draftColumns(draft)).returning();
      if (!row) throw new Error('voucher insert returned nothing');
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
      const [row] = await tx
        .update(vouchers)
        .set({ ...draftColumns(draft), updatedAt: sql`now()` })
        .where(eq(vouchers.id, current.id))
        .returning();
      if (!row) throw new AppError('voucher/not_found');
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
    const [row] = await tx
      .update(vouchers)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(vouchers.id, current.id))
      .returning();
    if (!row) throw new AppError('voucher/not_found');
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
