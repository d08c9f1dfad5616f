import {
  bannerSchema,
  categoryIdSchema,
  countryCodeSchema,
  homeProductGroupSchema,
  imagePageSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  popupSchema,
  productSummarySchema,
  shippingLocationSchema,
} from '@crossbuy/core/catalogue';
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
} from '@crossbuy/core/marketing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptPictureBodies, pictureBody } from '../../lib/picture-upload.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import { categoryName, categoryShowcase } from '../catalogue/catalogue.service.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { enabledShippingLocations } from '../settings/shipping-settings.service.js';
import {
  type ContentActor,
  contentPictures,
  createBanner,
  createHomeGroup,
  createImagePage,
  createPopup,
  currentPopup,
  deleteBanner,
  deleteHomeGroup,
  deleteImagePage,
  deletePopup,
  getImagePage,
  listStoreBanners,
  listStoreHomeGroups,
  listStoreImagePages,
  listStorePopups,
  liveBanners,
  liveHomeProductGroups,
  updateBanner,
  updateHomeGroup,
  updateImagePage,
  updatePopup,
  uploadContentPicture,
} from './content.service.js';

const SHOWCASE_DEFAULT_LIMIT = 12;
const SHOWCASE_MAX_LIMIT = 30;

export type ContentRoutesOptions = { regions: RegionDirectory };

/** The storefront's editorial content (docs/rules/content.md): banners, popups, image pages, home rows, shipping. */
export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (app, { regions }) => {
  // Content is the same for every shopper and changes by schedule, so browsers and proxies may keep it briefly.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=60');
  });

  app.get(
    '/banner',
    {
      schema: {
        tags: ['content'],
        summary: 'The live banners, in order',
        response: { 200: z.object({ banners: z.array(bannerSchema) }) },
      },
    },
    async () => ({ banners: await liveBanners(app.db) }),
  );

  app.get(
    '/popup',
    {
      schema: {
        tags: ['content'],
        summary: 'The popup to show now, or null',
        response: { 200: z.object({ popup: popupSchema.nullable() }) },
      },
    },
    async () => ({ popup: await currentPopup(app.db) }),
  );

  app.get(
    '/image_page/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A page made of images',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: z.object({ imagePage: imagePageSchema }) },
      },
    },
    async (request) => ({ imagePage: await getImagePage(app.db, request.params.id) }),
  );

  app.get(
    '/home_product_group',
    {
      schema: {
        tags: ['content'],
        summary: 'The home page product rows, with their products priced for the region',
        querystring: z.object({ region: countryCodeSchema.optional() }),
        response: { 200: z.object({ homeProductGroups: z.array(homeProductGroupSchema) }) },
      },
    },
    async (request) => ({
      homeProductGroups: await liveHomeProductGroups(app.db, await regions.pricing(request.query.region)),
    }),
  );

  app.get(
    '/home_product_group/by_category',
    {
      schema: {
        tags: ['content'],
        summary: 'A home row for a category: its products and its descendants’, in stock and newest first',
        querystring: z.object({
          categoryId: categoryIdSchema,
          limit: z.coerce.number().int().min(1).max(SHOWCASE_MAX_LIMIT).default(SHOWCASE_DEFAULT_LIMIT),
          region: countryCodeSchema.optional(),
        }),
        response: {
          200: z.object({
            category: z.object({ id: z.string(), name: z.string() }),
            products: z.array(productSummarySchema),
          }),
        },
      },
    },
    async (request) => {
      const { categoryId, limit, region } = request.query;
      const name = await categoryName(app.db, categoryId);
      const products = await categoryShowcase(app.db, categoryId, limit, await regions.pricing(region));
      return { category: { id: categoryId, name }, products };
    },
  );

  app.get(
    '/shipping_location/enabled',
    {
      schema: {
        tags: ['content'],
        summary: 'The countries the store delivers to',
        response: { 200: z.object({ shippingLocations: z.array(shippingLocationSchema) }) },
      },
    },
    async () => ({ shippingLocations: await enabledShippingLocations(app.db) }),
  );
};

const contentParams = z.object({ id: z.string().max(64) });
const bannerAnswer = z.object({ banner: storeBannerSchema });
const popupAnswer = z.object({ popup: storePopupSchema });
const homeGroupAnswer = z.object({ homeGroup: storeHomeGroupSchema });
const imagePageAnswer = z.object({ imagePage: storeImagePageSchema });

/** The store's editorial content for operators and admins (mounted under /api/admin); changes are audited. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));
  const { pictures } = app;
  const actorOf = (request: FastifyRequest): ContentActor => ({
    userId: principalOf(request).userId,
    pictures,
  });

  app.get(
    '/content/pictures',
    {
      schema: {
        tags: ['admin'],
        summary: "The pictures in the image store's banner and page folders, for content to show",
        response: { 200: z.object({ pictures: z.array(contentPictureSchema) }) },
      },
    },
    async () => ({ pictures: await contentPictures(pictures) }),
  );

  acceptPictureBodies(app);

  app.post(
    '/content/pictures',
    {
      bodyLimit: PRODUCT_IMAGE_MAX_BYTES,
      schema: {
        tags: ['admin'],
        summary:
          'Upload a picture for banners and popups: a JPEG, PNG or WebP file of at most 5 MB as the body',
        description:
          'Checked and re-encoded as product pictures are (docs/features/catalogue-editing.md). The answer names the picture ' +
          'by the key a banner or popup is then saved with.',
        consumes: [...PRODUCT_IMAGE_TYPES],
        response: { 200: z.object({ picture: contentPictureSchema }) },
      },
    },
    async (request) => ({ picture: await uploadContentPicture(pictures, pictureBody(request.body)) }),
  );

  app.get(
    '/banners',
    {
      schema: {
        tags: ['admin'],
        summary: "Every banner in the home page's order, with whether it is live, scheduled, ended or off",
        response: { 200: z.object({ banners: z.array(storeBannerSchema) }) },
      },
    },
    async () => ({ banners: await listStoreBanners(app.db) }),
  );

  app.post(
    '/banners',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a banner; it shows on the home page from the next page load while live',
        body: bannerDraftSchema,
        response: { 200: bannerAnswer },
      },
    },
    async (request) => ({ banner: await createBanner(app.db, actorOf(request), request.body) }),
  );

  app.put(
    '/banners/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rewrite a banner: its words, picture, link, position, switch and schedule',
        params: contentParams,
        body: bannerDraftSchema,
        response: { 200: bannerAnswer },
      },
    },
    async (request) => ({
      banner: await updateBanner(app.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/banners/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a banner',
        params: contentParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteBanner(app.db, actorOf(request), request.params.id);
      return { deleted: true as const };
    },
  );

  app.get(
    '/popups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every popup, newest first: the home page shows the newest live one',
        response: { 200: z.object({ popups: z.array(storePopupSchema) }) },
      },
    },
    async () => ({ popups: await listStorePopups(app.db) }),
  );

  app.post(
    '/popups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a popup',
        body: popupDraftSchema,
        response: { 200: popupAnswer },
      },
    },
    async (request) => ({ popup: await createPopup(app.db, actorOf(request), request.body) }),
  );

  app.put(
    '/popups/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rewrite a popup: its words, picture, link, switch and schedule',
        params: contentParams,
        body: popupDraftSchema,
        response: { 200: popupAnswer },
      },
    },
    async (request) => ({
      popup: await updatePopup(app.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/popups/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a popup',
        params: contentParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deletePopup(app.db, actorOf(request), request.params.id);
      return { deleted: true as const };
    },
  );

  app.get(
    '/home_groups',
    {
      schema: {
        tags: ['admin'],
        summary: "Every home product group in the home page's order, with its products and status",
        response: { 200: z.object({ homeGroups: z.array(storeHomeGroupSchema) }) },
      },
    },
    async () => ({ homeGroups: await listStoreHomeGroups(app.db) }),
  );

  app.post(
    '/home_groups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a home product group; it shows on the home page from the next page load while live',
        body: homeGroupDraftSchema,
        response: { 200: homeGroupAnswer },
      },
    },
    async (request) => ({ homeGroup: await createHomeGroup(app.db, actorOf(request), request.body) }),
  );

  app.put(
    '/home_groups/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rewrite a home product group: its title, category, products, position, switch and schedule',
        params: contentParams,
        body: homeGroupDraftSchema,
        response: { 200: homeGroupAnswer },
      },
    },
    async (request) => ({
      homeGroup: await updateHomeGroup(app.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/home_groups/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a home product group (its products stay in the catalogue)',
        params: contentParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteHomeGroup(app.db, actorOf(request), request.params.id);
      return { deleted: true as const };
    },
  );

  app.get(
    '/image_pages',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every image page by its address, with its pictures and how many banners and popups link to it',
        response: { 200: z.object({ imagePages: z.array(storeImagePageSchema) }) },
      },
    },
    async () => ({ imagePages: await listStoreImagePages(app.db) }),
  );

  app.post(
    '/image_pages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add an image page at /image_page/{id}; an address another page has answers 409',
        body: newImagePageSchema,
        response: { 200: imagePageAnswer },
      },
    },
    async (request) => ({ imagePage: await createImagePage(app.db, actorOf(request), request.body) }),
  );

  app.put(
    '/image_pages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rewrite an image page: its title, pictures with their links and words, and switch',
        params: contentParams,
        body: imagePageDraftSchema,
        response: { 200: imagePageAnswer },
      },
    },
    async (request) => ({
      imagePage: await updateImagePage(app.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/image_pages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an image page no banner or popup links to (409 otherwise)',
        params: contentParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteImagePage(app.db, actorOf(request), request.params.id);
      return { deleted: true as const };
    },
  );
};
