import {
  imageUrl,
  optionalImageUrl,
  type Product,
  type ProductSummary,
  type ProductVariant,
} from '@crossbuy/core/catalogue';
import { isCurrencyCode, type Money } from '@crossbuy/core/money';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { BASE_CURRENCY, type PricingRegion, priceForRegion } from '../regions/pricing.js';
import { merchants, products } from './catalogue.table.js';

// A product is read with what its prices need, its variants and every region's explicit prices, in one
// statement, and priced for the shopper's region only when it is answered, so one row serves every region
// (docs/decisions/0009-product-page-cache.md).

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

type VariantTuple = [path: string, priceMinor: number, stock: number];
type RegionPriceTuple = [countryCode: string, variantPath: string, amountMinor: number, currency: string];

export const productFields = {
  id: products.id,
  paramName: products.paramName,
  name: products.name,
  description: products.description,
  mainImage: products.mainImage,
  gallery: products.gallery,
  priceMinor: products.priceMinor,
  variants: products.variants,
  stock: products.stock,
  disabled: products.disabled,
  sourceMarketPlace: products.sourceMarketPlace,
  categoryId: products.categoryId,
  createdAt: products.createdAt,
  merchantId: merchants.id,
  merchantName: merchants.name,
  variantRows: sql<VariantTuple[]>`(
    SELECT coalesce(json_agg(json_build_array(v.path, v.price_minor, v.stock) ORDER BY v.path), '[]')
      FROM product_variants AS v WHERE v.product_id = "products"."id")`,
  regionPrices: sql<RegionPriceTuple[]>`(
    SELECT coalesce(json_agg(json_build_array(rp.country_code, rp.variant_path, rp.amount_minor, rp.currency)), '[]')
      FROM product_region_prices AS rp WHERE rp.product_id = "products"."id")`,
};

export function selectProducts(db: Database) {
  return db.select(productFields).from(products).innerJoin(merchants, eq(merchants.id, products.merchantId));
}

export type LoadedProduct = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

// Named prepared statements: the product page is the hottest call, and PostgreSQL then plans it once per
// connection instead of on every request.
export function prepareProductLookups(db: Database) {
  return {
    byId: selectProducts(db)
      .where(eq(products.id, sql.placeholder('key')))
      .prepare('catalogue_product_by_id'),
    byParamName: selectProducts(db)
      .where(eq(products.paramName, sql.placeholder('key')))
      .prepare('catalogue_product_by_param_name'),
  };
}

function baseMoney(amountMinor: number): Money {
  return { amountMinor, currency: BASE_CURRENCY };
}

function byAmount(a: Money, b: Money): number {
  return a.amountMinor - b.amountMinor;
}

export function toProduct(row: LoadedProduct, region: PricingRegion): Product {
  const explicit = new Map<string, Money>();
  for (const [countryCode, path, amountMinor, currency] of row.regionPrices) {
    if (countryCode === region.countryCode && isCurrencyCode(currency))
      explicit.set(path, { amountMinor, currency });
  }
  const variantPaths: Product['variantPaths'] = {};
  for (const [path, priceMinor, stock] of row.variantRows) {
    variantPaths[path] = { price: priceForRegion(baseMoney(priceMinor), explicit.get(path), region), stock };
  }
  const price = priceForRegion(baseMoney(row.priceMinor), explicit.get(''), region);
  const prices = Object.values(variantPaths)
    .map((entry) => entry.price)
    .sort(byAmount);
  return {
    uuid: row.id,
    paramName: row.paramName,
    name: row.name,
    description: row.description,
    mainImage: optionalImageUrl(row.mainImage),
    gallery: row.gallery.map(imageUrl),
    price,
    priceCurrency: region.currency,
    priceRange: { min: prices[0] ?? price, max: prices[prices.length - 1] ?? price },
    variants: row.variants as ProductVariant[],
    variantPaths,
    stock: row.stock,
    disabled: row.disabled,
    sourceMarketPlace: row.sourceMarketPlace,
    merchant: { id: row.merchantId, name: row.merchantName },
    categoryId: row.categoryId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSummary(product: Product): ProductSummary {
  const {
    description: _description,
    gallery: _gallery,
    variants: _variants,
    variantPaths: _paths,
    ...summary
  } = product;
  return summary;
}

/** How a product is looked up: a uuid in lower case, a well-formed paramName as it is, else nothing. */
export function productKey(idOrParamName: string): string | undefined {
  if (isUuid(idOrParamName)) return idOrParamName.toLowerCase();
  return SLUG.test(idOrParamName) ? idOrParamName : undefined;
}
