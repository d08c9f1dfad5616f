import { createHash } from 'node:crypto';
import { allVariantPaths, categoryPath, type ProductVariant } from '@crossbuy/core/catalogue';
import { type CurrencyCode, convertMoney } from '@crossbuy/core/money';
import type { Database } from '@crossbuy/server/db/client.js';
import {
  categories,
  merchants,
  productRegionPrices,
  products,
  productVariants,
} from '@crossbuy/server/features/catalogue/catalogue.table.js';
import { BASE_CURRENCY } from '@crossbuy/server/features/regions/pricing.js';
import { sql } from 'drizzle-orm';
import type { ArtIconName } from '../art/art-icons.js';
import { DEMO_EXCHANGE_RATES } from '../regions/regions.demo.js';
import { PRODUCT_KINDS, type ProductKind } from './catalogue-kinds.js';

// A believable catalogue made from a seed: the demo store and the benchmarks' large catalogues both come
// from here, so the benchmark searches the same kind of names and variants a shopper sees.

/** A small, fast, seedable PRNG (mulberry32): the same seed always gives the same store. */
function createRandom(seed: number) {
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

type Random = ReturnType<typeof createRandom>;

/** A stable uuid from a text, so a product keeps its id (and its pictures' names) across reseeds. */
function uuidFromSeed(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

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

const CATEGORY_TREE: RootSpec[] = [
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

const MERCHANTS: MerchantSpec[] = [
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

type CategorySeedRow = typeof categories.$inferInsert;

/** The tree as table rows, parents before children, with materialised paths. */
function categoryRows(): CategorySeedRow[] {
  const rows: CategorySeedRow[] = [];
  CATEGORY_TREE.forEach((root, rootIndex) => {
    const rootPath = categoryPath(null, root.id);
    rows.push({ id: root.id, name: root.name, parentId: null, path: rootPath, position: rootIndex });
    root.children.forEach((branch, branchIndex) => {
      const branchPath = categoryPath(rootPath, branch.id);
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
          path: categoryPath(branchPath, leafSpec.id),
          position: leafIndex,
        });
      });
    });
  });
  return rows;
}

type LeafPlace = { leaf: LeafSpec; kind: ProductKind; keywords: string };

function leafPlaces(): LeafPlace[] {
  return CATEGORY_TREE.flatMap((root) =>
    root.children.flatMap((branch) =>
      branch.children.map((leafSpec) => {
        const kind = PRODUCT_KINDS[leafSpec.id];
        if (!kind) throw new Error(`No product kind for category ${leafSpec.id}`);
        return { leaf: leafSpec, kind, keywords: `${root.name} ${branch.name} ${leafSpec.name}` };
      }),
    ),
  );
}

/** The ids of the categories that hold products. */
export function leafCategoryIds(): string[] {
  return leafPlaces().map((place) => place.leaf.id);
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

/** How each colour and shade option is drawn in the product's pictures. */
const OPTION_COLOURS: Record<string, string> = {
  Black: '#1f1f22',
  White: '#f4f3ef',
  Navy: '#24324f',
  Beige: '#d8c7a8',
  Olive: '#6b6b3a',
  Burgundy: '#6e2233',
  'Sky Blue': '#8fbfe0',
  Charcoal: '#3c4043',
  'Blush Pink': '#e9b7bd',
  'Matte Black': '#2a2b2e',
  'Pearl White': '#eeece6',
  'Midnight Blue': '#1f2d4d',
  'Sage Green': '#9cae8e',
  Sand: '#d6c3a0',
  Rosewood: '#9e4f5a',
  'Coral Crush': '#e8705f',
  'Brick Red': '#a8382b',
  'Nude Pink': '#d9a396',
  Berry: '#7d2348',
  Mauve: '#a77b95',
};
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

/** What the product's pictures show: its kind's icon in its colours (one per picture, repeating). */
export type ProductArtSpec = { icon: ArtIconName; colours: string[]; caption: string };

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

/**
 * What a product's pictures show, from its category, name and options alone, so that other demo content
 * (a campaign page featuring the product) can draw it the same way.
 */
export function productArtSpec(product: {
  categoryId: string;
  name: string;
  variants: readonly ProductVariant[];
}): ProductArtSpec {
  const kind = PRODUCT_KINDS[product.categoryId];
  if (!kind) throw new Error(`No product kind for category ${product.categoryId}`);
  const options = product.variants.find((variant) => variant.name === 'Colour' || variant.name === 'Shade');
  const optionColours = (options?.options ?? []).flatMap((option) => OPTION_COLOURS[option] ?? []);
  // Without colour options, the kind's palette, started at a place the name picks.
  const start = product.name.length % kind.palette.length;
  const colours =
    optionColours.length > 0
      ? optionColours.slice(0, 3)
      : [...kind.palette.slice(start), ...kind.palette.slice(0, start)].slice(0, 3);
  const noun = Object.keys(kind.iconByNoun ?? {}).find((candidate) => product.name.endsWith(candidate));
  return { icon: (noun && kind.iconByNoun?.[noun]) || kind.icon, colours, caption: kind.caption };
}

function capitalised(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function listed(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** 'a midi dress', 'an oxford shirt', or 'chinos': the noun as a sentence's subject. */
function withArticle(noun: string): string {
  const lower = noun.toLowerCase();
  if (/[^s]s$/.test(lower)) return lower;
  return `${/^[aeiou]/.test(lower) ? 'an' : 'a'} ${lower}`;
}

/** A sentence on each choice a shopper makes, in the words a shop would use for it. */
function choiceSentences(variants: readonly ProductVariant[], kind: ProductKind): string[] {
  return variants.map(({ name, options }) => {
    const first = options[0] ?? '';
    const last = options.at(-1) ?? '';
    if (name === 'Size' && first.startsWith('EU ')) {
      return `EU sizes ${first.slice(3)} to ${last.slice(3)}; between sizes, take the larger.`;
    }
    if (name === 'Size' && options.includes('Queen')) {
      return kind.caption === 'Pillows'
        ? 'In single, queen and king pillow sizes.'
        : 'Sizes for single (90 × 190 cm), queen (153 × 203 cm) and king (183 × 203 cm) mattresses.';
    }
    if (name === 'Size' && first.endsWith(' ml')) return `In ${listed(options)} bottles.`;
    if (name === 'Size') return `Sizes ${first} to ${last}; it fits true to size.`;
    if (name === 'Model') return `Made for the ${listed(options)}.`;
    return `In ${options.length} ${name === 'Shade' ? 'shades' : 'colours'}: ${listed(options)}.`;
  });
}

type DescribeInput = {
  place: LeafPlace;
  merchant: MerchantSpec;
  noun: string;
  /** The name's adjectives; an empty one is skipped. */
  adjectives: string[];
  variants: ProductVariant[];
};

/**
 * A description in a few sentences: what the thing is for, what its name's words mean for it, two facts
 * about it, the choices it comes in, how to look after it, and who sells it.
 */
function describe({ place, merchant, noun, adjectives, variants }: DescribeInput, random: Random): string {
  const { kind } = place;
  const sentences = [
    capitalised(
      random.pick(kind.uses).replace('{a noun}', withArticle(noun)).replace('{noun}', noun.toLowerCase()),
    ),
    ...adjectives.flatMap((adjective) => (adjective && kind.traits[adjective]) || []),
    ...random.sample(kind.details, 2),
    ...choiceSentences(variants, kind),
    random.pick(kind.care),
    `From ${merchant.name} on ${merchant.sourceMarketPlace}.`,
  ];
  return sentences.join(' ');
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
