import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@crossbuy/core/catalogue';
import {
  bannerCalls,
  contentCalls,
  contentPictureSchema,
  homeGroupCalls,
  imagePageCalls,
  popupCalls,
} from '@crossbuy/core/marketing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerCall } from '../../lib/contract-routes.js';
import { acceptPictureBodies, pictureBody } from '../../lib/picture-upload.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import { categoryName, categoryShowcase } from '../catalogue/catalogue-structure.service.js';
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

export type ContentRoutesOptions = { regions: RegionDirectory };

/**
 * The storefront's editorial content (docs/rules/content.md): banners, popups, image pages, home rows,
 * shipping; the calls of `contentCalls` but `pictures`, which the back office answers.
 */
export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (app, { regions }) => {
  // Content is the same for every shopper and changes by schedule, so browsers and proxies may keep it briefly.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=60');
  });

  answerCall(app, contentCalls.banners, async () => ({ banners: await liveBanners(app.db) }));

  answerCall(app, contentCalls.popup, async () => ({ popup: await currentPopup(app.db) }));

  answerCall(app, contentCalls.imagePage, async (request) => ({
    imagePage: await getImagePage(app.db, request.params.id),
  }));

  answerCall(app, contentCalls.homeProductGroups, async (request) => ({
    homeProductGroups: await liveHomeProductGroups(app.db, await regions.pricing(request.query.region)),
  }));

  answerCall(app, contentCalls.categoryShowcase, async (request) => {
    const { categoryId, limit, region } = request.query;
    const name = await categoryName(app.db, categoryId);
    const products = await categoryShowcase(app.db, categoryId, limit, await regions.pricing(region));
    return { category: { id: categoryId, name }, products };
  });

  answerCall(app, contentCalls.shippingLocations, async () => ({
    shippingLocations: await enabledShippingLocations(app.db),
  }));
};

/**
 * The store's editorial content for operators and admins (mounted under /api/admin): the calls of
 * `bannerCalls`, `popupCalls`, `homeGroupCalls` and `imagePageCalls`, the picture list of `contentCalls`,
 * and the picture upload; changes are audited.
 */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));
  const { pictures } = app;
  const actorOf = (request: FastifyRequest): ContentActor => ({
    userId: principalOf(request).userId,
    pictures,
  });

  answerCall(app, contentCalls.pictures, async () => ({ pictures: await contentPictures(pictures) }));

  acceptPictureBodies(app);

  // The upload's body is the picture's bytes, not JSON, under a limit of its own
  // (docs/features/catalogue-editing.md): the contract declares JSON bodies, so this route keeps its schema.
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

  answerCall(app, bannerCalls.list, async () => ({ banners: await listStoreBanners(app.db) }));

  answerCall(app, bannerCalls.create, async (request) => ({
    banner: await createBanner(app.db, actorOf(request), request.body),
  }));

  answerCall(app, bannerCalls.update, async (request) => ({
    banner: await updateBanner(app.db, actorOf(request), request.params.id, request.body),
  }));

  answerCall(app, bannerCalls.remove, async (request) => {
    await deleteBanner(app.db, actorOf(request), request.params.id);
    return { deleted: true as const };
  });

  answerCall(app, popupCalls.list, async () => ({ popups: await listStorePopups(app.db) }));

  answerCall(app, popupCalls.create, async (request) => ({
    popup: await createPopup(app.db, actorOf(request), request.body),
  }));

  answerCall(app, popupCalls.update, async (request) => ({
    popup: await updatePopup(app.db, actorOf(request), request.params.id, request.body),
  }));

  answerCall(app, popupCalls.remove, async (request) => {
    await deletePopup(app.db, actorOf(request), request.params.id);
    return { deleted: true as const };
  });

  answerCall(app, homeGroupCalls.list, async () => ({ homeGroups: await listStoreHomeGroups(app.db) }));

  answerCall(app, homeGroupCalls.create, async (request) => ({
    homeGroup: await createHomeGroup(app.db, actorOf(request), request.body),
  }));

  answerCall(app, homeGroupCalls.update, async (request) => ({
    homeGroup: await updateHomeGroup(app.db, actorOf(request), request.params.id, request.body),
  }));

  answerCall(app, homeGroupCalls.remove, async (request) => {
    await deleteHomeGroup(app.db, actorOf(request), request.params.id);
    return { deleted: true as const };
  });

  answerCall(app, imagePageCalls.list, async () => ({ imagePages: await listStoreImagePages(app.db) }));

  answerCall(app, imagePageCalls.create, async (request) => ({
    imagePage: await createImagePage(app.db, actorOf(request), request.body),
  }));

  answerCall(app, imagePageCalls.update, async (request) => ({
    imagePage: await updateImagePage(app.db, actorOf(request), request.params.id, request.body),
  }));

  answerCall(app, imagePageCalls.remove, async (request) => {
    await deleteImagePage(app.db, actorOf(request), request.params.id);
    return { deleted: true as const };
  });
};
