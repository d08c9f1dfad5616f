import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@crossbuy/core/catalogue';
import type { Call } from '@crossbuy/core/contract';
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
import { answerCall, type ZodApp } from '../../lib/contract-routes.js';
import { acceptPictureBodies, pictureBody } from '../../lib/picture-upload.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import { categoryName, categoryShowcase } from '../catalogue/catalogue-structure.service.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { enabledShippingLocations } from '../settings/shipping-settings.service.js';
import { bannerKind, popupKind } from './banners-and-popups.js';
import { currentPopup, getImagePage, liveBanners, liveHomeProductGroups } from './content.service.js';
import {
  type ContentActor,
  type ContentKind,
  createContentItem,
  deleteContentItem,
  updateContentItem,
} from './content-items.js';
import { contentPictures, uploadContentPicture } from './content-pictures.js';
import { homeGroupKind, imagePageKind } from './home-groups-and-image-pages.js';

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

  answerContentEditing(app, actorOf, bannerCalls, bannerKind, { item: 'banner', items: 'banners' });
  answerContentEditing(app, actorOf, popupCalls, popupKind, { item: 'popup', items: 'popups' });
  answerContentEditing(app, actorOf, homeGroupCalls, homeGroupKind, {
    item: 'homeGroup',
    items: 'homeGroups',
  });
  answerContentEditing(app, actorOf, imagePageCalls, imagePageKind, {
    item: 'imagePage',
    items: 'imagePages',
  });
};

/** The four calls core declares for one kind of content (contentEditingCalls), as this file reads them. */
type ContentEditingCalls<Stored, Draft, NewDraft> = {
  list: Call & { responses: { 200: z.ZodType<Record<string, Stored[]>> } };
  create: Call & { body: z.ZodType<NewDraft>; responses: { 200: z.ZodType<Record<string, Stored>> } };
  update: Call & {
    params: z.ZodType<{ id: string }>;
    body: z.ZodType<Draft>;
    responses: { 200: z.ZodType<Record<string, Stored>> };
  };
  remove: Call & { params: z.ZodType<{ id: string }>; responses: { 200: z.ZodType<{ deleted: true }> } };
};

/**
 * Answers one kind's list, create, rewrite and delete calls with the content-item service over `kind`;
 * `answer` names the answers' fields as core's calls do.
 */
function answerContentEditing<Item, Stored, Draft, NewDraft>(
  app: ZodApp,
  actorOf: (request: FastifyRequest) => ContentActor,
  calls: ContentEditingCalls<Stored, Draft, NewDraft>,
  kind: ContentKind<Item, Stored, Draft, NewDraft>,
  answer: { item: string; items: string },
): void {
  answerCall(app, calls.list, async () => ({ [answer.items]: await kind.list(app.db) }));

  answerCall(app, calls.create, async (request) => ({
    [answer.item]: await createContentItem(app.db, kind, actorOf(request), request.body),
  }));

  answerCall(app, calls.update, async (request) => ({
    [answer.item]: await updateContentItem(app.db, kind, actorOf(request), request.params.id, request.body),
  }));

  answerCall(app, calls.remove, async (request) => {
    await deleteContentItem(app.db, kind, actorOf(request), request.params.id);
    return { deleted: true as const };
  });
}
