import { getCountryAddressData } from '@crossbuy/core/address';
import { and, desc, gt, inArray, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { DemoSeeder } from '../../db/demo-data.js';
import { saveArt } from '../../lib/image-store.js';
import { bannerArt } from '../../lib/svg-art.js';
import { categories, products } from '../catalogue/catalogue.table.js';
import {
  banners,
  homeProductGroupItems,
  homeProductGroups,
  imagePages,
  popups,
  shippingLocations,
} from './content.table.js';

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

export const contentDemoSeeder: DemoSeeder = {
  name: 'content',
  async seed(db, { imagesDir }) {
    const banner = (slug: string, title: string) =>
      saveArt(imagesDir, `banners/${slug}.svg`, bannerArt(slug, title));

    await db.insert(banners).values([
      {
        title: 'Japan Week',
        subtitle: 'Audio, toys and street style shipped from Tokyo and Osaka',
        image: await banner('japan-week', 'Japan Week'),
        link: '/image_page/japan-week',
        position: 0,
      },
      {
        title: 'K-Beauty Favourites',
        subtitle: 'Serums and sheet masks from Seoul, priced for your region',
        image: await banner('k-beauty', 'K-Beauty Favourites'),
        link: '/categories/beauty',
        position: 1,
      },
      {
        title: 'Into the Outdoors',
        subtitle: 'Tents, packs and boots for the long weekend',
        image: await banner('outdoors', 'Into the Outdoors'),
        link: '/categories/sports-outdoors',
        position: 2,
      },
    ]);

    await db.insert(popups).values({
      title: 'New to Crossbuy?',
      body: 'See how it works in three steps: find an item, get a quotation, and we ship it to you.',
      image: await banner('how-it-works', 'How Crossbuy works'),
      link: '/image_page/how-it-works',
    });

    await db.insert(imagePages).values([
      {
        id: 'japan-week',
        title: 'Japan Week',
        images: [
          {
            image: await banner('japan-week-1', 'Tokyo Audio'),
            link: '/categories/audio',
            alt: 'Headphones and speakers from Tokyo',
          },
          {
            image: await banner('japan-week-2', 'Osaka Toys'),
            link: '/categories/toys-hobbies',
            alt: 'Model kits and plush toys from Osaka',
          },
          {
            image: await banner('japan-week-3', 'Shibuya Style'),
            link: '/categories/fashion',
            alt: 'Street fashion from Shibuya',
          },
        ],
      },
      {
        id: 'how-it-works',
        title: 'How Crossbuy works',
        images: [
          {
            image: await banner('how-1', '1. Find it'),
            link: null,
            alt: 'Browse our catalogue or paste a link from any marketplace',
          },
          {
            image: await banner('how-2', '2. Get a quote'),
            link: null,
            alt: 'We quote foreign items, shipping included',
          },
          {
            image: await banner('how-3', '3. We ship it'),
            link: null,
            alt: 'One order, one payment, delivered to your door',
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
