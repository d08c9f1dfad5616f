import { createHash } from 'node:crypto';
import { allVariantPaths, type ProductVariant } from '@crossbuy/core/catalogue';
import { type CurrencyCode, convertMoney } from '@crossbuy/core/money';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { DEMO_EXCHANGE_RATES } from '../regions/regions.demo.js';
import { categories, merchants, productRegionPrices, products, productVariants } from './catalogue.table.js';

// A believable catalogue made from a seed: the demo store and the benchmarks' large catalogues both come
// from here, so the benchmark searches the same kind of names and variants a shopper sees.

/** A small, fast, seedable PRNG (mulberry32): the same seed always gives the same store. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    sample: <T>(items: readonly T[], count: number): T[] => {
      const pool = [...items];
      const chosen: T[] = [];
      while (chosen.length < count && pool.length > 0)
        chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
      return chosen;
    },
  };
}

export type Random = ReturnType<typeof createRandom>;

/** A stable uuid from a text, so a product keeps its id (and its pictures' names) across reseeds. */
export function uuidFromSeed(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The id of product `index` of the catalogue made from `seed`. */
export function generatedProductId(seed: number, index: number): string {
  return uuidFromSeed(`crossbuy-product:${seed}:${index}`);
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// -----------------------------------------------------------------------------------------------------------
// The shape of the store

type VariantStyle = 'apparel' | 'shoes' | 'colour' | 'phone-case' | 'bedding' | 'volume' | 'shade' | 'none';

type LeafSpec = {
  id: string;
  name: string;
  nouns: string[];
  adjectives: string[];
  variants: VariantStyle;
  /** Base price range in whole SGD. */
  price: [number, number];
  merchants: string[];
};

type BranchSpec = { id: string; name: string; children: LeafSpec[] };
type RootSpec = { id: string; name: string; children: BranchSpec[] };

export const CATEGORY_TREE: RootSpec[] = [
  {
    id: 'fashion',
    name: 'Fashion',
    children: [
      {
        id: 'womens-clothing',
        name: "Women's Clothing",
        children: [
          leaf(
            'dresses',
            'Dresses',
            ['Midi Dress', 'Wrap Dress', 'Shirt Dress', 'Slip Dress'],
            ['Linen', 'Floral', 'Pleated', 'Satin', 'Tiered', 'Cotton'],
            'apparel',
            [29, 129],
            ['shibuya-street-style', 'brooklyn-basics'],
          ),
          leaf(
            'tops',
            'Tops & Blouses',
            ['Blouse', 'Knit Top', 'Tee', 'Camisole'],
            ['Ruffled', 'Ribbed', 'Oversized', 'Cropped', 'Silk', 'Striped'],
            'apparel',
            [15, 69],
            ['shibuya-street-style'],
          ),
          leaf(
            'skirts',
            'Skirts',
            ['Midi Skirt', 'Pleated Skirt', 'Denim Skirt', 'A-Line Skirt'],
            ['High-Waist', 'Corduroy', 'Tweed', 'Chiffon', 'Wool'],
            'apparel',
            [25, 89],
            ['shibuya-street-style'],
          ),
        ],
      },
      {
        id: 'mens-clothing',
        name: "Men's Clothing",
        children: [
          leaf(
            'shirts',
            'Shirts',
            ['Oxford Shirt', 'Flannel Shirt', 'Linen Shirt', 'Polo Shirt'],
            ['Slim-Fit', 'Brushed', 'Washed', 'Classic', 'Short-Sleeve'],
            'apparel',
            [25, 99],
            ['brooklyn-basics', 'shibuya-street-style'],
          ),
          leaf(
            'jackets',
            'Jackets & Coats',
            ['Bomber Jacket', 'Denim Jacket', 'Parka', 'Trench Coat'],
            ['Quilted', 'Waterproof', 'Padded', 'Lightweight', 'Wool-Blend'],
            'apparel',
            [69, 329],
            ['brooklyn-basics', 'busan-outdoor'],
          ),
          leaf(
            'trousers',
            'Trousers',
            ['Chinos', 'Cargo Trousers', 'Jogger Pants', 'Wide-Leg Trousers'],
            ['Stretch', 'Tapered', 'Relaxed', 'Pleated', 'Cotton Twill'],
            'apparel',
            [35, 119],
            ['brooklyn-basics'],
          ),
        ],
      },
      {
        id: 'shoes',
        name: 'Shoes',
        children: [
          leaf(
            'sneakers',
            'Sneakers',
            ['Sneakers', 'Running Shoes', 'Canvas Low-Tops', 'Trainers'],
            ['Retro', 'Knit', 'Leather', 'Chunky', 'Lightweight', 'Trail'],
            'shoes',
            [59, 259],
            ['lion-city-sports', 'brooklyn-basics'],
          ),
          leaf(
            'boots',
            'Boots',
            ['Chelsea Boots', 'Hiking Boots', 'Combat Boots', 'Ankle Boots'],
            ['Suede', 'Waterproof', 'Lug-Sole', 'Leather', 'Insulated'],
            'shoes',
            [89, 299],
            ['busan-outdoor'],
          ),
        ],
      },
    ],
  },
  {
    id: 'electronics',
    name: 'Electronics',
    children: [
      {
        id: 'audio',
        name: 'Audio',
        children: [
          leaf(
            'headphones',
            'Headphones',
            ['Headphones', 'Earbuds', 'Over-Ear Headphones', 'Earphones'],
            ['Wireless', 'Noise-Cancelling', 'Studio', 'Bluetooth', 'Foldable', 'Open-Back'],
            'colour',
            [29, 499],
            ['tokyo-audio-works', 'shenzhen-gadget-hub'],
          ),
          leaf(
            'speakers',
            'Speakers',
            ['Bluetooth Speaker', 'Bookshelf Speakers', 'Soundbar', 'Smart Speaker'],
            ['Portable', 'Waterproof', 'Compact', 'Hi-Fi', 'Outdoor'],
            'colour',
            [39, 599],
            ['tokyo-audio-works', 'shenzhen-gadget-hub'],
          ),
        ],
      },
      {
        id: 'phone-accessories',
        name: 'Phone Accessories',
        children: [
          leaf(
            'phone-cases',
            'Phone Cases',
            ['Phone Case', 'Wallet Case', 'Bumper Case', 'Clear Case'],
            ['Shockproof', 'Slim', 'Leather', 'MagSafe', 'Glitter'],
            'phone-case',
            [9, 59],
            ['shenzhen-gadget-hub'],
          ),
          leaf(
            'chargers',
            'Chargers & Cables',
            ['Wall Charger', 'Power Bank', 'Charging Cable', 'Wireless Charger'],
            ['Fast', 'GaN', 'Braided', 'Magnetic', 'Travel'],
            'colour',
            [12, 119],
            ['shenzhen-gadget-hub', 'tokyo-audio-works'],
          ),
        ],
      },
      {
        id: 'computing',
        name: 'Computing',
        children: [
          leaf(
            'keyboards',
            'Keyboards',
            ['Mechanical Keyboard', 'Keyboard', 'Keypad', 'Split Keyboard'],
            ['Wireless', 'Low-Profile', 'Hot-Swappable', 'Compact', 'Backlit'],
            'colour',
            [39, 349],
            ['tokyo-audio-works', 'shenzhen-gadget-hub'],
          ),
          leaf(
            'mice',
            'Mice',
            ['Mouse', 'Trackball', 'Gaming Mouse', 'Vertical Mouse'],
            ['Wireless', 'Ergonomic', 'Silent', 'Ultralight', 'Bluetooth'],
            'colour',
            [15, 169],
            ['shenzhen-gadget-hub'],
          ),
        ],
      },
    ],
  },
  {
    id: 'home-living',
    name: 'Home & Living',
    children: [
      {
        id: 'kitchen',
        name: 'Kitchen',
        children: [
          leaf(
            'cookware',
            'Cookware',
            ['Frying Pan', 'Saucepan', 'Dutch Oven', 'Wok'],
            ['Cast-Iron', 'Non-Stick', 'Stainless Steel', 'Enamelled', 'Carbon Steel'],
            'none',
            [29, 289],
            ['hangzhou-home', 'kl-living'],
          ),
          leaf(
            'tableware',
            'Tableware',
            ['Dinner Plate Set', 'Rice Bowl Set', 'Tea Cup Set', 'Serving Platter'],
            ['Stoneware', 'Porcelain', 'Hand-Glazed', 'Minimalist', 'Speckled'],
            'none',
            [19, 149],
            ['hangzhou-home'],
          ),
        ],
      },
      {
        id: 'bedding',
        name: 'Bedding',
        children: [
          leaf(
            'bed-sheets',
            'Bed Sheets',
            ['Fitted Sheet Set', 'Duvet Cover', 'Sheet Set', 'Pillowcase Pair'],
            ['Bamboo', 'Linen', 'Cotton Sateen', 'Percale', 'Washed Cotton'],
            'bedding',
            [35, 219],
            ['kl-living', 'hangzhou-home'],
          ),
          leaf(
            'pillows',
            'Pillows',
            ['Pillow', 'Body Pillow', 'Neck Pillow', 'Cushion'],
            ['Memory Foam', 'Down-Alternative', 'Cooling', 'Latex', 'Buckwheat'],
            'bedding',
            [19, 129],
            ['kl-living'],
          ),
        ],
      },
    ],
  },
  {
    id: 'beauty',
    name: 'Beauty',
    children: [
      {
        id: 'skincare',
        name: 'Skincare',
        children: [
          leaf(
            'serums',
            'Serums',
            ['Serum', 'Essence', 'Ampoule', 'Face Oil'],
            ['Vitamin C', 'Hyaluronic', 'Niacinamide', 'Retinol', 'Snail Mucin'],
            'volume',
            [15, 89],
            ['seoul-glow'],
          ),
          leaf(
            'face-masks',
            'Face Masks',
            ['Sheet Mask Pack', 'Clay Mask', 'Sleeping Mask', 'Peel-Off Mask'],
            ['Hydrating', 'Brightening', 'Soothing', 'Pore-Care', 'Green Tea'],
            'none',
            [9, 49],
            ['seoul-glow'],
          ),
        ],
      },
      {
        id: 'makeup',
        name: 'Makeup',
        children: [
          leaf(
            'lipsticks',
            'Lipsticks',
            ['Lipstick', 'Lip Tint', 'Lip Gloss', 'Lip Balm'],
            ['Matte', 'Velvet', 'Glossy', 'Long-Wear', 'Tinted'],
            'shade',
            [12, 59],
            ['seoul-glow'],
          ),
        ],
      },
    ],
  },
  {
    id: 'toys-hobbies',
    name: 'Toys & Hobbies',
    children: [
      {
        id: 'toys',
        name: 'Toys',
        children: [
          leaf(
            'building-blocks',
            'Building Blocks',
            ['Building Set', 'Brick Kit', 'Construction Set', 'Block Tower'],
            ['Creative', 'Space', 'City', 'Castle', 'Robot'],
            'none',
            [19, 249],
            ['osaka-toy-box'],
          ),
          leaf(
            'plush-toys',
            'Plush Toys',
            ['Plush Bear', 'Plush Cat', 'Plush Shiba', 'Plush Penguin'],
            ['Giant', 'Mini', 'Squishy', 'Classic', 'Weighted'],
            'colour',
            [12, 79],
            ['osaka-toy-box'],
          ),
        ],
      },
      {
        id: 'hobbies',
        name: 'Hobbies',
        children: [
          leaf(
            'model-kits',
            'Model Kits',
            ['Model Kit', 'Gundam Kit', 'Ship Model', 'Train Model'],
            ['Master-Grade', 'Snap-Fit', '1/144 Scale', 'Die-Cast', 'Wooden'],
            'none',
            [25, 299],
            ['osaka-toy-box'],
          ),
        ],
      },
    ],
  },
  {
    id: 'sports-outdoors',
    name: 'Sports & Outdoors',
    children: [
      {
        id: 'outdoor',
        name: 'Outdoor',
        children: [
          leaf(
            'tents',
            'Tents',
            ['Tent', 'Dome Tent', 'Backpacking Tent', 'Beach Shelter'],
            ['2-Person', '4-Person', 'Ultralight', 'Pop-Up', 'Four-Season'],
            'colour',
            [59, 499],
            ['busan-outdoor', 'lion-city-sports'],
          ),
          leaf(
            'backpacks',
            'Backpacks',
            ['Backpack', 'Daypack', 'Hiking Pack', 'Rolltop Bag'],
            ['Waterproof', 'Anti-Theft', '30L', 'Lightweight', 'Laptop'],
            'colour',
            [29, 229],
            ['busan-outdoor', 'lion-city-sports'],
          ),
        ],
      },
      {
        id: 'fitness',
        name: 'Fitness',
        children: [
          leaf(
            'yoga-mats',
            'Yoga Mats',
            ['Yoga Mat', 'Exercise Mat', 'Travel Mat', 'Yoga Block Set'],
            ['Non-Slip', 'Cork', 'Extra-Thick', 'Natural Rubber', 'Foldable'],
            'colour',
            [19, 129],
            ['lion-city-sports', 'brooklyn-basics'],
          ),
          leaf(
            'dumbbells',
            'Dumbbells',
            ['Dumbbell Pair', 'Adjustable Dumbbell', 'Kettlebell', 'Hex Dumbbell'],
            ['Rubber-Coated', 'Neoprene', 'Cast-Iron', 'Quick-Lock', 'Chrome'],
            'none',
            [25, 399],
            ['lion-city-sports'],
          ),
        ],
      },
    ],
  },
];

function leaf(
  id: string,
  name: string,
  nouns: string[],
  adjectives: string[],
  variants: VariantStyle,
  price: [number, number],
  merchantSlugs: string[],
): LeafSpec {
  return { id, name, nouns, adjectives, variants, price, merchants: merchantSlugs };
}

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
    description: 'Everyday Tokyo fashion, shipped from Shibuya.',
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

export type CategorySeedRow = typeof categories.$inferInsert;

/** The tree as table rows, parents before children, with materialised paths. */
export function categoryRows(): CategorySeedRow[] {
  const rows: CategorySeedRow[] = [];
  CATEGORY_TREE.forEach((root, rootIndex) => {
    rows.push({ id: root.id, name: root.name, parentId: null, path: root.id, position: rootIndex });
    root.children.forEach((branch, branchIndex) => {
      const branchPath = `${root.id}.${branch.id}`;
      rows.push({
        id: branch.id,
        name: branch.name,
        parentId: root.id,
        path: branchPath,
        position: branchIndex,
      });
      branch.children.forEach((leafSpec, leafIndex) => {
        rows.push({
          id: leafSpec.id,
          name: leafSpec.name,
          parentId: branch.id,
          path: `${branchPath}.${leafSpec.id}`,
          position: leafIndex,
        });
      });
    });
  });
  return rows;
}

type LeafPlace = { leaf: LeafSpec; keywords: string };

function leafPlaces(): LeafPlace[] {
  return CATEGORY_TREE.flatMap((root) =>
    root.children.flatMap((branch) =>
      branch.children.map((leafSpec) => ({
        leaf: leafSpec,
        keywords: `${root.name} ${branch.name} ${leafSpec.name}`,
      })),
    ),
  );
}

// -----------------------------------------------------------------------------------------------------------
// Products

const COLOURS = [
  'Black',
  'White',
  'Navy',
  'Beige',
  'Olive',
  'Burgundy',
  'Sky Blue',
  'Charcoal',
  'Blush Pink',
];
const DEVICE_COLOURS = ['Matte Black', 'Pearl White', 'Midnight Blue', 'Sage Green', 'Sand'];
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
const SHADES = ['Rosewood', 'Coral Crush', 'Brick Red', 'Nude Pink', 'Berry', 'Mauve'];
const PHONES = ['iPhone 15', 'iPhone 15 Pro', 'Galaxy S24', 'Pixel 8'];

type PriceStep = (optionIndex: number) => number;

function variantsFor(
  style: VariantStyle,
  random: Random,
): { variants: ProductVariant[]; steps: PriceStep[] } {
  const none: PriceStep = () => 0;
  switch (style) {
    case 'apparel':
      return {
        variants: [
          { name: 'Colour', options: random.sample(COLOURS, random.int(2, 4)) },
          { name: 'Size', options: ['XS', 'S', 'M', 'L', 'XL'].slice(random.int(0, 1)) },
        ],
        steps: [none, (index) => (index >= 3 ? 300 : 0)],
      };
    case 'shoes':
      return {
        variants: [
          { name: 'Colour', options: random.sample(COLOURS, random.int(2, 3)) },
          { name: 'Size', options: ['EU 38', 'EU 39', 'EU 40', 'EU 41', 'EU 42', 'EU 43', 'EU 44'] },
        ],
        steps: [none, none],
      };
    case 'colour':
      return {
        variants: [{ name: 'Colour', options: random.sample(DEVICE_COLOURS, random.int(2, 4)) }],
        steps: [none],
      };
    case 'phone-case':
      return {
        variants: [
          { name: 'Model', options: PHONES },
          { name: 'Colour', options: random.sample(DEVICE_COLOURS, 3) },
        ],
        steps: [(index) => (index % 2 === 1 ? 200 : 0), none],
      };
    case 'bedding':
      return {
        variants: [{ name: 'Size', options: ['Single', 'Queen', 'King'] }],
        steps: [(index) => index * 1500],
      };
    case 'volume':
      return {
        variants: [{ name: 'Size', options: ['30 ml', '50 ml', '100 ml'] }],
        steps: [(index) => index * 900],
      };
    case 'shade':
      return {
        variants: [{ name: 'Shade', options: random.sample(SHADES, random.int(3, 5)) }],
        steps: [none],
      };
    case 'none':
      return { variants: [], steps: [] };
  }
}

export type ProductSeed = {
  product: typeof products.$inferInsert & { id: string; paramName: string };
  variants: (typeof productVariants.$inferInsert)[];
  regionPrices: (typeof productRegionPrices.$inferInsert)[];
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
    const place = places[index % places.length] as LeafPlace;
    const spec = place.leaf;
    const id = generatedProductId(options.seed, index);
    const merchantSlug = random.pick(spec.merchants);
    const merchant = MERCHANTS.find((candidate) => candidate.slug === merchantSlug) as MerchantSpec;
    const merchantId = options.merchantIds.get(merchantSlug);
    if (!merchantId) throw new Error(`Merchant ${merchantSlug} has not been seeded`);

    const adjective = random.pick(spec.adjectives);
    const noun = random.pick(spec.nouns);
    const series = random.chance(0.6) ? `${random.pick(SERIES)} ` : '';
    const secondAdjective = random.chance(0.3)
      ? `${random.pick(spec.adjectives.filter((a) => a !== adjective))} `
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
        description: describe(name, place, merchant, variants, random),
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
    });
  }
  return seeds;
}

const CARE = [
  'Ships from the merchant within three working days.',
  'Checked by our team before it leaves the warehouse.',
  'Comes in the original retail packaging.',
  'A best-seller in its home market this season.',
];

function describe(
  name: string,
  place: LeafPlace,
  merchant: MerchantSpec,
  variants: ProductVariant[],
  random: Random,
): string {
  const choices =
    variants.length > 0
      ? ` Available in ${variants.map((v) => `${v.options.length} ${v.name.toLowerCase()}s`).join(' and ')}.`
      : '';
  return (
    `The ${name} from ${merchant.name}, sourced on ${merchant.sourceMarketPlace}. ` +
    `A thoughtfully made pick from our ${place.leaf.name.toLowerCase()} range.${choices} ${random.pick(CARE)}`
  );
}

// -----------------------------------------------------------------------------------------------------------
// Writing

export async function insertCategories(db: Database): Promise<void> {
  await db.insert(categories).values(categoryRows());
}

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
