import { randomUUID } from 'node:crypto';
import { allVariantPaths, type ProductVariant } from '@crossbuy/core/catalogue';
import type { CurrencyCode } from '@crossbuy/core/money';
import type { Database } from '../../src/db/client.js';
import {
  categories,
  merchants,
  productRegionPrices,
  products,
  productVariants,
} from '../../src/features/catalogue/catalogue.table.js';
import { exchangeRates, regions } from '../../src/features/regions/regions.table.js';

/**
 * A small store for tests: SG (default), MY and JP on sale, GB switched off; rates from SGD; a short
 * category tree, two merchants. Products are added one by one with `addProduct`.
 */
export async function seedRegions(db: Database): Promise<void> {
  await db.insert(regions).values([
    { countryCode: 'SG', currency: 'SGD', enabled: true, isDefault: true, position: 0 },
    { countryCode: 'MY', currency: 'MYR', enabled: true, position: 1 },
    { countryCode: 'JP', currency: 'JPY', enabled: true, position: 2 },
    { countryCode: 'GB', currency: 'GBP', enabled: false, position: 3 },
  ]);
  await db.insert(exchangeRates).values([
    { baseCurrency: 'SGD', quoteCurrency: 'MYR', rate: '3.4875' },
    { baseCurrency: 'SGD', quoteCurrency: 'JPY', rate: '112.35' },
    { baseCurrency: 'SGD', quoteCurrency: 'GBP', rate: '0.5821' },
  ]);
}

const TREE = [
  { id: 'electronics', name: 'Electronics', parentId: null, path: 'electronics' },
  { id: 'audio', name: 'Audio', parentId: 'electronics', path: 'electronics.audio' },
  { id: 'headphones', name: 'Headphones', parentId: 'audio', path: 'electronics.audio.headphones' },
  { id: 'speakers', name: 'Speakers', parentId: 'audio', path: 'electronics.audio.speakers' },
  // Shares a prefix with 'audio' but is not below it: a descendant filter must not take it.
  { id: 'audiobooks', name: 'Audiobooks', parentId: 'electronics', path: 'electronics.audiobooks' },
  { id: 'computing', name: 'Computing', parentId: 'electronics', path: 'electronics.computing' },
  { id: 'keyboards', name: 'Keyboards', parentId: 'computing', path: 'electronics.computing.keyboards' },
  { id: 'fashion', name: 'Fashion', parentId: null, path: 'fashion' },
  { id: 'shoes', name: 'Shoes', parentId: 'fashion', path: 'fashion.shoes' },
  { id: 'sneakers', name: 'Sneakers', parentId: 'shoes', path: 'fashion.shoes.sneakers' },
];

export type CatalogueFixture = {
  db: Database;
  merchants: { audio: { id: string; name: string }; basics: { id: string; name: string } };
};

export async function seedCatalogue(db: Database): Promise<CatalogueFixture> {
  await seedRegions(db);
  await db.insert(categories).values(TREE.map((row, position) => ({ ...row, position })));
  const [audio, basics] = await db
    .insert(merchants)
    .values([
      { slug: 'tokyo-audio', name: 'Tokyo Audio Works', sourceMarketPlace: 'Amazon JP', countryCode: 'JP' },
      { slug: 'brooklyn-basics', name: 'Brooklyn Basics', sourceMarketPlace: 'Amazon US', countryCode: 'US' },
    ])
    .returning({ id: merchants.id, name: merchants.name });
  if (!audio || !basics) throw new Error('merchant insert returned nothing');
  return { db, merchants: { audio, basics } };
}

export type ProductInput = {
  name: string;
  categoryId: string;
  merchant: { id: string; name: string };
  priceMinor: number;
  stock?: number;
  description?: string;
  disabled?: boolean;
  /** Minutes before now; products default to being created in the order they are added. */
  ageMinutes?: number;
  variants?: ProductVariant[];
  /** Per variant path; every path of `variants` gets the product price and 5 units unless given here. */
  variantPaths?: Record<string, { priceMinor?: number; stock?: number }>;
  regionPrices?: { countryCode: string; variantPath?: string; amountMinor: number; currency: CurrencyCode }[];
  mainImage?: string | null;
};

let productCounter = 0;

export async function addProduct(
  fixture: CatalogueFixture,
  input: ProductInput,
): Promise<{ id: string; paramName: string }> {
  productCounter += 1;
  const id = randomUUID();
  const paramName = `${input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${productCounter}`;
  const createdAt = new Date(Date.now() - (input.ageMinutes ?? 10_000 - productCounter) * 60_000);
  const { db } = fixture;
  await db.insert(products).values({
    id,
    paramName,
    name: input.name,
    description: input.description ?? `About the ${input.name}.`,
    mainImage: input.mainImage === undefined ? `products/${id}.svg` : input.mainImage,
    priceMinor: input.priceMinor,
    variants: input.variants ?? [],
    stock: input.stock ?? 0,
    disabled: input.disabled ?? false,
    sourceMarketPlace: 'Amazon JP',
    merchantId: input.merchant.id,
    categoryId: input.categoryId,
    keywords: `${input.merchant.name} ${TREE.find((row) => row.id === input.categoryId)?.name ?? ''}`,
    createdAt,
  });
  if (input.variants && input.variants.length > 0) {
    await db.insert(productVariants).values(
      allVariantPaths(input.variants).map((path) => ({
        productId: id,
        path,
        priceMinor: input.variantPaths?.[path]?.priceMinor ?? input.priceMinor,
        stock: input.variantPaths?.[path]?.stock ?? 5,
      })),
    );
  }
  if (input.regionPrices && input.regionPrices.length > 0) {
    await db
      .insert(productRegionPrices)
      .values(input.regionPrices.map((price) => ({ productId: id, variantPath: '', ...price })));
  }
  return { id, paramName };
}
