import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isValidVariantPath, thumbnailPath } from '@crossbuy/core/catalogue';
import { queryRows } from '@crossbuy/server/db/query-rows.js';
import { diskPictureStorage } from '@crossbuy/server/lib/picture-storage.js';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../server/test/helpers/test-database.js';
import { type ArtIconName, type IconNode, loadArtIcons } from './art/art-icons.js';
import {
  DEMO_CATALOGUE_SEED,
  DEMO_PRODUCT_COUNT,
  MAIN_PICTURE_WIDTHS,
  pictureTwinIndex,
} from './catalogue/catalogue.demo.js';
import { generateProducts } from './catalogue/catalogue-generator.js';
import { leafCategoryIds } from './catalogue/category-tree.js';
import { BANNER_WIDTHS } from './content/content.demo.js';
import { seedDemoDataOnce } from './demo-data.js';
import { demoSeeders } from './demo-seeders.js';

/** The demo store promised for a first start on an empty database. */
describe('the demo store', () => {
  let database: TestDatabase;
  let dataDir: string;
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(database.db, query))[0]?.n ?? Number.NaN;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-demo-'));
    const started = Date.now();
    expect(
      await seedDemoDataOnce(database.db, demoSeeders, {
        pictures: diskPictureStorage(path.join(dataDir, 'images')),
      }),
    ).toBe(true);
    // Seeding must stay a matter of seconds, even on PGlite.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has 12+ categories in three levels, products only in the leaves', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM categories`)).toBeGreaterThanOrEqual(12);
    const depths = await queryRows<{ depth: number; n: number }>(
      database.db,
      sql`SELECT array_length(string_to_array(path, '.'), 1) AS depth, count(*)::int AS n FROM categories GROUP BY 1 ORDER BY 1`,
    );
    expect(depths.map((row) => row.depth)).toEqual([1, 2, 3]);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM products p JOIN categories c ON c.id = p.category_id
                       WHERE EXISTS (SELECT 1 FROM categories child WHERE child.parent_id = c.id)`),
    ).toBe(0);
  });

  it('has 10 merchants on several marketplaces, each with products', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM merchants`)).toBe(10);
    expect(
      await count(sql`SELECT count(DISTINCT source_market_place)::int AS n FROM merchants`),
    ).toBeGreaterThanOrEqual(6);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM merchants m WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.merchant_id = m.id)`,
      ),
    ).toBe(0);
  });

  it('has 300+ products, with variants, some sold out and some disabled', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM products`)).toBe(DEMO_PRODUCT_COUNT);
    expect(DEMO_PRODUCT_COUNT).toBeGreaterThanOrEqual(300);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM products WHERE stock = 0 AND NOT disabled`),
    ).toBeGreaterThan(5);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE disabled`)).toBeGreaterThan(3);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM products WHERE jsonb_array_length(variants) = 2`),
    ).toBeGreaterThan(50);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM products WHERE jsonb_array_length(variants) = 0`),
    ).toBeGreaterThan(20);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM product_variants v JOIN products p ON p.id = v.product_id
                       WHERE v.stock = 0 AND p.stock > 0`),
    ).toBeGreaterThan(10);
    expect(
      await count(
        sql`SELECT count(DISTINCT product_id)::int AS n FROM product_region_prices WHERE country_code = 'MY'`,
      ),
    ).toBeGreaterThan(50);
  });

  it('keeps every variant path valid and every product stock the sum of its variants', async () => {
    const rows = await queryRows<{
      variants: { name: string; options: string[] }[];
      paths: string[];
      stock: number;
      sum: number;
    }>(
      database.db,
      sql`SELECT p.variants, array_agg(v.path) AS paths, p.stock, sum(v.stock)::int AS sum
            FROM products p JOIN product_variants v ON v.product_id = p.id GROUP BY p.id`,
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row.stock).toBe(row.sum);
      for (const variantPath of row.paths) expect(isValidVariantPath(row.variants, variantPath)).toBe(true);
    }
  });

  it('has regions SG (default), MY and more, with exchange rates for every enabled currency', async () => {
    const regions = await queryRows<{
      country_code: string;
      enabled: boolean;
      is_default: boolean;
      rate: string | null;
    }>(
      database.db,
      sql`SELECT r.country_code, r.enabled, r.is_default, e.rate::text AS rate FROM regions r
            LEFT JOIN exchange_rates e ON e.base_currency = 'SGD' AND e.quote_currency = r.currency ORDER BY r.position`,
    );
    expect(regions.slice(0, 2)).toMatchObject([
      { country_code: 'SG', enabled: true, is_default: true },
      { country_code: 'MY', enabled: true, is_default: false },
    ]);
    expect(regions.length).toBeGreaterThanOrEqual(5);
    expect(regions.some((region) => !region.enabled)).toBe(true);
    for (const region of regions.filter((row) => row.country_code !== 'SG'))
      expect(region.rate).toMatch(/^\d+\.\d+$/);
  });

  it('has banners, a popup, image pages, home groups and shipping locations', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM banners`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`SELECT count(*)::int AS n FROM popups`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM image_pages`)).toBeGreaterThanOrEqual(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM home_product_groups`)).toBeGreaterThanOrEqual(3);
    expect(
      await count(
        sql`SELECT min(n)::int AS n FROM (SELECT count(*) AS n FROM home_product_group_items GROUP BY group_id) AS g`,
      ),
    ).toBe(12);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM shipping_locations WHERE enabled`),
    ).toBeGreaterThanOrEqual(5);
  });

  it('has a popup whose link leads to the page its words promise, and that promises no offer', async () => {
    const [popup] = await queryRows<{ title: string; body: string; link: string }>(
      database.db,
      sql`SELECT title, body, link FROM popups`,
    );
    const pageId = popup?.link.match(/^\/image_page\/([\w-]+)$/)?.[1];
    expect(pageId).toBeDefined();
    const [page] = await queryRows<{ title: string }>(
      database.db,
      sql`SELECT title FROM image_pages WHERE id = ${pageId}`,
    );
    // The popup announces the campaign whose page it opens.
    expect(page?.title).toBe(popup?.title);
    expect(`${popup?.title} ${popup?.body}`).not.toMatch(/free|discount|% off|this month/i);
  });

  it('draws every picture it refers to, with its thumbnail, locally', async () => {
    const images = await queryRows<{ key: string }>(
      database.db,
      sql`SELECT main_image AS key FROM products UNION ALL SELECT unnest(gallery) FROM products
          UNION ALL SELECT logo_image FROM merchants UNION ALL SELECT image FROM banners`,
    );
    expect(images.length).toBeGreaterThan(DEMO_PRODUCT_COUNT * 3);
    for (const { key } of images) {
      expect(existsSync(path.join(dataDir, 'images', key)), key).toBe(true);
      expect(existsSync(path.join(dataDir, 'images', thumbnailPath(key))), key).toBe(true);
    }
  });

  it('stores what listings and the home page show as WebP, at the widths they are shown at', async () => {
    const shown = [
      ...(await queryRows<{ key: string }>(database.db, sql`SELECT main_image AS key FROM products`)).map(
        ({ key }) => ({ key, widths: MAIN_PICTURE_WIDTHS }),
      ),
      ...(await queryRows<{ key: string }>(database.db, sql`SELECT image AS key FROM banners`)).map(
        ({ key }) => ({ key, widths: BANNER_WIDTHS }),
      ),
    ];
    expect(shown).toHaveLength(DEMO_PRODUCT_COUNT + 3);
    for (const { key, widths } of shown) {
      for (const [file, width] of [
        [key, widths.picture],
        [thumbnailPath(key), widths.thumbnail],
      ] as const) {
        const { format, width: stored } = await sharp(path.join(dataDir, 'images', file)).metadata();
        expect({ file, format, width: stored }).toEqual({ file, format: 'webp', width });
      }
    }
  });

  describe('pictures, words and campaign pages that look like a shop', () => {
    type ProductRow = {
      category_id: string;
      name: string;
      description: string;
      main_image: string;
      gallery: string[];
    };
    let rows: ProductRow[];
    let icons: Record<ArtIconName, IconNode>;
    const picture = (key: string) => readFileSync(path.join(dataDir, 'images', key), 'utf8');
    /** Whether `svg` draws `icon`: every element of the icon is there with its exact attributes. */
    const draws = (svg: string, icon: IconNode) =>
      icon.every(([tag, attributes]) =>
        svg.includes(
          `<${tag} ${Object.entries(attributes)
            .map(([name, value]) => `${name}="${value}"`)
            .join(' ')}/>`,
        ),
      );
    const iconsIn = (svg: string) =>
      (Object.keys(icons) as ArtIconName[]).filter((name) => draws(svg, icons[name]));
    // Words for what the store cannot do yet: no checkout, payment, delivery times or shipping offers.
    const PROMISES =
      /\b(buy|buying|checkout|check out|pay|payment|ships (free|within|from)|shipped|shipping|deliver\w*|free|best-?seller)\b/i;

    beforeAll(async () => {
      icons = await loadArtIcons();
      rows = await queryRows<ProductRow>(
        database.db,
        sql`SELECT category_id, name, description, main_image, gallery FROM products ORDER BY id`,
      );
    });

    it('draws each product as its kind: a shoe for sneakers, headphones for audio', () => {
      const expected: Record<string, ArtIconName[]> = {
        sneakers: ['SportShoe'],
        boots: ['Boot'],
        headphones: ['Headphones', 'Earbuds'],
        keyboards: ['Keyboard'],
        dresses: ['Dress'],
        tents: ['Tent'],
        'bed-sheets': ['BedDouble'],
      };
      for (const row of rows.filter((product) => expected[product.category_id])) {
        // The main picture is WebP; its first gallery view is the same subject, drawn.
        const drawn = iconsIn(picture(row.gallery[0] ?? ''));
        expect(drawn, row.name).toHaveLength(1);
        expect(expected[row.category_id], row.name).toContain(drawn[0]);
      }
    });

    it('never draws two kinds alike, and no longer draws initials', () => {
      const drawnByCategory = new Map<string, Set<ArtIconName>>();
      for (const row of rows) {
        const svg = picture(row.gallery[0] ?? '');
        const drawn = iconsIn(svg);
        expect(drawn, row.name).toHaveLength(1);
        const set = drawnByCategory.get(row.category_id) ?? new Set();
        for (const name of drawn) set.add(name);
        drawnByCategory.set(row.category_id, set);
        // The only words on a product picture are its kind, in capitals.
        expect(svg.match(/<text/g), row.name).toHaveLength(1);
        expect(svg, row.name).toMatch(/>[A-Z][A-Z ]+<\/text>/);
      }
      expect(drawnByCategory.size).toBe(leafCategoryIds().length);
      const owners = new Map<ArtIconName, string[]>();
      for (const [category, drawn] of drawnByCategory)
        for (const name of drawn) owners.set(name, [...(owners.get(name) ?? []), category]);
      // Tops and shirts are both shirts; every other icon belongs to one kind only.
      const shared = [...owners].filter(([, categories]) => categories.length > 1);
      expect(shared).toEqual([['Shirt', ['tops', 'shirts']]]);
    });

    it('shows three views in each gallery, the drawn two different and of one subject, as their thumbnails', () => {
      for (const row of rows.slice(0, 40)) {
        expect(row.gallery, row.name).toHaveLength(2);
        const views = row.gallery.map(picture);
        expect(new Set(views).size, row.name).toBe(2);
        const subject = iconsIn(views[0] ?? '');
        expect(subject, row.name).toHaveLength(1);
        for (const view of views) expect(iconsIn(view), row.name).toEqual(subject);
        for (const key of row.gallery)
          expect(iconsIn(picture(thumbnailPath(key))), row.name).toEqual(subject);
      }
    });

    it('describes each kind in its own words, and promises nothing the store cannot do', () => {
      const openings = new Map<string, Set<string>>();
      for (const row of rows) {
        expect(row.description, row.name).not.toMatch(PROMISES);
        expect(row.description.length, row.name).toBeGreaterThan(150);
        const opening = (row.description.split('. ')[0] ?? '').replace(row.name.split(' ').at(-1) ?? '', '');
        openings.set(opening, new Set([...(openings.get(opening) ?? []), row.category_id]));
      }
      // An opening sentence belongs to one kind only.
      for (const [opening, categories] of openings) expect([...categories], opening).toHaveLength(1);
      expect(new Set(rows.map((row) => row.description)).size).toBe(rows.length);
    });

    it('fills banners, the popup and campaign pages with pictures, true words and links that lead somewhere', async () => {
      const copy = await queryRows<{ text: string }>(
        database.db,
        sql`SELECT title || ' ' || subtitle AS text FROM banners UNION ALL SELECT title || ' ' || body FROM popups
            UNION ALL SELECT title || ' ' || (SELECT string_agg(i->>'alt', ' ') FROM jsonb_array_elements(images) i)
            FROM image_pages`,
      );
      for (const { text } of copy) expect(text).not.toMatch(PROMISES);

      const links = await queryRows<{ link: string | null; image: string; alt: string }>(
        database.db,
        sql`SELECT link, image, '' AS alt FROM banners UNION ALL SELECT link, image, '' FROM popups
            UNION ALL SELECT i->>'link', i->>'image', i->>'alt' FROM image_pages, jsonb_array_elements(images) i`,
      );
      const japanWeek = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT jsonb_array_length(images) AS n FROM image_pages WHERE id = 'japan-week'`,
      );
      expect(japanWeek[0]?.n).toBe(6);
      for (const { link, image, alt } of links) {
        // The banners are WebP, checked above; the popup's and the pages' pictures are drawings.
        if (image.endsWith('.svg')) expect(iconsIn(picture(image)).length, image).toBeGreaterThan(0);
        if (image.startsWith('pages/')) expect(alt.length, image).toBeGreaterThan(10);
        expect(link, image).toBeTruthy();
        expect(await leadsSomewhere(link ?? ''), link ?? '').toBe(true);
      }
    });

    /** Whether a content link opens a page of the store that exists. */
    async function leadsSomewhere(link: string): Promise<boolean> {
      if (['/', '/search', '/merchants', '/wishlist'].includes(link)) return true;
      const [, kind, id] = /^\/(merchant|product|categories|image_page)\/([^/?#]+)$/.exec(link) ?? [];
      if (!kind || !id) return false;
      const query = {
        merchant: sql`SELECT count(*)::int AS n FROM merchants WHERE id::text = ${id}`,
        product: sql`SELECT count(*)::int AS n FROM products WHERE param_name = ${id} AND NOT disabled`,
        categories: sql`SELECT count(*)::int AS n FROM categories WHERE id = ${id}`,
        image_page: sql`SELECT count(*)::int AS n FROM image_pages WHERE id = ${id} AND active`,
      }[kind];
      return query ? (await count(query)) === 1 : false;
    }
  });

  it('gives the products of a large catalogue the pictures of a demo product of their own category', () => {
    const merchantIds = new Map(
      [
        'tokyo-audio-works',
        'shibuya-street-style',
        'seoul-glow',
        'hangzhou-home',
        'shenzhen-gadget-hub',
        'kl-living',
        'lion-city-sports',
        'osaka-toy-box',
        'busan-outdoor',
        'brooklyn-basics',
      ].map((slug) => [slug, slug]),
    );
    const generate = (firstIndex: number, count: number) =>
      generateProducts({
        firstIndex,
        count,
        seed: DEMO_CATALOGUE_SEED,
        merchantIds,
        now: new Date('2025-01-01T00:00:00Z'),
        images: () => ({ mainImage: null, gallery: [] }),
        pricedRegions: new Set(),
      }).map((seed) => seed.product.categoryId);
    const demo = generate(0, DEMO_PRODUCT_COUNT);
    const large = generate(99_000, 1000);
    large.forEach((categoryId, offset) => {
      const twin = pictureTwinIndex(99_000 + offset);
      expect(twin).toBeLessThan(DEMO_PRODUCT_COUNT);
      expect(demo[twin]).toBe(categoryId);
    });
  });

  it('is the same store every time: products come from a seed', () => {
    const options = {
      firstIndex: 0,
      count: 20,
      seed: 7,
      merchantIds: new Map([
        ['tokyo-audio-works', 'a'],
        ['shibuya-street-style', 'b'],
        ['seoul-glow', 'c'],
        ['hangzhou-home', 'd'],
        ['shenzhen-gadget-hub', 'e'],
        ['kl-living', 'f'],
        ['lion-city-sports', 'g'],
        ['osaka-toy-box', 'h'],
        ['busan-outdoor', 'i'],
        ['brooklyn-basics', 'j'],
      ]),
      now: new Date('2025-01-01T00:00:00Z'),
      images: () => ({ mainImage: null, gallery: [] }),
      pricedRegions: new Set(['MY']),
    };
    expect(generateProducts(options)).toEqual(generateProducts(options));
    expect(generateProducts({ ...options, firstIndex: 10, count: 1 })[0]).toEqual(
      generateProducts(options)[10],
    );
  });
});
