import { randomBytes } from 'node:crypto';
import {
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductPage,
  type AdminProductSort,
  type CreateProductInput,
  imageUrl,
  isValidVariantPath,
  optionalImageUrl,
  type ProductVariant,
  type UpdateProductInput,
  variantLabel,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containingPattern } from '../../db/like-pattern.js';
import { isUuid } from '../../lib/ids.js';
import type { AuditFields } from '../audit/audit.service.js';
import {
  categories,
  merchants,
  productRegionPrices,
  products,
  productVariants,
} from '../catalogue/catalogue.table.js';
import { orderLines } from '../orders/orders.table.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { recordCatalogueChange } from './catalogue-change.js';
import { refreshProductSearchFields } from './product-search-fields.js';
import { lockProduct, touchProduct } from './product-version.js';

// The back office's products (docs/decisions/0043): found, read, created and edited; what a product sells
// (variants, stock, region prices) changes in product-variants.service.ts. Every change locks the product's
// row at the version the staff member's form was loaded at (product-version.ts), and is audited and
// announced in its own transaction (catalogue-change.ts). It sits above orders, whose lines it reads to show
// which variants were ordered, and above the storefront's catalogue, which orders read: so it has its own
// folder (docs/decisions/0086-features-depend-one-way.md).

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
      mainImage: optionalImageUrl(row.mainImage),
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
    mainImage: optionalImageUrl(product.mainImage),
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
    await recordCatalogueChange(tx, {
      actorUserId,
      action: 'product.create',
      subject: { type: 'product', id: created.id },
      before: null,
      after: {
        paramName: created.paramName,
        ...input,
      },
    });
    return created.id;
  });
  return getAdminProduct(db, id);
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
    await recordCatalogueChange(tx, {
      actorUserId,
      action: 'product.update',
      subject: { type: 'product', id },
      before,
      after,
    });
  });
  return getAdminProduct(db, id);
}
