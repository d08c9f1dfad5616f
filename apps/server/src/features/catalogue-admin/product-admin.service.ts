import { randomBytes } from 'node:crypto';
import {
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductPage,
  type AdminProductSort,
  type CreateProductInput,
  imageUrl,
  isValidVariantPath,
  type ProductVariant,
  planVariantTable,
  type SaveVariantInput,
  type SaveVariantTableInput,
  type SetRegionPricesInput,
  type SetStockInput,
  type UpdateProductInput,
  variantLabel,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containingPattern } from '../../db/like-pattern.js';
import { isUuid } from '../../lib/ids.js';
import { type AuditAction, type AuditFields, recordAudit } from '../audit/audit.service.js';
import {
  categories,
  merchants,
  type ProductRow,
  productRegionPrices,
  products,
  productVariants,
} from '../catalogue/catalogue.table.js';
import { announceCatalogueChange } from '../catalogue/catalogue-caches.js';
import { orderLines } from '../orders/orders.table.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { regions } from '../regions/regions.table.js';

// The back office's catalogue (docs/decisions/0043). Every change locks the product's row, checks the
// version the staff member's form was loaded at (stock aside), is audited, and is announced on the live bus
// in its own transaction, so every server process forgets its cached copies when it commits. It sits above
// orders, whose lines it reads to refuse removing a variant that was ordered, and above the storefront's
// catalogue, which orders read: so it has its own folder (docs/decisions/0086-features-depend-one-way.md).

function money(amountMinor: number) {
  return { amountMinor, currency: BASE_CURRENCY };
}

/** A category and every category below it, as a condition on the products' category. */
function inCategoryTree(categoryId: string): SQL {
  return sql`${products.categoryId} IN (
    SELECT c.id FROM ${categories} AS c, ${categories} AS chosen
     WHERE chosen.id = ${categoryId} AND (c.path = chosen.path OR c.path LIKE chosen.path || '.%'))`;
}

const SORTS: Record<AdminProductSort, SQL[]> = {
  updated_desc: [desc(products.updatedAt), desc(products.id)],
  name_asc: [asc(products.name), asc(products.id)],
  name_desc: [desc(products.name), desc(products.id)],
  price_asc: [asc(products.priceMinor), asc(products.id)],
  price_desc: [desc(products.priceMinor), desc(products.id)],
  stock_asc: [asc(products.stock), asc(products.id)],
  stock_desc: [desc(products.stock), desc(products.id)],
};

/** Every product, enabled or not, for the staff: found by name, id or paramName, filtered, sorted, paged. */
export async function listAdminProducts(
  db: Database,
  query: AdminProductListQuery,
): Promise<AdminProductPage> {
  const filters: SQL[] = [];
  if (query.q) {
    const byName = ilike(products.name, containingPattern(query.q));
    const lowered = query.q.toLowerCase();
    filters.push(
      (isUuid(query.q)
        ? or(byName, eq(products.id, lowered))
        : or(byName, eq(products.paramName, lowered))) ?? byName,
    );
  }
  if (query.categoryId) filters.push(inCategoryTree(query.categoryId));
  if (query.merchantId) filters.push(eq(products.merchantId, query.merchantId));
  if (query.enabled !== undefined) filters.push(eq(products.disabled, !query.enabled));
  if (query.stock === 'in_stock') filters.push(sql`${products.stock} > 0`);
  if (query.stock === 'sold_out') filters.push(eq(products.stock, 0));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: products.id,
        paramName: products.paramName,
        name: products.name,
        mainImage: products.mainImage,
        disabled: products.disabled,
        priceMinor: products.priceMinor,
        stock: products.stock,
        updatedAt: products.updatedAt,
        categoryId: categories.id,
        categoryName: categories.name,
        merchantId: merchants.id,
        merchantName: merchants.name,
        variantCount: sql<number>`(SELECT count(*)::int FROM ${productVariants} AS v WHERE v.product_id = ${products.id})`,
      })
      .from(products)
      .innerJoin(merchants, eq(merchants.id, products.merchantId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    products: rows.map((row) => ({
      id: row.id,
      paramName: row.paramName,
      name: row.name,
      mainImage: row.mainImage === null ? null : imageUrl(row.mainImage),
      enabled: !row.disabled,
      price: money(row.priceMinor),
      stock: row.stock,
      variantCount: row.variantCount,
      category: { id: row.categoryId, name: row.categoryName },
      merchant: { id: row.merchantId, name: row.merchantName },
      updatedAt: row.updatedAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    total: counted?.total ?? 0,
  };
}

/** One product with everything its edit form shows; product/not_found for an unknown id. */
export async function getAdminProduct(db: Database, id: string): Promise<AdminProduct> {
  if (!isUuid(id)) throw new AppError('product/not_found', [id]);
  const [row] = await db
    .select({ product: products, merchantName: merchants.name })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(eq(products.id, id));
  if (!row) throw new AppError('product/not_found', [id]);
  const [variantRows, prices, ordered] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.path)),
    db
      .select()
      .from(productRegionPrices)
      .where(eq(productRegionPrices.productId, id))
      .orderBy(asc(productRegionPrices.countryCode), asc(productRegionPrices.variantPath)),
    orderedVariantPaths(db, id),
  ]);
  const { product } = row;
  return {
    id: product.id,
    paramName: product.paramName,
    name: product.name,
    description: product.description,
    mainImage: product.mainImage === null ? null : imageUrl(product.mainImage),
    gallery: product.gallery.map(imageUrl),
    enabled: !product.disabled,
    price: money(product.priceMinor),
    stock: product.stock,
    weightGrams: product.weightGrams,
    categoryId: product.categoryId,
    merchant: { id: product.merchantId, name: row.merchantName },
    sourceMarketPlace: product.sourceMarketPlace,
    variants: product.variants,
    variantRows: variantRows.map((variant) => ({
      path: variant.path,
      label: variantLabel(product.variants, variant.path) ?? variant.path,
      price: money(variant.priceMinor),
      stock: variant.stock,
      ordered: ordered.has(variant.path),
    })),
    regionPrices: prices.map((price) => ({
      countryCode: price.countryCode,
      variantPath: price.variantPath,
      price: {
        amountMinor: price.amountMinor,
        currency: price.currency as AdminProduct['price']['currency'],
      },
    })),
    version: product.version,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

async function orderedVariantPaths(db: Database, productId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ path: orderLines.variantPath })
    .from(orderLines)
    .where(eq(orderLines.productId, productId));
  return new Set(rows.map((row) => row.path));
}

/** The product's merchant and category, which must exist; the merchant's marketplace is copied onto it. */
async function merchantAndCategory(tx: Database, merchantId: string, categoryId: string) {
  const [merchant] = await tx
    .select({ sourceMarketPlace: merchants.sourceMarketPlace })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!merchant) throw new AppError('merchant/not_found', [merchantId]);
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!category) throw new AppError('category/not_found', [categoryId]);
  return { sourceMarketPlace: merchant.sourceMarketPlace };
}

export type SearchFieldsScope = { productId: string } | { merchantId: string } | { categoryPath: string };

/**
 * What a product copies from its merchant and category so a search finds it by them: the marketplace, and
 * keywords of the merchant's name and marketplace and the names along the category's path. Rewritten, in
 * the changing transaction, for every product in `scope` whenever one of those changes (a product filed
 * elsewhere, a merchant or category renamed, a branch moved), so a search for the new name finds them at
 * once. Products whose fields already match are left alone.
 */
export async function refreshProductSearchFields(tx: Database, scope: SearchFieldsScope): Promise<void> {
  const which =
    'productId' in scope
      ? sql`p.id = ${scope.productId}`
      : 'merchantId' in scope
        ? sql`p.merchant_id = ${scope.merchantId}`
        : sql`(pc.path = ${scope.categoryPath} OR pc.path LIKE ${`${scope.categoryPath}.%`})`;
  await tx.execute(sql`
    WITH derived AS (
      SELECT p.id, m.source_market_place,
             trim(m.name || ' ' || m.source_market_place || ' ' || coalesce(
               (SELECT string_agg(c.name, ' ' ORDER BY length(c.path)) FROM ${categories} AS c
                 WHERE pc.path = c.path OR pc.path LIKE c.path || '.%'), '')) AS keywords
        FROM ${products} AS p
        JOIN ${merchants} AS m ON m.id = p.merchant_id
        JOIN ${categories} AS pc ON pc.id = p.category_id
       WHERE ${which})
    UPDATE ${products} AS target
       SET keywords = derived.keywords, source_market_place = derived.source_market_place
      FROM derived
     WHERE target.id = derived.id
       AND (target.keywords, target.source_market_place)
           IS DISTINCT FROM (derived.keywords, derived.source_market_place)`);
}

function paramNameFor(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'product'}-${randomBytes(3).toString('hex')}`;
}

async function audit(
  tx: Database,
  actorUserId: string,
  action: AuditAction,
  productId: string,
  before: AuditFields | null,
  after: AuditFields | null,
): Promise<void> {
  await recordAudit(tx, { actorUserId, action, subject: { type: 'product', id: productId }, before, after });
  await announceCatalogueChange(tx, productId);
}

export async function createProduct(
  db: Database,
  actorUserId: string,
  input: CreateProductInput,
): Promise<AdminProduct> {
  const id = await db.transaction(async (tx) => {
    const derived = await merchantAndCategory(tx, input.merchantId, input.categoryId);
    const [created] = await tx
      .insert(products)
      .values({
        paramName: paramNameFor(input.name),
        name: input.name,
        description: input.description,
        priceMinor: input.priceMinor,
        stock: input.stock,
        weightGrams: input.weightGrams,
        disabled: !input.enabled,
        merchantId: input.merchantId,
        categoryId: input.categoryId,
        ...derived,
      })
      .returning({ id: products.id, paramName: products.paramName });
    if (!created) throw new Error('product insert returned nothing');
    await refreshProductSearchFields(tx, { productId: created.id });
    await audit(tx, actorUserId, 'product.create', created.id, null, {
      paramName: created.paramName,
      ...input,
    });
    return created.id;
  });
  return getAdminProduct(db, id);
}

/**
 * The product's row, locked for the caller's transaction (without blocking carts and orders that only
 * reference it), at the version the staff member's form was loaded at.
 */
async function lockProduct(tx: Database, id: string, version?: number): Promise<ProductRow> {
  if (!isUuid(id)) throw new AppError('product/not_found', [id]);
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
  if (!row) throw new AppError('product/not_found', [id]);
  if (version !== undefined && row.version !== version) {
    throw new AppError('product/stale_version', [String(row.version)]);
  }
  return row;
}

/**
 * Marks a change of the product's fields, options, variants or region prices: raises its version, and a
 * product with variants is priced from them (its own price is the lowest of theirs).
 */
export async function touchProduct(
  tx: Database,
  id: string,
  fields: Partial<ProductRow> = {},
): Promise<void> {
  await tx
    .update(products)
    .set({
      ...fields,
      priceMinor: sql`coalesce((SELECT min(v.price_minor) FROM ${productVariants} AS v WHERE v.product_id = ${id}), ${fields.priceMinor ?? products.priceMinor})`,
      version: sql`${products.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, id));
}

const EDITABLE_FIELDS = [
  'name',
  'description',
  'categoryId',
  'merchantId',
  'priceMinor',
  'weightGrams',
  'enabled',
  'variants',
] as const;

/** Every variant path in use must still pick one existing option of each kind. */
async function assertOptionsKeepVariants(tx: Database, id: string, options: ProductVariant[]): Promise<void> {
  const rows = await tx
    .select({ path: productVariants.path })
    .from(productVariants)
    .where(eq(productVariants.productId, id));
  if (!rows.every((row) => isValidVariantPath(options, row.path)))
    throw new AppError('product/invalid_variants');
}

export async function updateProduct(
  db: Database,
  actorUserId: string,
  id: string,
  input: UpdateProductInput,
): Promise<AdminProduct> {
  await db.transaction(async (tx) => {
    const row = await lockProduct(tx, id, input.version);
    const current: Record<(typeof EDITABLE_FIELDS)[number], unknown> = {
      name: row.name,
      description: row.description,
      categoryId: row.categoryId,
      merchantId: row.merchantId,
      priceMinor: row.priceMinor,
      weightGrams: row.weightGrams,
      enabled: !row.disabled,
      variants: row.variants,
    };
    const before: AuditFields = {};
    const after: AuditFields = {};
    for (const field of EDITABLE_FIELDS) {
      const value = input[field];
      if (value === undefined || JSON.stringify(value) === JSON.stringify(current[field])) continue;
      before[field] = current[field];
      after[field] = value;
    }
    if (Object.keys(after).length === 0) return;
    if (input.variants && after.variants) await assertOptionsKeepVariants(tx, id, input.variants);
    const merchantId = input.merchantId ?? row.merchantId;
    const categoryId = input.categoryId ?? row.categoryId;
    const refiled = after.merchantId !== undefined || after.categoryId !== undefined;
    const derived = refiled ? await merchantAndCategory(tx, merchantId, categoryId) : {};
    await touchProduct(tx, id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.weightGrams !== undefined && { weightGrams: input.weightGrams }),
      ...(input.priceMinor !== undefined && { priceMinor: input.priceMinor }),
      ...(input.enabled !== undefined && { disabled: !input.enabled }),
      ...(input.variants !== undefined && { variants: input.variants }),
      merchantId,
      categoryId,
      ...derived,
    });
    if (refiled) await refreshProductSearchFields(tx, { productId: id });
    await audit(tx, actorUserId, 'product.update', id, before, after);
  });
  return getAdminProduct(db, id);
}

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
    await audit(
      tx,
      actorUserId,
      existing ? 'product.variant_update' : 'product.variant_add',
      id,
      existing ? { path: input.path, priceMinor: existing.priceMinor } : null,
      existing
        ? { path: input.path, priceMinor: input.priceMinor }
        : { path: input.path, priceMinor: input.priceMinor, stock: input.stock },
    );
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
    await audit(
      tx,
      actorUserId,
      'product.save_variants',
      id,
      {
        variants: changes.map(({ path, price, stock }) => ({
          path,
          priceMinor: price?.from,
          stock: stock?.from,
        })),
      },
      {
        variants: changes.map(({ path, price, stock }) => ({
          path,
          priceMinor: price?.to,
          stock: stock?.to,
        })),
      },
    );
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
    await audit(
      tx,
      actorUserId,
      'product.variant_remove',
      id,
      { path: input.path, priceMinor: existing.priceMinor, stock: existing.stock },
      null,
    );
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
      await tx.update(products).set({ stock: input.stock, updatedAt: sql`now()` }).where(eq(products.id, id));
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
    await audit(
      tx,
      actorUserId,
      'product.set_stock',
      id,
      { path: input.path, stock: before },
      { path: input.path, stock: input.stock },
    );
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
    await audit(tx, actorUserId, 'product.set_region_prices', id, { prices: existing }, { prices: next });
  });
  return getAdminProduct(db, id);
}
