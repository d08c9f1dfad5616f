import {
  type AdminProduct,
  isValidVariantPath,
  planVariantTable,
  type SaveVariantInput,
  type SaveVariantTableInput,
  type SetRegionPricesInput,
  type SetStockInput,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { productRegionPrices, products, productVariants } from '../catalogue/catalogue.table.js';
import { orderLines } from '../orders/orders.table.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { regions } from '../regions/regions.table.js';
import { recordCatalogueChange } from './catalogue-change.js';
import { getAdminProduct } from './product-admin.service.js';
import { lockProduct, setProductStock, touchProduct } from './product-version.js';

// What a product sells (docs/decisions/0043): its variants, their stock (or its own, without variants) and
// its prices in each region. A variant that was ordered is kept, so its orders still name it. Each change
// answers with the product as its edit form shows it.

/** Adds a variant (a combination of options) or changes its price; a new one starts with `stock`. */
export async function saveVariant(
  db: Database,
  actorUserId: string,
  id: string,
  input: SaveVariantInput,
): Promise<AdminProduct> {
  if (!isUuid(id)) throw new AppError('product/not_found', [id]);
  await db.transaction(async (tx) => {
    // The product before its variant, the order in which placing an order locks them (order-stock.ts):
    // the other way round, an order holding the product and waiting for the variant would deadlock.
    const row = await lockProduct(tx, id, input.version);
    const [existing] = await tx
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, id), eq(productVariants.path, input.path)))
      .for('no key update');
    if (!isValidVariantPath(row.variants, input.path)) throw new AppError('product/invalid_variant_path');
    if (existing) {
      await tx
        .update(productVariants)
        .set({ priceMinor: input.priceMinor })
        .where(and(eq(productVariants.productId, id), eq(productVariants.path, input.path)));
    } else {
      await tx.insert(productVariants).values({ productId: id, ...input });
    }
    await touchProduct(tx, id);
    await recordCatalogueChange(tx, {
      actorUserId,
      action: existing ? 'product.variant_update' : 'product.variant_add',
      subject: { type: 'product', id },
      before: existing ? { path: input.path, priceMinor: existing.priceMinor } : null,
      after: existing
        ? { path: input.path, priceMinor: input.priceMinor }
        : { path: input.path, priceMinor: input.priceMinor, stock: input.stock },
    });
  });
  return getAdminProduct(db, id);
}

/**
 * Saves the variants' table at once (docs/features/catalogue-editing.md): every price and every stock the operator
 * changed, or nothing. The product is locked, then its variants in path order, as placing an order
 * locks them (order-stock.ts), so the two wait for each other and never deadlock; prices are checked
 * against the product's version, stock against the count each row started from, so two operators (or an
 * operator and a shopper's order) never silently overwrite each other.
 */
export async function saveVariantTable(
  db: Database,
  actorUserId: string,
  id: string,
  input: SaveVariantTableInput,
): Promise<AdminProduct> {
  if (!isUuid(id)) throw new AppError('product/not_found', [id]);
  await db.transaction(async (tx) => {
    const row = await lockProduct(tx, id, input.version);
    const stored = await tx
      .select({
        path: productVariants.path,
        priceMinor: productVariants.priceMinor,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.path))
      .for('no key update');
    const changes = planVariantTable(row.variants, stored, input.rows);
    if (changes.length === 0) return;
    for (const change of changes) {
      await tx
        .update(productVariants)
        .set({
          ...(change.price && { priceMinor: change.price.to }),
          ...(change.stock && { stock: change.stock.to }),
        })
        .where(and(eq(productVariants.productId, id), eq(productVariants.path, change.path)));
    }
    // A new price is a change to the product its forms were loaded from; stock alone is not (as setStock).
    if (changes.some((change) => change.price)) await touchProduct(tx, id);
    else await tx.update(products).set({ updatedAt: sql`now()` }).where(eq(products.id, id));
    await recordCatalogueChange(tx, {
      actorUserId,
      action: 'product.save_variants',
      subject: { type: 'product', id },
      before: {
        variants: changes.map(({ path, price, stock }) => ({
          path,
          priceMinor: price?.from,
          stock: stock?.from,
        })),
      },
      after: {
        variants: changes.map(({ path, price, stock }) => ({
          path,
          priceMinor: price?.to,
          stock: stock?.to,
        })),
      },
    });
  });
  return getAdminProduct(db, id);
}

/**
 * Removes a variant nobody has ordered, with its region prices. An ordered one is kept, so its orders
 * still name it: product/variant_ordered (its stock can be set to 0 instead).
 */
export async function removeVariant(
  db: Database,
  actorUserId: string,
  id: string,
  input: { version: number; path: string },
): Promise<AdminProduct> {
  if (!isUuid(id)) throw new AppError('product/not_found', [id]);
  await db.transaction(async (tx) => {
    // The product before its variant, as placing an order locks them (order-stock.ts), or the two deadlock.
    await lockProduct(tx, id, input.version);
    const [existing] = await tx
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, id), eq(productVariants.path, input.path)))
      .for('update');
    if (!existing) throw new AppError('product/variant_not_found', [input.path]);
    const [ordered] = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(and(eq(orderLines.productId, id), eq(orderLines.variantPath, input.path)))
      .limit(1);
    if (ordered) throw new AppError('product/variant_ordered');
    await tx
      .delete(productVariants)
      .where(and(eq(productVariants.productId, id), eq(productVariants.path, input.path)));
    await tx
      .delete(productRegionPrices)
      .where(and(eq(productRegionPrices.productId, id), eq(productRegionPrices.variantPath, input.path)));
    await touchProduct(tx, id);
    await recordCatalogueChange(tx, {
      actorUserId,
      action: 'product.variant_remove',
      subject: { type: 'product', id },
      before: { path: input.path, priceMinor: existing.priceMinor, stock: existing.stock },
      after: null,
    });
  });
  return getAdminProduct(db, id);
}

/**
 * Sets the stock of the product ('' path, for a product without variants) or of one variant, as an
 * absolute count under the row's lock. Stock held by unpaid orders has already been taken off it, so any
 * count from 0 up is one the store can keep.
 */
export async function setStock(
  db: Database,
  actorUserId: string,
  id: string,
  input: SetStockInput,
): Promise<AdminProduct> {
  if (!isUuid(id)) throw new AppError('product/not_found', [id]);
  await db.transaction(async (tx) => {
    let before: number;
    if (input.path === '') {
      const row = await lockProduct(tx, id);
      const [variant] = await tx
        .select({ path: productVariants.path })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
        .limit(1);
      // A product with variants counts their stock; it has none of its own to set.
      if (variant) throw new AppError('product/invalid_variant_path');
      before = row.stock;
      await setProductStock(tx, id, input.stock);
    } else {
      // The product before its variant, as placing an order locks them (order-stock.ts): the variant's new
      // stock also rewrites the product's (a trigger sums them), so holding the variant first deadlocked.
      await lockProduct(tx, id);
      const [variant] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(and(eq(productVariants.productId, id), eq(productVariants.path, input.path)))
        .for('no key update');
      if (!variant) throw new AppError('product/variant_not_found', [input.path]);
      before = variant.stock;
      await tx
        .update(productVariants)
        .set({ stock: input.stock })
        .where(and(eq(productVariants.productId, id), eq(productVariants.path, input.path)));
    }
    await recordCatalogueChange(tx, {
      actorUserId,
      action: 'product.set_stock',
      subject: { type: 'product', id },
      before: { path: input.path, stock: before },
      after: { path: input.path, stock: input.stock },
    });
  });
  return getAdminProduct(db, id);
}

/**
 * Replaces the product's region prices: each in its region's currency, for the product ('') or one of its
 * variants. Regions switched off may be priced ahead of being switched on.
 */
export async function setRegionPrices(
  db: Database,
  actorUserId: string,
  id: string,
  input: SetRegionPricesInput,
): Promise<AdminProduct> {
  const keys = input.prices.map((price) => `${price.countryCode} ${price.variantPath}`);
  if (new Set(keys).size !== keys.length) throw new AppError('general/argument_error', ['prices']);
  await db.transaction(async (tx) => {
    await lockProduct(tx, id, input.version);
    const countryCodes = [...new Set(input.prices.map((price) => price.countryCode))];
    const currencies = new Map(
      (countryCodes.length === 0
        ? []
        : await tx
            .select({ countryCode: regions.countryCode, currency: regions.currency })
            .from(regions)
            .where(inArray(regions.countryCode, countryCodes))
      ).map((region) => [region.countryCode, region.currency]),
    );
    const unknownRegion = countryCodes.find((code) => !currencies.has(code));
    if (unknownRegion) throw new AppError('region/not_enabled', [unknownRegion]);
    const variantPaths = new Set(
      (
        await tx
          .select({ path: productVariants.path })
          .from(productVariants)
          .where(eq(productVariants.productId, id))
      ).map((row) => row.path),
    );
    const unknownPath = input.prices.find(
      (price) => price.variantPath !== '' && !variantPaths.has(price.variantPath),
    );
    if (unknownPath) throw new AppError('product/variant_not_found', [unknownPath.variantPath]);

    const existing = await tx
      .select({
        countryCode: productRegionPrices.countryCode,
        variantPath: productRegionPrices.variantPath,
        amountMinor: productRegionPrices.amountMinor,
        currency: productRegionPrices.currency,
      })
      .from(productRegionPrices)
      .where(eq(productRegionPrices.productId, id))
      .orderBy(asc(productRegionPrices.countryCode), asc(productRegionPrices.variantPath));
    const next = input.prices
      .map((price) => ({ ...price, currency: currencies.get(price.countryCode) ?? BASE_CURRENCY }))
      .sort((a, b) => `${a.countryCode} ${a.variantPath}`.localeCompare(`${b.countryCode} ${b.variantPath}`));
    if (JSON.stringify(existing) === JSON.stringify(next)) return;
    await tx.delete(productRegionPrices).where(eq(productRegionPrices.productId, id));
    if (next.length > 0) {
      await tx.insert(productRegionPrices).values(next.map((price) => ({ productId: id, ...price })));
    }
    await touchProduct(tx, id);
    await recordCatalogueChange(tx, {
      actorUserId,
      action: 'product.set_region_prices',
      subject: { type: 'product', id },
      before: { prices: existing },
      after: { prices: next },
    });
  });
  return getAdminProduct(db, id);
}
