import { getCountryAddressData } from '@crossbuy/core/address';
import type { Database } from '@crossbuy/server/db/client.js';
import { categories, merchants, products } from '@crossbuy/server/features/catalogue/catalogue.table.js';
import {
  banners,
  homeProductGroupItems,
  homeProductGroups,
  imagePages,
  popups,
} from '@crossbuy/server/features/content/content.table.js';
import { shippingLocations } from '@crossbuy/server/features/settings/shipping.table.js';
import { and, desc, eq, gt, inArray, not, sql } from 'drizzle-orm';
import { type ArtIconName, loadArtIcons } from '../art/art-icons.js';
import { type RasterWidths, saveArt, saveArtAsWebp } from '../art/save-art.js';
import { type BannerPicture, bannerArt } from '../art/svg-art.js';
import { productArtSpec } from '../catalogue/product-art.js';
import type { DemoSeeder } from '../demo-data.js';

const SHIPPING: [countryCode: string, enabled: boolean][] = [
  ['SG', true],
  ['MY', true],
  ['JP', true],
  ['KR', true],
  ['US', true],
  ['HK', true],
  ['AU', false],
  ['GB', false],
];

/** Newest products on sale and in stock, optionally within one top-level category. */
async function pickProducts(db: Database, count: number, rootCategoryId?: string): Promise<string[]> {
  const inRoot = rootCategoryId
    ? inArray(
        products.categoryId,
        db
          .select({ id: categories.id })
          .from(categories)
          .where(sql`${categories.path} LIKE ${`${rootCategoryId}.%`}`),
      )
    : undefined;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(not(products.disabled), gt(products.stock, 0), inRoot))
    .orderBy(desc(products.createdAt), products.id)
    .limit(count);
  return rows.map((row) => row.id);
}

/** The newest product on sale and in stock from one merchant, with what its picture needs. */
async function featuredProduct(db: Database, merchantId: string) {
  const [row] = await db
    .select({
      paramName: products.paramName,
      name: products.name,
      categoryId: products.categoryId,
      variants: products.variants,
    })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), not(products.disabled), gt(products.stock, 0)))
    .orderBy(desc(products.createdAt), products.id)
    .limit(1);
  if (!row) throw new Error(`Merchant ${merchantId} has no product to feature`);
  return row;
}

type MerchantRow = { id: string; name: string; description: string };

async function merchantBySlug(db: Database, slug: string): Promise<MerchantRow> {
  const [row] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      description: merchants.description,
    })
    .from(merchants)
    .where(eq(merchants.slug, slug));
  if (!row) throw new Error(`Merchant ${slug} has not been seeded`);
  return row;
}

// Colours of the campaigns' pictures.
const SUN_RED = '#c8423b';
const INDIGO = '#2e4a7d';
const SAKURA = '#e8a9b8';
const MOSS = '#55704a';
const SAND = '#d9b98c';

type IconPicture = Omit<BannerPicture, 'icons'> & { icons: ArtIconName[] };

/**
 * Banners open the home page, so they are stored as WebP like the products' main pictures (decision 0054):
 * at twice the 400 px a banner is drawn at, with the thumbnail at its drawn size.
 */
export const BANNER_WIDTHS: RasterWidths = { picture: 800, thumbnail: 300 };

export const contentDemoSeeder: DemoSeeder = {
  name: 'content',
  async seed(db, { pictures }) {
    const icons = await loadArtIcons();
    const drawing = ({ icons: names, ...rest }: IconPicture) =>
      bannerArt({ ...rest, icons: names.map((name) => icons[name]) });
    const picture = (key: string, drawn: IconPicture) => saveArt(pictures, key, drawing(drawn));
    const banner = (key: string, drawn: IconPicture) =>
      saveArtAsWebp(pictures, key, drawing(drawn), BANNER_WIDTHS);

    // Banners show their title and subtitle beside the picture, so their pictures carry no words.
    await db.insert(banners).values([
      {
        title: 'Japan Week',
        subtitle: 'Audio, toys and street style from merchants in Tokyo and Osaka',
        image: await banner('banners/japan-week.webp', {
          icons: ['Headphones', 'Sun', 'Bot', 'Shirt'],
          colours: [INDIGO, SUN_RED, SAND, SAKURA],
        }),
        link: '/image_page/japan-week',
        position: 0,
      },
      {
        title: 'K-Beauty Favourites',
        subtitle: 'Serums, sheet masks and lip colour from Seoul, priced for your region',
        image: await banner('banners/k-beauty.webp', {
          icons: ['DropperBottle', 'SheetMask', 'Lipstick'],
          colours: [SAKURA, '#f3e2c8', '#b03a48'],
        }),
        link: '/categories/beauty',
        position: 1,
      },
      {
        title: 'Into the Outdoors',
        subtitle: 'Tents, packs and boots for the long weekend',
        image: await banner('banners/outdoors.webp', {
          icons: ['Tent', 'MountainSnow', 'Backpack', 'Boot'],
          colours: [MOSS, '#3c5a78', SAND, '#7a5034'],
        }),
        link: '/categories/sports-outdoors',
        position: 2,
      },
    ]);

    await db.insert(popups).values({
      title: 'Japan Week',
      body: 'Headphones from Akihabara, model kits from Osaka and Shibuya street style, all priced in your currency.',
      image: await picture('banners/japan-week-popup.svg', {
        icons: ['Headphones', 'Sun', 'Bot'],
        colours: [INDIGO, SUN_RED, SAND],
      }),
      link: '/image_page/japan-week',
    });

    // Japan Week: each Japanese merchant, then one of its products, every picture leading to the page it
    // shows.
    const japanWeek: { slug: string; icons: ArtIconName[]; colours: string[] }[] = [
      {
        slug: 'tokyo-audio-works',
        icons: ['Headphones', 'Speaker', 'Keyboard'],
        colours: [INDIGO, SAND, SUN_RED],
      },
      { slug: 'osaka-toy-box', icons: ['Bot', 'Panda', 'ToyBrick'], colours: [SUN_RED, '#f4f1ea', SAND] },
      { slug: 'shibuya-street-style', icons: ['Dress', 'Shirt', 'Skirt'], colours: [SAKURA, INDIGO, MOSS] },
    ];
    const japanWeekImages = [];
    const featuredMerchants: MerchantRow[] = [];
    for (const { slug, icons: merchantIcons, colours } of japanWeek) {
      const merchant = await merchantBySlug(db, slug);
      featuredMerchants.push(merchant);
      japanWeekImages.push({
        image: await picture(`pages/japan-week-${slug}.svg`, {
          icons: merchantIcons,
          colours,
          title: merchant.name,
          subtitle: merchant.description,
        }),
        link: `/merchant/${merchant.id}`,
        alt: `${merchant.name}: ${merchant.description} See the shop.`,
      });
    }
    for (const merchant of featuredMerchants) {
      const product = await featuredProduct(db, merchant.id);
      const art = productArtSpec(product);
      japanWeekImages.push({
        image: await picture(`pages/japan-week-${product.paramName}.svg`, {
          icons: [art.icon],
          colours: art.colours,
          title: product.name,
          subtitle: `New from ${merchant.name}`,
        }),
        link: `/product/${product.paramName}`,
        alt: `${product.name}, new from ${merchant.name}.`,
      });
    }

    await db.insert(imagePages).values([
      { id: 'japan-week', title: 'Japan Week', images: japanWeekImages },
      {
        id: 'how-it-works',
        title: 'How Crossbuy works',
        images: [
          {
            image: await picture('pages/how-browse.svg', {
              icons: ['Search', 'SportShoe', 'Headphones'],
              colours: [INDIGO, SAND, SAKURA],
              title: 'Browse the catalogue',
              subtitle: 'Products from merchants across Asia and beyond',
            }),
            link: '/search',
            alt: 'Browse the catalogue: products from merchants across Asia and beyond.',
          },
          {
            image: await picture('pages/how-merchants.svg', {
              icons: ['Store', 'Store'],
              colours: [MOSS, SUN_RED],
              title: 'Meet the merchants',
              subtitle: 'Ten shops, from Tokyo to Seoul to New York',
            }),
            link: '/merchants',
            alt: 'Meet the merchants: ten shops, from Tokyo to Seoul to New York.',
          },
          {
            image: await picture('pages/how-wishlist.svg', {
              icons: ['Heart', 'Sparkles'],
              colours: [SAKURA, SAND],
              title: 'Keep a wishlist',
              subtitle: 'Save what you like and find it again later',
            }),
            link: '/wishlist',
            alt: 'Keep a wishlist: save what you like and find it again later.',
          },
        ],
      },
    ]);

    const groups = [
      { title: 'New arrivals', categoryId: null, productIds: await pickProducts(db, 12) },
      {
        title: 'Trending in Electronics',
        categoryId: 'electronics',
        productIds: await pickProducts(db, 12, 'electronics'),
      },
      {
        title: 'Beauty picks from Seoul',
        categoryId: 'beauty',
        productIds: await pickProducts(db, 12, 'beauty'),
      },
      {
        title: 'Ready for the outdoors',
        categoryId: 'sports-outdoors',
        productIds: await pickProducts(db, 12, 'sports-outdoors'),
      },
    ];
    for (const [position, group] of groups.entries()) {
      const [row] = await db
        .insert(homeProductGroups)
        .values({ title: group.title, categoryId: group.categoryId, position })
        .returning({ id: homeProductGroups.id });
      if (!row) throw new Error('home product group insert returned nothing');
      await db
        .insert(homeProductGroupItems)
        .values(
          group.productIds.map((productId, index) => ({ groupId: row.id, productId, position: index })),
        );
    }

    await db.insert(shippingLocations).values(
      SHIPPING.map(([countryCode, enabled], position) => ({
        countryCode,
        name: getCountryAddressData(countryCode)?.displayValue ?? countryCode,
        enabled,
        position,
      })),
    );
  },
};
