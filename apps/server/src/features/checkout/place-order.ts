import { AppError } from '@crossbuy/core/errors';
import { ORDER_STATUS, type OrderAddress, type PaymentMethod } from '@crossbuy/core/order';
import type { StoreSettings } from '@crossbuy/core/settings';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { GENERIC_PLANS_FROM_HERE } from '../../db/transaction-settings.js';
import { isUuid } from '../../lib/ids.js';
import { ownAddress } from '../addresses/addresses.service.js';
import type { AddressRow } from '../addresses/addresses.table.js';
import { cartLinesOrdered } from '../cart/cart.service.js';
import { mailQueueing } from '../mail/mailer.js';
import { orderPlacedMail } from '../mail/templates.js';
import { notificationInsert } from '../notifications/notifications.service.js';
import { assertWithinOrderLimits, type ShopperLimitRules, shopperHoldings } from '../orders/order-limits.js';
import type { OrderLineDraft } from '../orders/order-line-draft.js';
import { assertInStock, lockStock } from '../orders/order-stock.js';
import { insertOrder, ownOrderRow, type PlacedOrder, recordOrderContents } from '../orders/orders.service.js';
import { type OrderRow, orderLines, orders } from '../orders/orders.table.js';
import { quotationItemsOrdered } from '../quotations/quotation-items.service.js';
import { quotationItems } from '../quotations/quotations.table.js';
import type { PricingRegion } from '../regions/pricing.js';
import { storeSettings } from '../settings/settings.table.js';
import { settingsFrom } from '../settings/store-settings.service.js';
import { users } from '../users/users.table.js';
import { redeemVoucher } from '../vouchers/vouchers.service.js';
import { type CheckoutSelection, loadCheckoutLines } from './checkout.service.js';
import { type CheckoutSessionRow, checkoutSessions } from './checkout.table.js';
import { type PaymentOptions, priceCheckout } from './checkout-pricing.js';
import { usableCheckoutSession } from './checkout-sessions.js';

// Placing an order (docs/rules/cart-and-checkout.md, docs/rules/orders.md): checkout owns it and calls
// down into orders, which writes the order and takes its stock, and never calls back.

export type OrderChoices = {
  voucherCode?: string | undefined;
  paymentMethod: PaymentMethod;
  notes: string;
  shippingAddressId: string;
  billingAddressId?: string | undefined;
};

/** Who places the order: the signed-in account, whose name and address the order mail uses. */
export type OrderingShopper = { id: string; email: string; firstName: string };

export type OrderRules = PaymentOptions & ShopperLimitRules & { paymentMinutes: number };

/**
 * Places an order for the shopper's chosen lines in one transaction, holding the shopper's row lock (so one
 * shopper's submissions run one after another: a checkout session or a set of quotation items places one
 * order however often it is sent) and then the stock rows in product order (so parallel orders of
 * different shoppers never deadlock and never sell more than there is). Stock is taken, the voucher
 * redeemed within its limits, the order written with what was bought, and the lines leave the cart and the
 * quotation list; all of it commits together or not at all.
 */
export async function placeOrder(
  db: Database,
  shopper: OrderingShopper,
  request: { checkoutSessionKey: string } | { quotationIds: readonly string[] },
  choices: OrderChoices,
  region: PricingRegion,
  rules: OrderRules,
  /** Where links in the order mail point (lib/link-origin.ts). */
  linkOrigin: string,
): Promise<PlacedOrder> {
  const userId = shopper.id;
  return db.transaction(async (tx) => {
    const sessionKey = 'checkoutSessionKey' in request ? request.checkoutSessionKey : null;
    const placing = await lockForPlacing(tx, userId, sessionKey, rules.storeDefaults);
    let selection: CheckoutSelection;
    if ('checkoutSessionKey' in request) {
      const session = usableCheckoutSession(placing.session);
      if (session.orderId) return { order: await ownOrderRow(tx, userId, session.orderId), created: false };
      selection = { cartItemIds: session.cartItemIds, quotationItemIds: session.quotationItemIds };
    } else {
      const earlier = await orderOfQuotationItems(tx, userId, request.quotationIds);
      if (earlier) return { order: earlier, created: false };
      selection = { cartItemIds: [], quotationItemIds: request.quotationIds };
    }

    const lines = await loadCheckoutLines(tx, userId, selection, region);
    const locked = await lockStock(tx, lines, shopperHoldings(userId, lines, placing.limits));
    assertWithinOrderLimits(locked.holdings, lines, placing.limits);
    assertInStock(lines, locked.stock);

    const priced = await priceCheckout(tx, userId, lines, choices, region, rules);
    if (priced.voucherRefusal) throw priced.voucherRefusal;
    if (priced.breakdown.shippingRefusal) {
      throw new AppError(priced.breakdown.shippingRefusal.code, priced.breakdown.shippingRefusal.params);
    }
    if (priced.breakdown.totalRefusal) {
      throw new AppError(priced.breakdown.totalRefusal.code, priced.breakdown.totalRefusal.params);
    }
    const shippingAddress =
      priced.shippingAddress ?? (await ownAddress(tx, userId, choices.shippingAddressId));
    const billingAddress = choices.billingAddressId
      ? await ownAddress(tx, userId, choices.billingAddressId)
      : shippingAddress;

    const { breakdown } = priced;
    const order = await insertOrder(tx, {
      userId,
      status: ORDER_STATUS.pendingPayment,
      regionCountryCode: region.countryCode,
      currency: region.currency,
      subtotalMinor: breakdown.subtotal.amountMinor,
      discountMinor: breakdown.discount.amountMinor,
      shippingFeeMinor: breakdown.shippingFee.amountMinor,
      paymentFeeMinor: breakdown.paymentFee.amountMinor,
      taxMinor: breakdown.tax?.amount.amountMinor ?? 0,
      taxName: breakdown.tax?.name ?? null,
      taxRatePercent: breakdown.tax?.ratePercent ?? null,
      taxInclusive: breakdown.tax?.inclusive ?? false,
      totalMinor: breakdown.total.amountMinor,
      voucherId: priced.voucher?.id ?? null,
      voucherCode: priced.voucher?.code ?? null,
      paymentMethod: choices.paymentMethod,
      notes: choices.notes,
      shippingAddress: orderAddressOf(shippingAddress),
      billingAddress: orderAddressOf(billingAddress),
      checkoutSessionKey: sessionKey,
      paymentDueAt: new Date(Date.now() + rules.paymentMinutes * 60_000),
    });

    if (priced.voucher) {
      await redeemVoucher(tx, {
        voucher: priced.voucher,
        userId,
        orderId: order.id,
        discount: breakdown.discount,
      });
    }
    const lineRows = await recordOrderContents(tx, {
      order,
      lines,
      alongside: [
        cartLinesOrdered(userId, selection.cartItemIds),
        quotationItemsOrdered(userId, selection.quotationItemIds),
        sql`UPDATE ${checkoutSessions} SET order_id = ${order.id} WHERE key = ${sessionKey}`,
        ...newsOfOrder(tx, shopper, order, lines, linkOrigin),
      ],
    });
    return { order, created: true, lines: lineRows };
  });
}

type PlacingRow = {
  settings: { key: string; value: string }[];
  orderId: string | null;
  cartItemIds: string[] | null;
  quotationItemIds: string[] | null;
  expiresAtMs: number | null;
};

/**
 * The first statement of an order's transaction, in one round trip instead of three: the shopper's row lock
 * (as asOwner takes it: one shopper's submissions run one after another, and what their limits count cannot
 * change meanwhile), the checkout session under it, locked, and the store settings that set the limits.
 * The shopper's lock comes first: the session's row is read only once the lock is held. It also sets the
 * rest of the transaction to run on generic plans.
 */
async function lockForPlacing(
  tx: Database,
  userId: string,
  sessionKey: string | null,
  defaults: StoreSettings,
): Promise<{
  limits: StoreSettings;
  session: Pick<CheckoutSessionRow, 'orderId' | 'cartItemIds' | 'quotationItemIds' | 'expiresAt'> | undefined;
}> {
  const [row] = await queryRows<PlacingRow>(
    tx,
    sql`WITH owner AS MATERIALIZED (
          SELECT id FROM ${users} WHERE id = ${userId} FOR NO KEY UPDATE
        ), placing_session AS MATERIALIZED (
          SELECT * FROM ${checkoutSessions}
           WHERE key = ${sessionKey} AND user_id = (SELECT id FROM owner)
             FOR UPDATE
        )
        SELECT ${GENERIC_PLANS_FROM_HERE} AS "planCacheMode",
               (SELECT coalesce(json_agg(json_build_object('key', key, 'value', value)), '[]'::json)
                  FROM ${storeSettings}) AS settings,
               s.order_id AS "orderId", array_to_json(s.cart_item_ids) AS "cartItemIds",
               array_to_json(s.quotation_item_ids) AS "quotationItemIds",
               (extract(epoch FROM s.expires_at) * 1000)::float8 AS "expiresAtMs"
          FROM (SELECT FROM owner) AS locked
          LEFT JOIN placing_session AS s ON true`,
    { prepareAs: 'orders_lock_for_placing' },
  );
  // No row: the shopper's account is gone since the call was signed in.
  if (!row) throw new AppError('auth/invalid_access_token');
  return {
    limits: settingsFrom(row.settings, defaults),
    session:
      row.expiresAtMs === null
        ? undefined
        : {
            orderId: row.orderId,
            cartItemIds: row.cartItemIds ?? [],
            quotationItemIds: row.quotationItemIds ?? [],
            expiresAt: new Date(row.expiresAtMs),
          },
  };
}

/** What a new order tells its shopper: the order mail, and the notice on their bell. */
function newsOfOrder(
  tx: Database,
  shopper: OrderingShopper,
  order: OrderRow,
  lines: readonly OrderLineDraft[],
  linkOrigin: string,
): SQL[] {
  const mail = mailQueueing(tx, {
    template: 'order_placed',
    to: shopper.email,
    content: orderPlacedMail({
      firstName: shopper.firstName,
      orderRef: order.orderRef,
      lines: lines.map((line) => ({ name: line.name, quantity: line.quantity, total: line.total })),
      total: { amountMinor: order.totalMinor, currency: order.currency },
      paymentDueAt: order.paymentDueAt,
      link: new URL(`/orders/${order.id}`, linkOrigin).toString(),
    }),
  });
  const notice = notificationInsert(tx, {
    userId: order.userId,
    title: `Order ${order.orderRef} placed`,
    body: 'Pay for it to have it prepared.',
    link: `/orders/${order.id}`,
    groupKey: `order:${order.id}:status`,
  });
  return [mail.getSQL(), notice.getSQL()];
}

/** The order that already took all these quotation items, if one did: a repeated submission finds it. */
async function orderOfQuotationItems(
  tx: Database,
  userId: string,
  quotationIds: readonly string[],
): Promise<OrderRow | null> {
  const ids = [...new Set(quotationIds)].filter(isUuid);
  if (ids.length === 0 || ids.length !== new Set(quotationIds).size) return null;
  const rows = await tx
    .select({ orderId: orderLines.orderId, quotationItemId: orderLines.quotationItemId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(quotationItems, eq(quotationItems.id, orderLines.quotationItemId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orderLines.quotationItemId, ids),
        isNotNull(quotationItems.orderedAt),
        sql`${orders.status} <> 'cancelled'`,
      ),
    );
  const orderIds = new Set(rows.map((row) => row.orderId));
  const [orderId] = orderIds;
  if (orderIds.size !== 1 || orderId === undefined || rows.length !== ids.length) return null;
  return ownOrderRow(tx, userId, orderId);
}

/** The address as the order keeps it. */
function orderAddressOf(row: AddressRow): OrderAddress {
  return {
    fullName: row.fullName,
    phoneNumber: row.phoneNumber,
    address: row.address,
    unitNumber: row.unitNumber,
    postalCode: row.postalCode,
    country: row.country,
    state: row.state,
    city: row.city,
  };
}
