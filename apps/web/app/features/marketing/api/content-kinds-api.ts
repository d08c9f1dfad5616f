import type {
  BannerDraft,
  HomeGroupDraft,
  ImagePageDraft,
  NewImagePage,
  PopupDraft,
  StoreBanner,
  StoreHomeGroup,
  StoreImagePage,
  StorePopup,
} from '@crossbuy/core/marketing';
import { answerOf, storeClient } from '../../../lib/contract-client';
import {
  STORE_BANNERS_KEY,
  STORE_HOME_GROUPS_KEY,
  STORE_IMAGE_PAGES_KEY,
  STORE_POPUPS_KEY,
} from '../../../lib/query-keys';
import type { ContentCalls } from './content-items-api';

// Each kind's calls through the typed client, which types every path, body and answer from core's
// contract (bannerCalls, popupCalls, homeGroupCalls, imagePageCalls).

const byId = (id: string) => ({ path: { id } });

/** `/admin/banners`: every banner in the home page's order. */
export const bannerCalls: ContentCalls<StoreBanner, BannerDraft> = {
  key: STORE_BANNERS_KEY,
  showsPictures: true,
  list: async () => answerOf(await storeClient.GET('/admin/banners')).banners,
  create: async (body) => answerOf(await storeClient.POST('/admin/banners', { body })).banner,
  update: async (id, body) =>
    answerOf(await storeClient.PUT('/admin/banners/{id}', { params: byId(id), body })).banner,
  remove: async (id) => answerOf(await storeClient.DELETE('/admin/banners/{id}', { params: byId(id) })),
};

/** `/admin/popups`: every popup, newest first. */
export const popupCalls: ContentCalls<StorePopup, PopupDraft> = {
  key: STORE_POPUPS_KEY,
  showsPictures: true,
  list: async () => answerOf(await storeClient.GET('/admin/popups')).popups,
  create: async (body) => answerOf(await storeClient.POST('/admin/popups', { body })).popup,
  update: async (id, body) =>
    answerOf(await storeClient.PUT('/admin/popups/{id}', { params: byId(id), body })).popup,
  remove: async (id) => answerOf(await storeClient.DELETE('/admin/popups/{id}', { params: byId(id) })),
};

/** `/admin/home_groups`: every home product group in the home page's order. They show no pictures. */
export const homeGroupCalls: ContentCalls<StoreHomeGroup, HomeGroupDraft> = {
  key: STORE_HOME_GROUPS_KEY,
  showsPictures: false,
  list: async () => answerOf(await storeClient.GET('/admin/home_groups')).homeGroups,
  create: async (body) => answerOf(await storeClient.POST('/admin/home_groups', { body })).homeGroup,
  update: async (id, body) =>
    answerOf(await storeClient.PUT('/admin/home_groups/{id}', { params: byId(id), body })).homeGroup,
  remove: async (id) => answerOf(await storeClient.DELETE('/admin/home_groups/{id}', { params: byId(id) })),
};

/** `/admin/image_pages`: every image page by its address; a new page names its address. */
export const imagePageCalls: ContentCalls<StoreImagePage, ImagePageDraft, NewImagePage> = {
  key: STORE_IMAGE_PAGES_KEY,
  showsPictures: true,
  list: async () => answerOf(await storeClient.GET('/admin/image_pages')).imagePages,
  create: async (body) => answerOf(await storeClient.POST('/admin/image_pages', { body })).imagePage,
  update: async (id, body) =>
    answerOf(await storeClient.PUT('/admin/image_pages/{id}', { params: byId(id), body })).imagePage,
  remove: async (id) => answerOf(await storeClient.DELETE('/admin/image_pages/{id}', { params: byId(id) })),
};
