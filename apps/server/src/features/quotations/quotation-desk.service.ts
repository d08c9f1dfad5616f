import { AppError } from '@crossbuy/core/errors';
import type { Money } from '@crossbuy/core/money';
import {
  PRODUCT_SOURCE,
  QUOTATION_STATUS,
  type QuotationDeskStatus,
  quoteExpiresAt,
  quoteHoldsUntilWords,
} from '@crossbuy/core/quotation';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { microsecondText } from '../../db/time-cursor.js';
import { isUuid } from '../../lib/ids.js';
import { type AuditFields, recordAudit } from '../audit/audit.service.js';
import { externalProducts } from '../external-products/external-products.table.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { users } from '../users/users.table.js';
import { type QuotationItemRow, quotationItems } from './quotations.table.js';
import { previewQuote, type QuoteInput, type QuotingRules } from './quote-terms.service.js';

// The store's side of quotations: the desk of pending items, and answering them (docs/rules/quotations.md).

export type DeskItem = QuotationItemRow & {
  /** Where the next page starts: this item's time with its microseconds, and its id. */
  cursor: string;
  shopper: { id: string; email: string; firstName: string; lastName: string };
  extracted: { price: Money | null; images: string[]; description: string | null } | null;
};

/** Items with what the desk shows beside them: who asked, and what the store read from the page. */
function selectDeskItems(db: Database) {
  return db
    .select({
      item: quotationItems,
      createdAtText: microsecondText(quotationItems.createdAt),
      shopper: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      external: {
        priceMinor: externalProducts.priceMinor,
        priceCurrency: externalProducts.priceCurrency,
        images: externalProducts.images,
        description: externalProducts.description,
      },
    })
    .from(quotationItems)
    .innerJoin(users, eq(users.id, quotationItems.userId))
    .leftJoin(externalProducts, eq(externalProducts.id, quotationItems.externalProductId));
}

type DeskRow = Awaited<ReturnType<ReturnType<typeof selectDeskItems>['execute']>>[number];

function toDeskItem({ item, createdAtText, shopper, external }: DeskRow): DeskItem {
  return {
    ...item,
    cursor: `${createdAtText}_${item.id}`,
    shopper,
    extracted: external
      ? {
          price:
            external.priceMinor !== null && external.priceCurrency !== null
              ? ({ amountMinor: external.priceMinor, currency: external.priceCurrency } as Money)
              : null,
          images: external.images ?? [],
          description: external.description,
        }
      : null,
  };
}

export type DeskQuery = {
  status: QuotationDeskStatus;
  limit: number;
  after?: { createdAt: string; id: string } | undefined;
};

/**
 * A page of the desk. Pending items come oldest first, as the store answers them in the order shoppers
 * asked; answered ones newest first, to look back on. Pages go on by cursor, so items answered meanwhile
 * neither hide nor repeat the ones after them.
 */
export async function deskItems(
  db: Database,
  query: DeskQuery,
): Promise<{ items: DeskItem[]; total: number }> {
  const status = eq(quotationItems.status, QUOTATION_STATUS[query.status]);
  const oldestFirst = query.status === 'pending';
  const position = sql`(${quotationItems.createdAt}, ${quotationItems.id})`;
  const after = query.after
    ? sql`${position} ${oldestFirst ? sql`>` : sql`<`} (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`
    : undefined;
  const order = oldestFirst
    ? [asc(quotationItems.createdAt), asc(quotationItems.id)]
    : [desc(quotationItems.createdAt), desc(quotationItems.id)];
  const [rows, [counted]] = await Promise.all([
    selectDeskItems(db)
      .where(and(status, after))
      .orderBy(...order)
      .limit(query.limit),
    db.select({ total: count() }).from(quotationItems).where(status),
  ]);
  return { items: rows.map(toDeskItem), total: counted?.total ?? 0 };
}

/** One item as the desk shows it, whatever its status. */
export async function deskItem(db: Database, id: string): Promise<DeskItem> {
  const [row] = isUuid(id) ? await selectDeskItems(db).where(eq(quotationItems.id, id)) : [];
  if (!row) throw new AppError('quotation/not_found', [id]);
  return toDeskItem(row);
}

/** What answering a quotation item changes, for the audit log. */
export function answerFieldsOf(row: QuotationItemRow): AuditFields {
  return {
    status: row.status,
    basePriceMinor: row.basePriceMinor,
    basePriceCurrency: row.basePriceCurrency,
    domesticShippingMinor: row.domesticShippingMinor,
    weightGrams: row.weightGrams,
    feePercent: row.feePercent,
    ratesFromBase: row.ratesFromBase,
    quotedPrice: row.quotedPrice,
    expiresAt: row.expiresAt,
    declineReason: row.declineReason,
  };
}

/** Locks a pending item for answering; 404 when there is none, quotation/not_pending when already answered. */
async function lockPending(tx: Database, id: string): Promise<QuotationItemRow> {
  const [row] = isUuid(id)
    ? await tx.select().from(quotationItems).where(eq(quotationItems.id, id)).for('update')
    : [];
  if (!row) throw new AppError('quotation/not_found', [id]);
  if (row.status !== QUOTATION_STATUS.pending || row.orderedAt !== null)
    throw new AppError('quotation/not_pending');
  return row;
}

/**
 * Records an operator's answer to a pending item, in the transaction that wrote it: the audit log keeps the
 * answer fields before and after, and the shopper is told with a notification that opens the item.
 */
async function recordAnswer(
  tx: Database,
  operatorId: string,
  item: QuotationItemRow,
  answered: QuotationItemRow,
  action: 'quotation_item.resolve' | 'quotation_item.decline',
  notice: { title: string; body: string },
): Promise<void> {
  await recordAudit(tx, {
    actorUserId: operatorId,
    action,
    subject: { type: 'quotation_item', id: item.id },
    before: answerFieldsOf(item),
    after: answerFieldsOf(answered),
  });
  await notifyUser(tx, {
    userId: item.userId,
    ...notice,
    link: `/quotations/${item.id}`,
    groupKey: `quotation:${item.id}`,
  });
}

/**
 * The store quotes an item: for a product on another site, from the seller's price for one (basePrice), the
 * domestic shipping to the warehouse, the service fee and the stored rates, fixed per region with the terms
 * they were made from until it expires; for one of our products the catalogue price applies and the answer
 * only says it may be bought. The shopper is told either way.
 */
export async function resolveQuotationItem(
  db: Database,
  operatorId: string,
  id: string,
  input: Partial<QuoteInput>,
  rules: QuotingRules,
): Promise<QuotationItemRow> {
  return db.transaction(async (tx) => {
    const item = await lockPending(tx, id);
    const now = new Date();
    let answer: Partial<typeof quotationItems.$inferInsert>;
    if (item.productSource === PRODUCT_SOURCE.external) {
      const { basePrice } = input;
      if (!basePrice) throw new AppError('general/missing_argument', ['basePrice']);
      const { quoteTerms, quotedPrice, expiresAt } = await previewQuote(
        tx,
        { ...input, basePrice },
        rules,
        now,
      );
      answer = {
        basePriceMinor: basePrice.amountMinor,
        basePriceCurrency: basePrice.currency,
        domesticShippingMinor: quoteTerms.domesticShipping.amountMinor,
        weightGrams: quoteTerms.weightGrams,
        feePercent: quoteTerms.feePercent,
        rateBaseCurrency: quoteTerms.baseCurrency,
        ratesFromBase: quoteTerms.ratesFromBase,
        quotedPrice,
        expiresAt,
      };
    } else {
      answer = { quotedPrice: null, expiresAt: quoteExpiresAt(now, rules.validDays) };
    }
    const [resolved] = await tx
      .update(quotationItems)
      .set({
        ...answer,
        status: QUOTATION_STATUS.resolved,
        quotedAt: now,
        answeredBy: operatorId,
        updatedAt: now,
      })
      .where(eq(quotationItems.id, item.id))
      .returning();
    if (!resolved?.expiresAt) throw new Error('quotation item vanished while locked');
    await recordAnswer(tx, operatorId, item, resolved, 'quotation_item.resolve', {
      title: 'Your Quotation is here!',
      body: `${item.name}: the price holds until ${quoteHoldsUntilWords(resolved.expiresAt)}.`,
    });
    return resolved;
  });
}

/** The store declines an item with a reason the shopper reads. */
export async function declineQuotationItem(
  db: Database,
  operatorId: string,
  id: string,
  reason: string,
): Promise<QuotationItemRow> {
  return db.transaction(async (tx) => {
    const item = await lockPending(tx, id);
    const now = new Date();
    const [declined] = await tx
      .update(quotationItems)
      .set({
        status: QUOTATION_STATUS.declined,
        declineReason: reason,
        declinedAt: now,
        answeredBy: operatorId,
        updatedAt: now,
      })
      .where(eq(quotationItems.id, item.id))
      .returning();
    if (!declined) throw new Error('quotation item vanished while locked');
    await recordAnswer(tx, operatorId, item, declined, 'quotation_item.decline', {
      title: 'Quotation is unsuccessful.',
      body: `${item.name}: ${reason}`,
    });
    return declined;
  });
}
