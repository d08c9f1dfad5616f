import { z } from 'zod';
import {
  bannerSchema,
  categoryIdSchema,
  countryCodeSchema,
  homeProductGroupSchema,
  imagePageSchema,
  popupSchema,
  productSummarySchema,
  regionQuerySchema,
  shippingLocationSchema,
} from '../catalogue/schemas.js';
import { defineCall } from '../contract/index.js';
import { idParamsSchema } from '../validation/wire.js';
import {
  bannerDraftSchema,
  contentPictureSchema,
  homeGroupDraftSchema,
  imagePageDraftSchema,
  newImagePageSchema,
  popupDraftSchema,
  storeBannerSchema,
  storeHomeGroupSchema,
  storeImagePageSchema,
  storePopupSchema,
} from './content.js';

const SHOWCASE_DEFAULT_LIMIT = 12;
const SHOWCASE_MAX_LIMIT = 30;

/**
 * The storefront's editorial content (docs/rules/content.md): banners, popups, image pages, home rows,
 * shipping; and the pictures the back office's content may show.
 */
export const contentCalls = {
  banners: defineCall({
    method: 'get',
    path: '/banner',
    tag: 'content',
    summary: 'The live banners, in order',
    responses: { 200: z.object({ banners: z.array(bannerSchema) }) },
  }),
  popup: defineCall({
    method: 'get',
    path: '/popup',
    tag: 'content',
    summary: 'The popup to show now, or null',
    responses: { 200: z.object({ popup: popupSchema.nullable() }) },
  }),
  imagePage: defineCall({
    method: 'get',
    path: '/image_page/{id}',
    tag: 'content',
    summary: 'A page made of images',
    params: idParamsSchema,
    responses: { 200: z.object({ imagePage: imagePageSchema }) },
  }),
  homeProductGroups: defineCall({
    method: 'get',
    path: '/home_product_group',
    tag: 'content',
    summary: 'The home page product rows, with their products priced for the region',
    query: regionQuerySchema,
    responses: { 200: z.object({ homeProductGroups: z.array(homeProductGroupSchema) }) },
  }),
  categoryShowcase: defineCall({
    method: 'get',
    path: '/home_product_group/by_category',
    tag: 'content',
    summary: 'A home row for a category: its products and its descendants’, in stock and newest first',
    query: z.object({
      categoryId: categoryIdSchema,
      limit: z.coerce.number().int().min(1).max(SHOWCASE_MAX_LIMIT).default(SHOWCASE_DEFAULT_LIMIT),
      region: countryCodeSchema.optional(),
    }),
    responses: {
      200: z.object({
        category: z.object({ id: z.string(), name: z.string() }),
        products: z.array(productSummarySchema),
      }),
    },
  }),
  shippingLocations: defineCall({
    method: 'get',
    path: '/shipping_location/enabled',
    tag: 'content',
    summary: 'The countries the store delivers to',
    responses: { 200: z.object({ shippingLocations: z.array(shippingLocationSchema) }) },
  }),
  pictures: defineCall({
    method: 'get',
    path: '/admin/content/pictures',
    tag: 'admin',
    summary: "The pictures in the image store's banner and page folders, for content to show",
    responses: { 200: z.object({ pictures: z.array(contentPictureSchema) }) },
  }),
};

const contentParams = z.object({ id: z.string().max(64) });

/**
 * The back office's four calls for one kind of content (operators and admins; changes are audited):
 * list every item, add one, rewrite one, delete one. `item` and `items` name the answers' fields; a new
 * item's body is `newDraft` when it says more than a rewrite does (an image page names its address).
 */
function contentEditingCalls<
  const Path extends string,
  const Item extends string,
  const Items extends string,
  Stored extends z.ZodType,
  Draft extends z.ZodType,
  NewDraft extends z.ZodType = Draft,
>(kind: {
  path: Path;
  item: Item;
  items: Items;
  stored: Stored;
  draft: Draft;
  newDraft?: NewDraft;
  summaries: { list: string; create: string; update: string; remove: string };
}) {
  const itemAnswer = z.object({ [kind.item]: kind.stored } as Record<Item, Stored>);
  return {
    list: defineCall({
      method: 'get',
      path: kind.path,
      tag: 'admin',
      summary: kind.summaries.list,
      responses: {
        200: z.object({ [kind.items]: z.array(kind.stored) } as Record<Items, z.ZodArray<Stored>>),
      },
    }),
    create: defineCall({
      method: 'post',
      path: kind.path,
      tag: 'admin',
      summary: kind.summaries.create,
      // Without a newDraft, NewDraft is Draft (its default).
      body: (kind.newDraft ?? kind.draft) as NewDraft,
      responses: { 200: itemAnswer },
    }),
    update: defineCall({
      method: 'put',
      path: `${kind.path}/{id}`,
      tag: 'admin',
      summary: kind.summaries.update,
      params: contentParams,
      body: kind.draft,
      responses: { 200: itemAnswer },
    }),
    remove: defineCall({
      method: 'delete',
      path: `${kind.path}/{id}`,
      tag: 'admin',
      summary: kind.summaries.remove,
      params: contentParams,
      responses: { 200: z.object({ deleted: z.literal(true) }) },
    }),
  };
}

export const bannerCalls = contentEditingCalls({
  path: '/admin/banners',
  item: 'banner',
  items: 'banners',
  stored: storeBannerSchema,
  draft: bannerDraftSchema,
  summaries: {
    list: "Every banner in the home page's order, with whether it is live, scheduled, ended or off",
    create: 'Add a banner; it shows on the home page from the next page load while live',
    update: 'Rewrite a banner: its words, picture, link, position, switch and schedule',
    remove: 'Delete a banner',
  },
});

export const popupCalls = contentEditingCalls({
  path: '/admin/popups',
  item: 'popup',
  items: 'popups',
  stored: storePopupSchema,
  draft: popupDraftSchema,
  summaries: {
    list: 'Every popup, newest first: the home page shows the newest live one',
    create: 'Add a popup',
    update: 'Rewrite a popup: its words, picture, link, switch and schedule',
    remove: 'Delete a popup',
  },
});

export const homeGroupCalls = contentEditingCalls({
  path: '/admin/home_groups',
  item: 'homeGroup',
  items: 'homeGroups',
  stored: storeHomeGroupSchema,
  draft: homeGroupDraftSchema,
  summaries: {
    list: "Every home product group in the home page's order, with its products and status",
    create: 'Add a home product group; it shows on the home page from the next page load while live',
    update: 'Rewrite a home product group: its title, category, products, position, switch and schedule',
    remove: 'Delete a home product group (its products stay in the catalogue)',
  },
});

export const imagePageCalls = contentEditingCalls({
  path: '/admin/image_pages',
  item: 'imagePage',
  items: 'imagePages',
  stored: storeImagePageSchema,
  draft: imagePageDraftSchema,
  newDraft: newImagePageSchema,
  summaries: {
    list: 'Every image page by its address, with its pictures and how many banners and popups link to it',
    create: 'Add an image page at /image_page/{id}; an address another page has answers 409',
    update: 'Rewrite an image page: its title, pictures with their links and words, and switch',
    remove: 'Delete an image page no banner or popup links to (409 otherwise)',
  },
});
