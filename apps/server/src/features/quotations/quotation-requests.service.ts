import { randomUUID } from 'node:crypto';
import type { Product } from '@crossbuy/core/catalogue';
import { AppError, limitError } from '@crossbuy/core/errors';
import { marketplaceOfHost, normaliseExternalLink } from '@crossbuy/core/external';
import {
  changeQuotationRequest,
  PRODUCT_SOURCE,
  QUOTATION_MAX_ITEMS,
  QUOTATION_MAX_QUANTITY,
  QUOTATION_STATUS,
  type QuotationRequestChange,
} from '@crossbuy/core/quotation';
import { and, count, eq, lte, or, sql } from 'drizzle-orm';
import { asOwner } from '../../db/as-owner.js';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { type AuditFields, recordAudit } from '../audit/audit.service.js';
import { purchasableProduct, takeCartItem } from '../cart/cart.service.js';
import { quotationPictureKey, storedPictureUrl } from '../external-products/external-pictures.js';
import { externalProducts } from '../external-products/external-products.table.js';
import type { PricingRegion } from '../regions/pricing.js';
import { answerFieldsOf } from './quotation-desk.service.js';
import { answerFor, inList, ownedBy, ownItem, type QuotationAnswer } from './quotation-items.service.js';
import { type QuotationItemRow, quotationItems } from './quotations.table.js';

// The shopper's quotation requests: asking a quote, changing or removing an item still in the list, and
// asking again (docs/rules/quotations.md). The store answers them at the desk (quotation-desk.service.ts).

async function assertRoomInList(tx: Database, userId: string): Promise<void> {
  const [items] = await tx
    .select({ total: count() })
    .from(quotationItems)
    .where(and(ownedBy(userId), inList));
  if ((items?.total ?? 0) >= QUOTATION_MAX_ITEMS) throw limitError('quotation/too_many_items');
}

type NewItem = Omit<typeof quotationItems.$inferInsert, 'userId'>;

/** Adds items to the shopper's list within its bound, holding the owner's lock so a burst cannot pass it. */
async function addToList(
  db: Database,
  userId: string,
  build: (tx: Database) => Promise<NewItem>,
): Promise<QuotationItemRow> {
  return asOwner(db, userId, async (tx) => {
    await assertRoomInList(tx, userId);
    const [row] = await tx
      .insert(quotationItems)
      .values({ ...(await build(tx)), userId })
      .returning();
    if (!row) throw new Error('quotation item was not written');
    return row;
  });
}

function internalItem(
  product: Product,
  variantPath: string,
  quantity: number,
  instructions: string,
): NewItem {
  return {
    productSource: PRODUCT_SOURCE.internal,
    productId: product.uuid,
    variantPath,
    name: product.name,
    mainImage: product.mainImage,
    sourceMarketPlace: product.sourceMarketPlace,
    quantity,
    instructions,
  };
}

export type LocalRequest = {
  productRef: string;
  variantPath: string;
  quantity: number;
  instructions: string;
};

/** Asks a quote for one of our products (the local form of docs/rules/quotations.md, and POST /quotation_item/internal_product). */
export async function requestInternalQuotation(
  db: Database,
  userId: string,
  request: LocalRequest,
  region: PricingRegion,
): Promise<QuotationAnswer> {
  const product = await purchasableProduct(db, request.productRef, request.variantPath, region);
  const row = await addToList(db, userId, async () =>
    internalItem(product, request.variantPath, request.quantity, request.instructions),
  );
  return answerFor(db, row, region);
}

export type RemoteRequest = {
  productUrl: string;
  productName: string;
  quantity: number;
  instructions: string;
  imageUrl: string;
};

/**
 * Copies a picture on another site into the store under `key` (the route's limit and the outbound guard
 * around `copyExternalPicture`): the key stored, or null when it could not be copied.
 */
export type CopyPicture = (link: string, key: string) => Promise<string | null>;

/**
 * Asks a quote for a product on another site (the remote form of docs/rules/quotations.md). When the store has already read
 * that page, the item is tied to it, so the desk sees what was read and the marketplace it came from.
 * The item's picture is always one the store keeps (docs/decisions/0073): the copy made when the page
 * was read, when the shopper kept the page's picture, or else a copy of the one they gave, made now;
 * null (the placeholder) when there is none or it cannot be copied.
 */
export async function requestExternalQuotation(
  { db, copyPicture }: { db: Database; copyPicture: CopyPicture },
  userId: string,
  request: RemoteRequest,
  region: PricingRegion,
): Promise<QuotationAnswer> {
  const productUrl = normaliseExternalLink(request.productUrl);
  if (!productUrl) throw new AppError('quotation/invalid_product_url');
  const [known] = await db
    .select({
      id: externalProducts.id,
      marketplace: externalProducts.marketplace,
      images: externalProducts.images,
      picture: externalProducts.picture,
    })
    .from(externalProducts)
    .where(eq(externalProducts.url, productUrl));
  const id = randomUUID();
  const keptPicture = known?.picture && request.imageUrl === known.images[0] ? known.picture : null;
  const picture =
    keptPicture ?? (request.imageUrl ? await copyPicture(request.imageUrl, quotationPictureKey(id)) : null);
  const row = await addToList(db, userId, async () => ({
    id,
    productSource: PRODUCT_SOURCE.external,
    productUrl,
    externalProductId: known?.id ?? null,
    sourceMarketPlace: known?.marketplace ?? marketplaceOfHost(new URL(productUrl).hostname),
    name: request.productName,
    mainImage: storedPictureUrl(picture),
    quantity: request.quantity,
    instructions: request.instructions,
  }));
  return answerFor(db, row, region);
}

/**
 * Asks a quote for a product the store looked up by link (POST /product/searchExternal), by its id or its
 * link; what was read from the page (name, picture, marketplace) fills the item. The picture is the copy
 * made when the page was read; a page read before the store kept copies has its picture copied now.
 */
export async function quoteExternalProduct(
  { db, copyPicture }: { db: Database; copyPicture: CopyPicture },
  userId: string,
  request: {
    externalProductId?: string | undefined;
    link?: string | undefined;
    quantity: number;
    instructions: string;
  },
  region: PricingRegion,
): Promise<QuotationAnswer> {
  const match =
    request.externalProductId !== undefined
      ? isUuid(request.externalProductId)
        ? eq(externalProducts.id, request.externalProductId)
        : undefined
      : eq(externalProducts.url, normaliseExternalLink(request.link ?? '') ?? '');
  const [external] = match ? await db.select().from(externalProducts).where(match) : [];
  if (!external) throw new AppError('external/not_found');
  const id = randomUUID();
  const [pageImage] = external.images;
  const picture =
    external.picture ?? (pageImage ? await copyPicture(pageImage, quotationPictureKey(id)) : null);
  const row = await addToList(db, userId, async () => ({
    id,
    productSource: PRODUCT_SOURCE.external,
    productUrl: external.url,
    externalProductId: external.id,
    sourceMarketPlace: external.marketplace,
    name: external.name ?? external.host,
    mainImage: storedPictureUrl(picture),
    quantity: request.quantity,
    instructions: request.instructions,
  }));
  return answerFor(db, row, region);
}

/**
 * Moves a cart line into the quotation list in one transaction (docs/rules/quotations.md): the line leaves the cart
 * only if the item is written, and a line whose product is no longer on sale stays in the cart.
 */
export async function moveCartItemToQuotation(
  db: Database,
  userId: string,
  cartItemId: string,
  region: PricingRegion,
): Promise<QuotationAnswer> {
  const row = await addToList(db, userId, async (tx) => {
    const line = await takeCartItem(tx, userId, cartItemId);
    const product = await purchasableProduct(tx, line.productId, line.variantPath, region, {
      inTransaction: true,
    });
    return internalItem(
      product,
      line.variantPath,
      Math.min(line.quantity, QUOTATION_MAX_QUANTITY),
      line.message,
    );
  });
  return answerFor(db, row, region);
}

/** No answer from the store: what a pending item holds. */
const clearedAnswer = {
  status: QUOTATION_STATUS.pending,
  basePriceMinor: null,
  basePriceCurrency: null,
  domesticShippingMinor: null,
  weightGrams: null,
  feePercent: null,
  rateBaseCurrency: null,
  ratesFromBase: null,
  quotedPrice: null,
  quotedAt: null,
  expiresAt: null,
  answeredBy: null,
  declineReason: null,
  declinedAt: null,
} as const;

/** What a shopper's change touches, for the audit log: the request, and the answer it may give up. */
function requestFieldsOf(row: QuotationItemRow): AuditFields {
  return { quantity: row.quantity, instructions: row.instructions, ...answerFieldsOf(row) };
}

/**
 * Changes only the quantity and the instructions of an item still in the list (docs/rules/quotations.md). A quote
 * answers the request it was given for, so a change sends a quoted or declined item back to the desk as
 * pending, its answer cleared; a change that leaves both as they were changes nothing. It holds the
 * owner's lock, as placing an order does, so an item is either ordered as quoted (and the change refused
 * with quotation/ordered) or changed first (and the order refused as pending), never ordered as changed
 * at the old price.
 */
export async function updateQuotationItem(
  db: Database,
  userId: string,
  id: string,
  update: QuotationRequestChange,
  region: PricingRegion,
): Promise<QuotationAnswer> {
  if (!isUuid(id)) throw new AppError('quotation/not_found', [id]);
  const row = await asOwner(db, userId, async (tx) => {
    // The item's row lock as well: the desk answers under that lock alone, so a quote given for the old
    // request cannot land between this read and the write and stay on the changed one.
    const [item] = await tx
      .select()
      .from(quotationItems)
      .where(and(eq(quotationItems.id, id), ownedBy(userId)))
      .for('update');
    if (!item) throw new AppError('quotation/not_found', [id]);
    if (item.orderedAt !== null) throw new AppError('quotation/ordered');
    const changed = changeQuotationRequest(item, update);
    if (!changed) return item;
    const [written] = await tx
      .update(quotationItems)
      .set({
        ...clearedAnswer,
        quantity: changed.quantity,
        instructions: changed.instructions,
        updatedAt: sql`now()`,
      })
      .where(eq(quotationItems.id, item.id))
      .returning();
    if (!written) throw new Error('quotation item vanished under its owner lock');
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'quotation_item.shopper_change',
      subject: { type: 'quotation_item', id: item.id },
      before: requestFieldsOf(item),
      after: requestFieldsOf(written),
    });
    return written;
  });
  return answerFor(db, row, region);
}

export async function removeQuotationItem(db: Database, userId: string, id: string): Promise<void> {
  const removed = isUuid(id)
    ? await db
        .delete(quotationItems)
        .where(and(eq(quotationItems.id, id), ownedBy(userId), inList))
        .returning({ id: quotationItems.id })
    : [];
  if (removed.length === 0) throw new AppError('quotation/not_found', [id]);
}

/**
 * One step to ask again for a quote that expired or was declined: the item goes back to pending with its
 * old answer cleared. A pending item is answered as it is; a quote still valid is refused.
 */
export async function requestQuotationAgain(
  db: Database,
  userId: string,
  id: string,
  region: PricingRegion,
): Promise<QuotationAnswer> {
  const [row] = isUuid(id)
    ? await db
        .update(quotationItems)
        .set({ ...clearedAnswer, updatedAt: sql`now()` })
        .where(
          and(
            eq(quotationItems.id, id),
            ownedBy(userId),
            inList,
            or(
              eq(quotationItems.status, QUOTATION_STATUS.declined),
              and(
                eq(quotationItems.status, QUOTATION_STATUS.resolved),
                lte(quotationItems.expiresAt, sql`now()`),
              ),
            ),
          ),
        )
        .returning()
    : [];
  if (row) return answerFor(db, row, region);
  const current = await ownItem(db, userId, id, inList);
  if (current.status === QUOTATION_STATUS.resolved) throw new AppError('quotation/not_expired');
  return answerFor(db, current, region);
}
