import { imageUrl, optionalImageUrl } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import {
  type BannerDraft,
  contentStatus,
  type PopupDraft,
  type StoreBanner,
  type StorePopup,
} from '@crossbuy/core/marketing';
import { asc, desc } from 'drizzle-orm';
import { isUuid } from '../../lib/ids.js';
import { banners, popups } from './content.table.js';
import { type ContentKind, contentRows, itemColumns, itemFields } from './content-items.js';
import { holdContentPictures } from './content-pictures.js';

// Banners and popups as the back office edits them (docs/features/vouchers-banners-and-popups.md), each
// configured for content-items.ts: its table, its order, how a draft becomes columns and a row an answer,
// and the names its changes are audited under.

// Banners: shown on the home page in their order while live.

type BannerRow = typeof banners.$inferSelect;

/** What the back office edits of a banner, besides its schedule. */
const BANNER_FIELDS = ['title', 'subtitle', 'image', 'link', 'position', 'active'] as const;

function bannerFields(row: BannerRow) {
  return itemFields(row, BANNER_FIELDS);
}

function toStoreBanner(row: BannerRow, now = new Date()): StoreBanner {
  return { id: row.id, ...bannerFields(row), imageUrl: imageUrl(row.image), status: contentStatus(row, now) };
}

function bannerColumns(draft: BannerDraft) {
  return itemColumns(draft, BANNER_FIELDS);
}

const bannerRows = contentRows(banners, isUuid, () => new AppError('banner/not_found'));

export const bannerKind: ContentKind<BannerRow, StoreBanner, BannerDraft> = {
  noun: 'banner',
  async list(db) {
    const rows = await bannerRows.list(db, asc(banners.position), asc(banners.id));
    const now = new Date();
    return rows.map((row) => toStoreBanner(row, now));
  },
  locked: bannerRows.locked,
  async insert(tx, pictures, draft) {
    await holdContentPictures(tx, pictures, [draft.image], 'content/invalid_image');
    return bannerRows.insert(tx, bannerColumns(draft));
  },
  async update(tx, pictures, current, draft) {
    await holdContentPictures(tx, pictures, [draft.image], 'content/invalid_image');
    return bannerRows.rewrite(tx, current.id, bannerColumns(draft));
  },
  remove: (tx, current) => bannerRows.remove(tx, current.id),
  idOf: (row) => row.id,
  fields: bannerFields,
  pictures: (row) => [row.image],
  answer: async (_tx, row) => toStoreBanner(row),
};

// Popups: the newest live one greets visitors of the home page.

type PopupRow = typeof popups.$inferSelect;

/** What the back office edits of a popup, besides its schedule. */
const POPUP_FIELDS = ['title', 'body', 'image', 'link', 'active'] as const;

function popupFields(row: PopupRow) {
  return itemFields(row, POPUP_FIELDS);
}

function toStorePopup(row: PopupRow, now = new Date()): StorePopup {
  return {
    id: row.id,
    ...popupFields(row),
    imageUrl: optionalImageUrl(row.image),
    status: contentStatus(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

function popupColumns(draft: PopupDraft) {
  return itemColumns(draft, POPUP_FIELDS);
}

/** The pictures a popup draft shows: its one, or none. */
const popupPictures = (draft: PopupDraft) => (draft.image === null ? [] : [draft.image]);

const popupRows = contentRows(popups, isUuid, () => new AppError('popup/not_found'));

export const popupKind: ContentKind<PopupRow, StorePopup, PopupDraft> = {
  noun: 'popup',
  /** Newest first: the order in which the home page picks the live one. */
  async list(db) {
    const rows = await popupRows.list(db, desc(popups.createdAt), desc(popups.id));
    const now = new Date();
    return rows.map((row) => toStorePopup(row, now));
  },
  locked: popupRows.locked,
  async insert(tx, pictures, draft) {
    await holdContentPictures(tx, pictures, popupPictures(draft), 'content/invalid_image');
    return popupRows.insert(tx, popupColumns(draft));
  },
  async update(tx, pictures, current, draft) {
    await holdContentPictures(tx, pictures, popupPictures(draft), 'content/invalid_image');
    return popupRows.rewrite(tx, current.id, popupColumns(draft));
  },
  remove: (tx, current) => popupRows.remove(tx, current.id),
  idOf: (row) => row.id,
  fields: popupFields,
  pictures: (row) => [row.image],
  answer: async (_tx, row) => toStorePopup(row),
};
