import type { Product } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { type Money, money } from '@crossbuy/core/money';
import {
  marketplaceLabel,
  PRODUCT_SOURCE,
  type ProductSource,
  QUOTATION_STATUS,
  type QuotationFilter,
  type QuotationItem,
  QuotationProductMissingError,
  quotationItemPrice,
  quotationUnavailableReason,
} from '@crossbuy/core/quotation';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { uuidArray } from '../../db/id-list.js';
import { isUuid } from '../../lib/ids.js';
import { productsFromTables } from '../catalogue/products.service.js';
import type { PricingRegion } from '../regions/pricing.js';
import { type QuotationItemRow, quotationItems } from './quotations.table.js';
import { quoteTermsOf } from './quote-terms.service.js';

// The shopper's quotation items as they read them: priced for their region, listed and filtered
// (docs/rules/quotations.md). Asking, changing and removing them is in quotation-requests.service.ts.

export type QuotationAnswer = { quotationItem: QuotationItem; product: Product | null };

/** A stored item as the shopper sees it in `region` at `now`: priced, labelled, and why it cannot be bought. */
export function toQuotationItem(
  row: QuotationItemRow,
  product: Product | null,
  region: PricingRegion,
  now: Date,
): QuotationItem {
  const facts = {
    productSource: row.productSource,
    status: row.status,
    expiresAt: row.expiresAt,
    quantity: row.quantity,
    quotedPrice: row.quotedPrice,
    variantPath: row.variantPath,
  };
  let price: Money;
  try {
    price = quotationItemPrice(facts, product, region.countryCode, region.currency);
  } catch (error) {
    if (!(error instanceof QuotationProductMissingError)) throw error;
    price = money(0, region.currency);
  }
  return {
    id: row.id,
    productSource: row.productSource,
    status: row.status,
    statusData: {
      basePrice:
        row.basePriceMinor !== null && row.basePriceCurrency !== null
          ? ({ amountMinor: row.basePriceMinor, currency: row.basePriceCurrency } as Money)
          : null,
      quotedPrice: row.quotedPrice,
      quotedAt: row.quotedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      declineReason: row.declineReason,
      quoteTerms: quoteTermsOf(row),
    },
    productSourceData:
      row.productSource === PRODUCT_SOURCE.internal
        ? { productId: row.productId, variantPath: row.variantPath }
        : null,
    productUrl: row.productUrl,
    sourceMarketPlace: row.sourceMarketPlace,
    quantity: row.quantity,
    instructions: row.instructions,
    name: row.name,
    mainImage: row.mainImage,
    price,
    unavailableReason: quotationUnavailableReason(facts, product, now),
    marketplaceLabel: marketplaceLabel(row.sourceMarketPlace),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Items as the shopper sees them in `region`, with the products behind the internal ones. */
export async function describeQuotationItems(
  db: Database,
  rows: QuotationItemRow[],
  region: PricingRegion,
): Promise<{ quotationItems: QuotationItem[]; products: Product[] }> {
  const productIds = [...new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])))];
  const products = await productsFromTables(db, productIds, region);
  const byId = new Map(products.map((product) => [product.uuid, product]));
  const now = new Date();
  return {
    quotationItems: rows.map((row) =>
      toQuotationItem(row, row.productId ? (byId.get(row.productId) ?? null) : null, region, now),
    ),
    products,
  };
}

/** One item as the shopper sees it in `region`, with the product behind it when it is one of ours. */
export async function answerFor(
  db: Database,
  row: QuotationItemRow,
  region: PricingRegion,
): Promise<QuotationAnswer> {
  const {
    quotationItems: [quotationItem],
    products,
  } = await describeQuotationItems(db, [row], region);
  if (!quotationItem) throw new AppError('quotation/not_found', [row.id]);
  return { quotationItem, product: products[0] ?? null };
}

/** The shopper's own items. */
export const ownedBy = (userId: string) => eq(quotationItems.userId, userId);
/** Items still in the list: not yet part of an order. */
export const inList = isNull(quotationItems.orderedAt);

/** The shopper's current list (not yet ordered), newest first; `source` narrows it to one kind. */
export async function listQuotationItems(
  db: Database,
  userId: string,
  region: PricingRegion,
  source?: ProductSource,
): Promise<{ quotationItems: QuotationItem[]; products: Product[] }> {
  const rows = await db
    .select()
    .from(quotationItems)
    .where(and(ownedBy(userId), inList, source ? eq(quotationItems.productSource, source) : undefined))
    .orderBy(desc(quotationItems.createdAt), asc(quotationItems.id));
  return describeQuotationItems(db, rows, region);
}

function filterCondition(filter: QuotationFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'pending':
      return eq(quotationItems.status, QUOTATION_STATUS.pending);
    case 'declined':
      return eq(quotationItems.status, QUOTATION_STATUS.declined);
    case 'resolved':
      return and(
        eq(quotationItems.status, QUOTATION_STATUS.resolved),
        gt(quotationItems.expiresAt, sql`now()`),
      );
    case 'expired':
      return and(
        eq(quotationItems.status, QUOTATION_STATUS.resolved),
        lte(quotationItems.expiresAt, sql`now()`),
      );
  }
}

/** Every quotation the shopper asked for, ordered or not, by where it stands; newest first, a page at a time. */
export async function listQuotations(
  db: Database,
  userId: string,
  query: { filter: QuotationFilter; page: number; limit: number; ordered?: boolean },
  region: PricingRegion,
): Promise<{ quotationItems: QuotationItem[]; products: Product[]; total: number }> {
  const where = and(
    ownedBy(userId),
    filterCondition(query.filter),
    query.ordered ? isNotNull(quotationItems.orderedAt) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(quotationItems)
      .where(where)
      .orderBy(desc(quotationItems.createdAt), asc(quotationItems.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(quotationItems).where(where),
  ]);
  return { ...(await describeQuotationItems(db, rows, region)), total: counted?.total ?? 0 };
}

/** The shopper's item `id`, narrowed by `extra`; quotation/not_found when there is none. */
export async function ownItem(
  db: Database,
  userId: string,
  id: string,
  extra?: SQL,
): Promise<QuotationItemRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(quotationItems)
        .where(and(eq(quotationItems.id, id), ownedBy(userId), extra))
    : [];
  if (!row) throw new AppError('quotation/not_found', [id]);
  return row;
}

export async function getQuotationItem(
  db: Database,
  userId: string,
  id: string,
  region: PricingRegion,
  options: { ordered?: boolean } = {},
): Promise<QuotationAnswer> {
  const row = await ownItem(
    db,
    userId,
    id,
    options.ordered ? isNotNull(quotationItems.orderedAt) : undefined,
  );
  return answerFor(db, row, region);
}

/**
 * The statement that marks quoted items as ordered, for the order's own statement to run with it (orders'
 * recordOrderContents): an ordered item leaves the shopper's list when the order is written.
 */
export function quotationItemsOrdered(userId: string, quotationItemIds: readonly string[]): SQL {
  return sql`UPDATE ${quotationItems} SET ordered_at = now(), updated_at = now()
              WHERE user_id = ${userId} AND id = ANY(${uuidArray(quotationItemIds)})`;
}
