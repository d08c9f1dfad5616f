import { allVariantPaths } from '@crossbuy/core/catalogue';
import { type CurrencyCode, convertMoney } from '@crossbuy/core/money';
import type { Database } from '@crossbuy/server/db/client.js';
import {
  productRegionPrices,
  products,
  productVariants,
} from '@crossbuy/server/features/catalogue/catalogue.table.js';
import { BASE_CURRENCY } from '@crossbuy/server/features/regions/pricing.js';
import { sql } from 'drizzle-orm';
import { DEMO_EXCHANGE_RATES } from '../regions/regions.demo.js';
import { type LeafPlace, leafPlaces } from './category-tree.js';
import { MERCHANTS, type MerchantSpec } from './merchants.js';
import { type ProductArtSpec, productArtSpec } from './product-art.js';
import { describe } from './product-description.js';
import { variantsFor } from './product-variants.js';
import { createRandom, type Random, uuidFromSeed } from './seeded-random.js';

// A believable catalogue made from a seed: the demo store and the benchmarks' large catalogues both come
// from here, so the benchmark searches the same kind of names and variants a shopper sees.

// The categories are in category-tree.ts, the merchants in merchants.ts; this file makes the products.

/** The id of product `index` of the catalogue made from `seed`. */
export function generatedProductId(seed: number, index: number): string {
  return uuidFromSeed(`crossbuy-product:${seed}:${index}`);
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const SERIES = [
  'Aero',
  'Nova',
  'Kumo',
  'Sora',
  'Hana',
  'Mori',
  'Luna',
  'Terra',
  'Yuki',
  'Haru',
  'Arc',
  'Pulse',
];

export type ProductSeed = {
  product: typeof products.$inferInsert & { id: string; paramName: string };
  variants: (typeof productVariants.$inferInsert)[];
  regionPrices: (typeof productRegionPrices.$inferInsert)[];
  art: ProductArtSpec;
};

/** Prices end in .90, the way shop prices do. */
function shopPrice(random: Random, [low, high]: [number, number]): number {
  return random.int(low, high) * 100 - 10;
}

// Merchants set their own prices for some regions: a little above the converted price, ending the way
// shop prices in that currency end (RM 45.90, ¥4,980).
const REGION_PRICING: {
  countryCode: string;
  currency: CurrencyCode;
  share: number;
  step: number;
  ending: number;
}[] = [
  { countryCode: 'MY', currency: 'MYR', share: 0.3, step: 100, ending: 10 },
  { countryCode: 'JP', currency: 'JPY', share: 0.1, step: 100, ending: 20 },
];

function explicitPrice(baseMinor: number, pricing: (typeof REGION_PRICING)[number]): number {
  const rate = DEMO_EXCHANGE_RATES[pricing.currency];
  if (!rate) throw new Error(`No demo exchange rate for ${pricing.currency}`);
  const converted = convertMoney({ amountMinor: baseMinor, currency: BASE_CURRENCY }, pricing.currency, rate);
  return Math.ceil((converted.amountMinor * 1.04) / pricing.step) * pricing.step - pricing.ending;
}

export type GenerateOptions = {
  /** Index of the first product; a product's id, name and data depend only on the seed and its index. */
  firstIndex: number;
  count: number;
  seed: number;
  merchantIds: ReadonlyMap<string, string>;
  now: Date;
  /** The main picture and gallery of product `index`, or none. */
  images: (id: string, index: number) => { mainImage: string | null; gallery: string[] };
  /** Which regions may hold explicit prices (those that exist in the store). */
  pricedRegions: ReadonlySet<string>;
};

/** Product `index` of the catalogue made from `seed`. */
export function generateProducts(options: GenerateOptions): ProductSeed[] {
  const places = leafPlaces();
  const seeds: ProductSeed[] = [];
  for (let index = options.firstIndex; index < options.firstIndex + options.count; index += 1) {
    const random = createRandom(options.seed * 1_000_003 + index);
    // The description's words come from a stream of their own, so the store's prices, stock and
    // variants do not change when the copy does.
    const wording = createRandom((options.seed * 1_000_003 + index) ^ 0x5bd1e995);
    const place = places[index % places.length] as LeafPlace;
    const spec = place.leaf;
    const id = generatedProductId(options.seed, index);
    const merchantSlug = random.pick(spec.merchants);
    const merchant = MERCHANTS.find((candidate) => candidate.slug === merchantSlug) as MerchantSpec;
    const merchantId = options.merchantIds.get(merchantSlug);
    if (!merchantId) throw new Error(`Merchant ${merchantSlug} has not been seeded`);

    // A name's adjectives are its kind's traits, so each has a sentence in the description.
    const adjectives = Object.keys(spec.kind.traits);
    const adjective = random.pick(adjectives);
    const noun = random.pick(spec.nouns);
    const series = random.chance(0.6) ? `${random.pick(SERIES)} ` : '';
    const secondAdjective = random.chance(0.3)
      ? `${random.pick(adjectives.filter((a) => a !== adjective))} `
      : '';
    const name = `${series}${secondAdjective}${adjective} ${noun}`;
    const paramName = `${slugify(name)}-${id.slice(0, 8)}`;

    const withVariants = spec.variants !== 'none' && random.chance(0.85);
    const { variants, steps } = withVariants
      ? variantsFor(spec.variants, random)
      : { variants: [], steps: [] };
    const basePrice = shopPrice(random, spec.price);
    const soldOut = random.chance(0.07);
    const disabled = random.chance(0.04);
    const stockOf = () => (soldOut || random.chance(0.12) ? 0 : random.int(1, 40));

    const variantRows = withVariants
      ? allVariantPaths(variants).map((path) => {
          const extra = path
            .split('/')
            .reduce((sum, segment, position) => sum + (steps[position]?.(Number(segment)) ?? 0), 0);
          return { productId: id, path, priceMinor: basePrice + extra, stock: stockOf() };
        })
      : [];

    const regionPrices: ProductSeed['regionPrices'] = [];
    for (const pricing of REGION_PRICING) {
      if (!options.pricedRegions.has(pricing.countryCode) || !random.chance(pricing.share)) continue;
      regionPrices.push({
        productId: id,
        countryCode: pricing.countryCode,
        variantPath: '',
        amountMinor: explicitPrice(basePrice, pricing),
        currency: pricing.currency,
      });
      for (const variant of variantRows) {
        regionPrices.push({
          productId: id,
          countryCode: pricing.countryCode,
          variantPath: variant.path,
          amountMinor: explicitPrice(variant.priceMinor, pricing),
          currency: pricing.currency,
        });
      }
    }

    const createdAt = new Date(options.now.getTime() - random.int(0, 180 * 24 * 60) * 60_000);
    const { mainImage, gallery } = options.images(id, index);
    seeds.push({
      product: {
        id,
        paramName,
        name,
        description: describe(
          { place, merchant, noun, adjectives: [secondAdjective.trim(), adjective], variants },
          wording,
        ),
        mainImage,
        gallery,
        priceMinor: basePrice,
        priceCurrency: BASE_CURRENCY,
        variants,
        stock: withVariants ? 0 : stockOf(),
        disabled,
        sourceMarketPlace: merchant.sourceMarketPlace,
        merchantId,
        categoryId: spec.id,
        keywords: `${merchant.name} ${merchant.sourceMarketPlace} ${place.keywords}`,
        createdAt,
        updatedAt: createdAt,
      },
      variants: variantRows,
      regionPrices,
      art: productArtSpec({ categoryId: spec.id, name, variants }),
    });
  }
  return seeds;
}

// -----------------------------------------------------------------------------------------------------------
// Writing

// PostgreSQL takes at most 65,535 parameters per statement; these sizes stay well under for each table.
const PRODUCT_BATCH = 2000;
const CHILD_BATCH = 8000;

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/** Writes products with their variants and region prices, many rows per statement. */
export async function insertProducts(db: Database, seeds: readonly ProductSeed[]): Promise<void> {
  await insertInBatches(
    seeds.map((seed) => seed.product),
    PRODUCT_BATCH,
    (batch) => db.insert(products).values(batch),
  );
  await insertInBatches(
    seeds.flatMap((seed) => seed.variants),
    CHILD_BATCH,
    (batch) => db.insert(productVariants).values(batch),
  );
  await insertInBatches(
    seeds.flatMap((seed) => seed.regionPrices),
    CHILD_BATCH,
    (batch) => db.insert(productRegionPrices).values(batch),
  );
}

export async function productCount(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  return row?.count ?? 0;
}
