import {
  type AddToCart,
  CART_MAX_ITEMS,
  CART_MAX_QUANTITY,
  type CartItem,
  type UpdateCartItem,
} from '@crossbuy/core/cart';
import { isInStock, isValidVariantPath, type Product, variantLabel } from '@crossbuy/core/catalogue';
import { AppError, limitError } from '@crossbuy/core/errors';
import { and, asc, count, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { asOwner } from '../../db/as-owner.js';
import { builtOnce } from '../../db/built-once.js';
import type { Database } from '../../db/client.js';
import { uuidArray, uuidArrayText } from '../../db/id-list.js';
import { oncePerDatabase } from '../../db/once-per-database.js';
import { COMMIT_WITHOUT_WAITING } from '../../db/transaction-settings.js';
import { isUuid } from '../../lib/ids.js';
import { merchants, products } from '../catalogue/catalogue.table.js';
import {
  productFromTables,
  productsFromTables,
  type ShippableProduct,
  shippableFields,
  toShippable,
} from '../catalogue/products.service.js';
import type { PricingRegion } from '../regions/pricing.js';
import { type CartItemRow, cartItems } from './cart.table.js';

// The shopper's cart. Stock and prices come from the tables at every answer,
// never from the product page cache, because the cart is where a shopper commits to them.

/** A cart line as the shopper sees it, priced and stock-checked against its product now. */
export function toCartItem(row: CartItemRow, product: Product): CartItem {
  const entry = Object.hasOwn(product.variantPaths, row.variantPath)
    ? product.variantPaths[row.variantPath]
    : undefined;
  return {
    id: row.id,
    productId: row.productId,
    variantPath: row.variantPath,
    quantity: row.quantity,
    message: row.message,
    variantLabel: variantLabel(product.variants, row.variantPath),
    unitPrice: entry?.price ?? product.price,
    inStock: isInStock(product, row.variantPath, row.quantity),
    stockAvailable: entry?.stock ?? product.stock,
    available: !product.disabled,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The product a shopper may put in the cart or ask a quote for with this variant path: it must exist, be on
 * sale, and the path must pick one option of each of its variants (docs/rules/catalogue-and-regions.md).
 */
export async function purchasableProduct(
  db: Database,
  idOrParamName: string,
  variantPath: string,
  region: PricingRegion,
  options: { inTransaction?: boolean } = {},
): Promise<Product> {
  const product = options.inTransaction
    ? (await productsFromTables(db, [idOrParamName], region))[0]
    : await productFromTables(db, idOrParamName, region);
  if (!product) throw new AppError('product/not_found', [idOrParamName]);
  if (product.disabled) throw new AppError('cart/product_unavailable');
  if (!isValidVariantPath(product.variants, variantPath)) throw new AppError('cart/invalid_variant_path');
  return product;
}

export type CartAnswer = { cartItem: CartItem; product: Product };

/**
 * Adds a line, or raises the quantity of the line with the same product and variant path (docs/rules/cart-and-checkout.md).
 * Each step is one conditional statement and the insert meets the unique index, so a burst of adds makes
 * one line whose quantity never passes the limit. A new message replaces the line's; an empty one keeps it.
 */
export async function addToCart(
  db: Database,
  userId: string,
  input: AddToCart,
  region: PricingRegion,
): Promise<CartAnswer & { created: boolean }> {
  const product = await purchasableProduct(db, input.productId, input.variantPath, region);
  const line = and(
    eq(cartItems.userId, userId),
    eq(cartItems.productId, product.uuid),
    eq(cartItems.variantPath, input.variantPath),
  );
  // Most adds raise a line the shopper already has: one statement, no lock. Only a new line takes the
  // shopper's lock, to count the lines.
  const [raised] = await lineRaising(db).execute({
    userId,
    productId: product.uuid,
    variantPath: input.variantPath,
    quantity: input.quantity,
    message: input.message,
  });
  if (raised) return { cartItem: toCartItem(raised, product), product, created: false };

  const { row, created } = await asOwner(db, userId, async (tx) => {
    const [existing] = await tx.select({ id: cartItems.id }).from(cartItems).where(line);
    if (!existing) {
      const [lines] = await tx.select({ total: count() }).from(cartItems).where(eq(cartItems.userId, userId));
      if ((lines?.total ?? 0) >= CART_MAX_ITEMS) throw limitError('cart/too_many_items');
    }
    const [saved] = await tx
      .insert(cartItems)
      .values({
        userId,
        productId: product.uuid,
        variantPath: input.variantPath,
        quantity: input.quantity,
        message: input.message,
      })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.variantPath],
        set: raisedBy(input.quantity, input.message),
        setWhere: withinLineLimit(input.quantity),
      })
      .returning();
    if (!saved) throw limitError('cart/invalid_quantity');
    return { row: saved, created: existing === undefined };
  });
  return { cartItem: toCartItem(row, product), product, created };
}

/** A line raised by an add: more of it, and the add's message unless that is empty. */
function raisedBy(quantity: number | Placeholder, message: string | Placeholder) {
  return {
    quantity: sql`${cartItems.quantity} + ${quantity}`,
    message: sql`coalesce(nullif(${message}::text, ''), ${cartItems.message})`,
    updatedAt: sql`now()`,
  };
}

/** Whether a line raised by `quantity` still holds no more than a line may. */
function withinLineLimit(quantity: number | Placeholder) {
  return sql`${cartItems.quantity} + ${quantity} <= ${CART_MAX_QUANTITY}`;
}

function prepareLineRaising(db: Database) {
  const quantity = sql.placeholder('quantity');
  return db
    .update(cartItems)
    .set(raisedBy(quantity, sql.placeholder('message')))
    .where(
      and(
        eq(cartItems.userId, sql.placeholder('userId')),
        eq(cartItems.productId, sql.placeholder('productId')),
        eq(cartItems.variantPath, sql.placeholder('variantPath')),
        withinLineLimit(quantity),
      ),
    )
    .returning({ ...getTableColumns(cartItems), commitWithoutWaiting: COMMIT_WITHOUT_WAITING })
    .prepare('cart_raise_line');
}

/**
 * Raising a line the shopper has is what most adds do, so its statement is built once per database and
 * prepared under a name, planned once per connection. A line raised is a change the shopper loses to a
 * database crash at no cost but adding again, so its commit answers without waiting for the disk: it returns
 * COMMIT_WITHOUT_WAITING as a column, whose value is not used (decision 0075).
 */
const lineRaising = oncePerDatabase(prepareLineRaising);

/** The shopper's cart, oldest line first, with the products behind the lines ({ cartItems, products }, docs/rules/api-and-errors.md). */
export async function getCart(
  db: Database,
  userId: string,
  region: PricingRegion,
): Promise<{ cartItems: CartItem[]; products: Product[] }> {
  const rows = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const products = await productsFromTables(db, [...new Set(rows.map((row) => row.productId))], region);
  const byId = new Map(products.map((product) => [product.uuid, product]));
  return {
    cartItems: rows.flatMap((row) => {
      const product = byId.get(row.productId);
      return product ? [toCartItem(row, product)] : [];
    }),
    products,
  };
}

async function answerFor(db: Database, row: CartItemRow, region: PricingRegion): Promise<CartAnswer> {
  const [product] = await productsFromTables(db, [row.productId], region);
  // The line's product is referenced with ON DELETE CASCADE, so it exists while the line does.
  if (!product) throw new AppError('cart/not_found', [row.id]);
  return { cartItem: toCartItem(row, product), product };
}

/** Changes only the quantity and the message of the shopper's own line (docs/rules/cart-and-checkout.md). */
export async function updateCartItem(
  db: Database,
  userId: string,
  id: string,
  update: UpdateCartItem,
  region: PricingRegion,
): Promise<CartAnswer> {
  const [row] = isUuid(id)
    ? await db
        .update(cartItems)
        .set({
          ...(update.quantity !== undefined && { quantity: update.quantity }),
          ...(update.message !== undefined && { message: update.message }),
          updatedAt: sql`now()`,
        })
        .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
        .returning()
    : [];
  if (!row) throw new AppError('cart/not_found', [id]);
  return answerFor(db, row, region);
}

export async function removeCartItem(db: Database, userId: string, id: string): Promise<void> {
  const removed = isUuid(id)
    ? await db
        .delete(cartItems)
        .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
        .returning({ id: cartItems.id })
    : [];
  if (removed.length === 0) throw new AppError('cart/not_found', [id]);
}

/**
 * Takes the shopper's own line out of the cart inside the caller's transaction, for a feature that moves
 * it elsewhere (the quotation list); cart/not_found when it is not theirs or already gone.
 */
export async function takeCartItem(tx: Database, userId: string, id: string): Promise<CartItemRow> {
  const [row] = isUuid(id)
    ? await tx
        .delete(cartItems)
        .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
        .returning()
    : [];
  if (!row) throw new AppError('cart/not_found', [id]);
  return row;
}

export async function isInCart(db: Database, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .limit(1);
  return row !== undefined;
}

const cartLinesWithProducts = builtOnce('checkout_cart_lines', (db) =>
  db
    .select({ line: cartItems, ...shippableFields })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(
      and(
        eq(cartItems.userId, sql.placeholder('userId')),
        sql`${cartItems.id} = ANY(${sql.placeholder('cartItemIds')}::uuid[])`,
      ),
    ),
);

/**
 * The shopper's cart lines of these ids, each with its product as the catalogue reads a shippable one, in
 * one statement rather than two: every checkout step and every order reads both. A line is deleted with
 * its product, so each has one.
 */
export async function cartItemsWithShippableProducts(
  db: Database,
  userId: string,
  cartItemIds: readonly string[],
  region: PricingRegion,
): Promise<{ line: CartItemRow; shippable: ShippableProduct }[]> {
  if (cartItemIds.length === 0) return [];
  const rows = await cartLinesWithProducts(db, { userId, cartItemIds: uuidArrayText(cartItemIds) });
  return rows.map(({ line, ...product }) => ({ line, shippable: toShippable(product, region) }));
}

/**
 * The statement that takes the ordered lines out of the shopper's cart, for the order's own statement to
 * run with it (orders' recordOrderContents), so the lines leave the cart exactly when the order is written.
 */
export function cartLinesOrdered(userId: string, cartItemIds: readonly string[]): SQL {
  return sql`DELETE FROM ${cartItems} WHERE user_id = ${userId} AND id = ANY(${uuidArray(cartItemIds)})`;
}
