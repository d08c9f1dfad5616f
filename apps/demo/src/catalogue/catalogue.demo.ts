import { loadArtIcons } from '../art/art-icons.js';
import { type RasterWidths, saveArt, saveArtAsWebp } from '../art/save-art.js';
import { monogramArt, type ProductPose, productArt } from '../art/svg-art.js';
import type { DemoSeeder } from '../demo-data.js';
import { DEMO_REGIONS } from '../regions/regions.demo.js';
import { generateProducts, insertProducts } from './catalogue-generator.js';
import { insertCategories, leafCategoryIds } from './category-tree.js';
import { insertMerchants } from './merchants.js';

/** 11 or 12 products in each of the 28 leaf categories. */
export const DEMO_PRODUCT_COUNT = 324;
export const DEMO_CATALOGUE_SEED = 20_251_121;

/**
 * The demo product whose pictures generated product `index` shares (the large benchmark catalogues draw
 * no pictures of their own): one of the same category, since product `index` is in leaf `index mod 28`.
 */
export function pictureTwinIndex(index: number): number {
  const leaves = leafCategoryIds().length;
  const rounds = Math.floor(DEMO_PRODUCT_COUNT / leaves);
  return (index % leaves) + leaves * (Math.floor(index / leaves) % rounds);
}

/** A product's main picture and its gallery: three views, in its colours. */
const PICTURE_POSES: ProductPose[] = ['front', 'closer', 'pattern'];

/**
 * The main picture is what listings show, a dozen or more to a page, so it is stored as WebP (decision
 * 0054): at the product page's 600 px, and its thumbnail at the 320 px a product card draws. The other two
 * views, seen only on the product's own page, stay drawings.
 */
export const MAIN_PICTURE_WIDTHS: RasterWidths = { picture: 600, thumbnail: 320 };

export const catalogueDemoSeeder: DemoSeeder = {
  name: 'catalogue',
  async seed(db, { pictures }) {
    const icons = await loadArtIcons();
    await insertCategories(db);
    const merchantIds = await insertMerchants(db, (merchant) =>
      saveArt(pictures, `merchants/${merchant.slug}.svg`, monogramArt(merchant.slug, merchant.name)),
    );
    const seeds = generateProducts({
      firstIndex: 0,
      count: DEMO_PRODUCT_COUNT,
      seed: DEMO_CATALOGUE_SEED,
      merchantIds,
      now: new Date(),
      images: (id) => ({
        mainImage: `products/${id}.webp`,
        gallery: [`products/${id}-2.svg`, `products/${id}-3.svg`],
      }),
      pricedRegions: new Set(DEMO_REGIONS.map((region) => region.countryCode)),
    });
    await Promise.all(
      seeds.flatMap(({ product, art }) =>
        [product.mainImage, ...(product.gallery ?? [])].flatMap((key, index) => {
          const colour = art.colours[index % art.colours.length];
          const pose = PICTURE_POSES[index % PICTURE_POSES.length];
          if (!key || !colour || !pose) return [];
          const drawn = productArt({ icon: icons[art.icon], colour, caption: art.caption, pose });
          return [
            key === product.mainImage
              ? saveArtAsWebp(pictures, key, drawn, MAIN_PICTURE_WIDTHS)
              : saveArt(pictures, key, drawn),
          ];
        }),
      ),
    );
    await insertProducts(db, seeds);
  },
};
