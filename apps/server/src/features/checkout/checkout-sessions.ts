import { AppError } from '@crossbuy/core/errors';
import { type CheckoutSession, type CheckoutSessionRequest, newCheckoutRefusal } from '@crossbuy/core/order';
import { and, eq, sql } from 'drizzle-orm';
import { asOwner } from '../../db/as-owner.js';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { randomToken } from '../../lib/secrets.js';
import { type ShopperLimitRules, throwIfRefused } from '../orders/order-limits.js';
import type { PricingRegion } from '../regions/pricing.js';
import { readStoreSettings } from '../settings/store-settings.service.js';
import { loadCheckoutLines } from './checkout.service.js';
import { type CheckoutSessionRow, checkoutSessions } from './checkout.table.js';

// Checkout sessions (docs/rules/cart-and-checkout.md): the lines a shopper chose to check out, kept under a
// key until the order is placed or the session ends.

export function toCheckoutSession(row: CheckoutSessionRow): CheckoutSession {
  return {
    key: row.key,
    cartItemIds: row.cartItemIds,
    quotationItemIds: row.quotationItemIds,
    expiresAt: row.expiresAt.toISOString(),
    orderId: row.orderId,
  };
}

/**
 * Refuses another checkout session while the shopper has as many open (neither expired nor used for an
 * order) as allowed (docs/decisions/0058). Runs in the transaction that writes the session, holding the
 * shopper's row lock.
 */
async function assertRoomForCheckout(tx: Database, userId: string, rules: ShopperLimitRules): Promise<void> {
  const limits = await readStoreSettings(tx, rules.storeDefaults);
  const [row] = await queryRows<{ endsAtMs: number }>(
    tx,
    sql`SELECT (extract(epoch FROM expires_at) * 1000)::float8 AS "endsAtMs" FROM ${checkoutSessions}
         WHERE user_id = ${userId} AND order_id IS NULL AND expires_at > now()
         ORDER BY expires_at DESC OFFSET ${limits.maxOpenCheckouts - 1} LIMIT 1`,
  );
  throwIfRefused(newCheckoutRefusal(limits, row ? new Date(row.endsAtMs) : null, new Date()));
}

/**
 * Starts a checkout of the shopper's own, buyable lines; refused with the first line's reason otherwise,
 * or while the shopper has as many checkouts open as allowed. Counted and written under the shopper's row
 * lock, so a burst of parallel starts cannot pass the limit.
 */
export async function createCheckoutSession(
  db: Database,
  userId: string,
  selection: CheckoutSessionRequest,
  region: PricingRegion,
  rules: ShopperLimitRules & { sessionMinutes: number },
): Promise<CheckoutSessionRow> {
  return asOwner(db, userId, async (tx) => {
    await loadCheckoutLines(tx, userId, selection, region);
    await assertRoomForCheckout(tx, userId, rules);
    const [row] = await tx
      .insert(checkoutSessions)
      .values({
        key: randomToken(),
        userId,
        cartItemIds: [...new Set(selection.cartItemIds)],
        quotationItemIds: [...new Set(selection.quotationItemIds)],
        expiresAt: new Date(Date.now() + rules.sessionMinutes * 60_000),
      })
      .returning();
    if (!row) throw new Error('The checkout session was not written');
    return row;
  });
}

/**
 * The shopper's session by its key; another shopper's key is not found. An expired session is refused
 * unless it already placed its order, which a retried submission must still find.
 */
export async function ownCheckoutSession(
  db: Database,
  userId: string,
  key: string,
): Promise<CheckoutSessionRow> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.key, key), eq(checkoutSessions.userId, userId)));
  return usableCheckoutSession(row);
}

/**
 * The shopper's session as read by its key (undefined: unknown, or another shopper's), or the refusal: not
 * found, or expired without having placed its order.
 */
export function usableCheckoutSession<Session extends Pick<CheckoutSessionRow, 'orderId' | 'expiresAt'>>(
  row: Session | undefined,
): Session {
  if (!row) throw new AppError('checkout/not_found');
  if (row.orderId === null && row.expiresAt <= new Date()) throw new AppError('checkout/session_expired');
  return row;
}

export async function deleteCheckoutSession(db: Database, userId: string, key: string): Promise<boolean> {
  const deleted = await db
    .delete(checkoutSessions)
    .where(and(eq(checkoutSessions.key, key), eq(checkoutSessions.userId, userId)))
    .returning({ key: checkoutSessions.key });
  return deleted.length > 0;
}

/**
 * Sessions a day past their end, for the clean-up. The order a session placed keeps its key, so a retried
 * submission after that finds no session rather than a second order.
 */
export const staleCheckoutSessions = sql`${checkoutSessions.expiresAt} < now() - interval '1 day'`;
