import { AppError } from '@crossbuy/core/errors';
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
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import type { PricingRegion } from '../regions/pricing.js';
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

// Changing a voucher's rules. The back office (features/voucher-admin) decides what to write and audits it;
// the statements that change a voucher's row stay here, with the table's other writes and its lock, as
// every table's writes stay with its owner (docs/decisions/0086-features-depend-one-way.md).

/** A voucher's rules as the back office writes them: never its counter, its state or its timestamps. */
export type VoucherRules = Omit<
  typeof vouchers.$inferInsert,
  'id' | 'redeemedCount' | 'active' | 'createdAt' | 'updatedAt'
>;

/**
 * The voucher with this id, or voucher/not_found. `lock` holds its row for the caller's transaction, so
 * orders redeeming it wait and its counts stay as read.
 */
export async function voucherById(db: Database, id: string, lock = false): Promise<VoucherRow> {
  if (!isUuid(id)) throw new AppError('voucher/not_found');
  const select = db.select().from(vouchers).where(eq(vouchers.id, id));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw new AppError('voucher/not_found');
  return row;
}

/** Adds a voucher; a code another voucher holds fails on the unique index, which the caller names. */
export async function insertVoucher(tx: Database, rules: VoucherRules): Promise<VoucherRow> {
  const [row] = await tx.insert(vouchers).values(rules).returning();
  if (!row) throw new Error('voucher insert returned nothing');
  return row;
}

/** Rewrites a voucher's rules, or switches it off or on. */
export async function changeVoucher(
  tx: Database,
  id: string,
  change: Partial<VoucherRules> & { active?: boolean },
): Promise<VoucherRow> {
  const [row] = await tx
    .update(vouchers)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(vouchers.id, id))
    .returning();
  if (!row) throw new AppError('voucher/not_found');
  return row;
}
