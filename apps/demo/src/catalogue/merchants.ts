import type { Database } from '@crossbuy/server/db/client.js';
import { merchants } from '@crossbuy/server/features/catalogue/catalogue.table.js';
import { uuidFromSeed } from './seeded-random.js';

// The generated store's merchants: shops on marketplaces abroad, each selling into a few categories.

export type MerchantSpec = {
  slug: string;
  name: string;
  sourceMarketPlace: string;
  countryCode: string;
  description: string;
};

export const MERCHANTS: MerchantSpec[] = [
  {
    slug: 'tokyo-audio-works',
    name: 'Tokyo Audio Works',
    sourceMarketPlace: 'Amazon JP',
    countryCode: 'JP',
    description: 'Headphones, speakers and desk gear from Akihabara.',
  },
  {
    slug: 'shibuya-street-style',
    name: 'Shibuya Street Style',
    sourceMarketPlace: 'Rakuten',
    countryCode: 'JP',
    description: 'Everyday Tokyo fashion from a Shibuya boutique.',
  },
  {
    slug: 'seoul-glow',
    name: 'Seoul Glow Beauty',
    sourceMarketPlace: 'Gmarket',
    countryCode: 'KR',
    description: 'Korean skincare and makeup favourites.',
  },
  {
    slug: 'hangzhou-home',
    name: 'Hangzhou Home Goods',
    sourceMarketPlace: 'Taobao',
    countryCode: 'CN',
    description: 'Kitchenware, tableware and linens from Zhejiang workshops.',
  },
  {
    slug: 'shenzhen-gadget-hub',
    name: 'Shenzhen Gadget Hub',
    sourceMarketPlace: 'Tmall',
    countryCode: 'CN',
    description: 'Chargers, cases and accessories straight from Huaqiangbei.',
  },
  {
    slug: 'kl-living',
    name: 'KL Living Co.',
    sourceMarketPlace: 'Lazada',
    countryCode: 'MY',
    description: 'Bedding and home comforts from Kuala Lumpur.',
  },
  {
    slug: 'lion-city-sports',
    name: 'Lion City Sports',
    sourceMarketPlace: 'Shopee',
    countryCode: 'SG',
    description: 'Running, training and outdoor kit.',
  },
  {
    slug: 'osaka-toy-box',
    name: 'Osaka Toy Box',
    sourceMarketPlace: 'Rakuten',
    countryCode: 'JP',
    description: 'Model kits, plush toys and building sets.',
  },
  {
    slug: 'busan-outdoor',
    name: 'Busan Outdoor Supply',
    sourceMarketPlace: 'Coupang',
    countryCode: 'KR',
    description: 'Tents, packs and boots for the mountains and the coast.',
  },
  {
    slug: 'brooklyn-basics',
    name: 'Brooklyn Basics',
    sourceMarketPlace: 'Amazon US',
    countryCode: 'US',
    description: 'American wardrobe staples and gym gear.',
  },
];

export async function insertMerchants(
  db: Database,
  logo: (spec: MerchantSpec) => Promise<string | null>,
): Promise<Map<string, string>> {
  const rows = await Promise.all(
    MERCHANTS.map(async (spec) => ({
      ...spec,
      id: uuidFromSeed(`crossbuy-merchant:${spec.slug}`),
      logoImage: await logo(spec),
    })),
  );
  await db.insert(merchants).values(rows);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export async function merchantIdsBySlug(db: Database): Promise<Map<string, string>> {
  const rows = await db.select({ id: merchants.id, slug: merchants.slug }).from(merchants);
  return new Map(rows.map((row) => [row.slug, row.id]));
}
