import { z } from 'zod';
import { categoryIdSchema } from '../catalogue/schemas.js';
import { fails, whenFieldsValid } from '../validation/issue-codes.js';
import { instantSchema } from '../validation/wire.js';

// The store's editorial content as the back office writes it: banners on the home page, and the rules
// every piece of content shares (its links, its pictures, its schedule).

export const CONTENT_TITLE_MAX_LENGTH = 120;
export const CONTENT_TEXT_MAX_LENGTH = 300;
export const CONTENT_LINK_MAX_LENGTH = 500;
export const CONTENT_POSITION_MAX = 9_999;

/**
 * A link a shopper may be sent to from the store's content: a path on this site (`/search?q=tea`), or an
 * https address. Anything else (`javascript:`, `data:`, plain http, a protocol-relative `//host`) is
 * refused, so content can never run script or downgrade the connection.
 */
export function isSafeContentLink(text: string): boolean {
  if (text.length === 0 || text.length > CONTENT_LINK_MAX_LENGTH || /\s/.test(text)) return false;
  if (text.startsWith('/')) return !text.startsWith('//') && !text.includes('\\');
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A picture in the store's image folder: lower-case path segments ending in a picture's extension. */
export const CONTENT_IMAGE_KEY_PATTERN =
  /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+\.(svg|png|jpe?g|webp)$/;

export function isContentImageKey(text: string): boolean {
  return text.length <= 200 && CONTENT_IMAGE_KEY_PATTERN.test(text) && !text.includes('..');
}

const linkSchema = z
  .string(fails('content/invalid_link'))
  .trim()
  .transform((text) => (text === '' ? null : text))
  .refine((text) => text === null || isSafeContentLink(text), 'content/invalid_link')
  .nullable()
  .default(null);

// One catalogue code for any moment that cannot be read, whatever the instant schema found wrong.
const windowEdge = z
  .string(fails('content/invalid_window'))
  .refine((text) => instantSchema.safeParse(text).success, 'content/invalid_window')
  .nullable()
  .default(null);

/** A schedule's window: either edge may be open; when both are set the start comes first. */
function windowInOrder(draft: { startsAt: string | null; endsAt: string | null }): boolean {
  return !draft.startsAt || !draft.endsAt || Date.parse(draft.startsAt) < Date.parse(draft.endsAt);
}

const titleSchema = z
  .string(fails('content/invalid_title'))
  .trim()
  .min(1, 'content/invalid_title')
  .max(CONTENT_TITLE_MAX_LENGTH, 'content/invalid_title');

const textSchema = z
  .string(fails('content/invalid_text'))
  .trim()
  .max(CONTENT_TEXT_MAX_LENGTH, 'content/invalid_text')
  .default('');

const imageKeySchema = z
  .string(fails('content/invalid_image'))
  .trim()
  .refine(isContentImageKey, 'content/invalid_image');

const positionSchema = z
  .int(fails('content/invalid_position'))
  .min(0, 'content/invalid_position')
  .max(CONTENT_POSITION_MAX, 'content/invalid_position')
  .default(0);

/** Every piece of content shows only while switched on and inside its optional window. */
const scheduleShape = {
  active: z.boolean(fails('content/invalid_active')).default(true),
  startsAt: windowEdge,
  endsAt: windowEdge,
};

const windowRule = {
  path: ['endsAt'],
  message: 'content/invalid_window',
  ...whenFieldsValid(['startsAt', 'endsAt']),
};

/** Shown on the home page in `position` order, while live. */
export const bannerDraftSchema = z
  .object({
    title: titleSchema,
    subtitle: textSchema,
    image: imageKeySchema,
    link: linkSchema,
    position: positionSchema,
    ...scheduleShape,
  })
  .refine(windowInOrder, windowRule);
export type BannerDraftInput = z.input<typeof bannerDraftSchema>;
export type BannerDraft = z.output<typeof bannerDraftSchema>;

/** Shown once to a visitor of the home page: the newest live popup. Its picture is optional. */
export const popupDraftSchema = z
  .object({
    title: titleSchema,
    body: textSchema,
    image: z
      .string(fails('content/invalid_image'))
      .trim()
      .transform((text) => (text === '' ? null : text))
      .refine((text) => text === null || isContentImageKey(text), 'content/invalid_image')
      .nullable()
      .default(null),
    link: linkSchema,
    ...scheduleShape,
  })
  .refine(windowInOrder, windowRule);
export type PopupDraftInput = z.input<typeof popupDraftSchema>;
export type PopupDraft = z.output<typeof popupDraftSchema>;

/** Where a piece of content stands now, by its switch and its window. */
export const CONTENT_STATUSES = ['live', 'scheduled', 'ended', 'disabled'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
  live: 'Live',
  scheduled: 'Scheduled',
  ended: 'Ended',
  disabled: 'Disabled',
};

export function contentStatus(
  content: { active: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): ContentStatus {
  if (!content.active) return 'disabled';
  if (content.startsAt && now < content.startsAt) return 'scheduled';
  if (content.endsAt && now >= content.endsAt) return 'ended';
  return 'live';
}

export const storeBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The picture's key in the image store, and its address. */
  image: z.string(),
  imageUrl: z.string(),
  link: z.string().nullable(),
  position: z.int(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  status: z.enum(CONTENT_STATUSES),
});
export type StoreBanner = z.infer<typeof storeBannerSchema>;

export const storePopupSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  image: z.string().nullable(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  status: z.enum(CONTENT_STATUSES),
  createdAt: z.string(),
});
export type StorePopup = z.infer<typeof storePopupSchema>;

export const contentPictureSchema = z.object({ key: z.string(), url: z.string() });
export type ContentPicture = z.infer<typeof contentPictureSchema>;

// Home product groups: rows of products on the home page, in `position` order while live. A row shows the
// products picked for it; its category, when set, names the row's "see all" place on the storefront.

/** Kept in step with the catalogue message of `content/invalid_products`. */
export const HOME_GROUP_PRODUCTS_MAX = 30;

export const homeGroupDraftSchema = z
  .object({
    title: titleSchema,
    categoryId: z
      .string(fails('content/invalid_category'))
      .trim()
      .transform((text) => (text === '' ? null : text))
      .refine((text) => text === null || categoryIdSchema.safeParse(text).success, 'content/invalid_category')
      .nullable()
      .default(null),
    productIds: z
      .array(z.uuid(fails('content/invalid_products')), fails('content/invalid_products'))
      .max(HOME_GROUP_PRODUCTS_MAX, 'content/invalid_products')
      .refine(
        (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
        'content/invalid_products',
      )
      .default([]),
    position: positionSchema,
    ...scheduleShape,
  })
  .refine(windowInOrder, windowRule);
export type HomeGroupDraftInput = z.input<typeof homeGroupDraftSchema>;
export type HomeGroupDraft = z.output<typeof homeGroupDraftSchema>;

export const storeHomeGroupSchema = z.object({
  id: z.string(),
  title: z.string(),
  categoryId: z.string().nullable(),
  /** The category's name, or null when the row has none. */
  categoryName: z.string().nullable(),
  /** The picked products in the row's order, enabled or not: the storefront shows only those on sale. */
  products: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean() })),
  position: z.int(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  status: z.enum(CONTENT_STATUSES),
});
export type StoreHomeGroup = z.infer<typeof storeHomeGroupSchema>;

// Image pages: a page of pictures at /image_page/{id}, each picture optionally leading somewhere. Pictures
// come from the image store as banners' do, and their links follow the same rules.

export const IMAGE_PAGE_PICTURES_MAX = 20;
export const IMAGE_PAGE_ID_MAX_LENGTH = 64;
/** The page's address on the storefront: lower-case words joined by single hyphens, as the table checks. */
export const IMAGE_PAGE_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const imagePagePictureSchema = z.object(
  {
    image: imageKeySchema,
    link: linkSchema,
    /** What the picture shows, for shoppers who cannot see it; empty marks it as decoration. */
    alt: textSchema,
  },
  fails('content/invalid_pictures'),
);
export type ImagePagePicture = z.output<typeof imagePagePictureSchema>;

export const imagePageDraftSchema = z.object({
  title: titleSchema,
  pictures: z
    .array(imagePagePictureSchema, fails('content/invalid_pictures'))
    .min(1, 'content/invalid_pictures')
    .max(IMAGE_PAGE_PICTURES_MAX, 'content/invalid_pictures'),
  active: z.boolean(fails('content/invalid_active')).default(true),
});
export type ImagePageDraftInput = z.input<typeof imagePageDraftSchema>;
export type ImagePageDraft = z.output<typeof imagePageDraftSchema>;

/** A new page also names its address, which stays: links elsewhere lead to it. */
export const newImagePageSchema = imagePageDraftSchema.extend({
  id: z
    .string(fails('content/invalid_page_id'))
    .trim()
    .max(IMAGE_PAGE_ID_MAX_LENGTH, 'content/invalid_page_id')
    .regex(IMAGE_PAGE_ID_PATTERN, 'content/invalid_page_id'),
});
export type NewImagePageInput = z.input<typeof newImagePageSchema>;
export type NewImagePage = z.output<typeof newImagePageSchema>;

export const storeImagePageSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The storefront path the page lives at. */
  path: z.string(),
  pictures: z.array(
    z.object({ image: z.string(), imageUrl: z.string(), link: z.string().nullable(), alt: z.string() }),
  ),
  active: z.boolean(),
  /** How many banners and popups link to the page; it cannot be deleted while any do. */
  linkedFrom: z.int(),
});
export type StoreImagePage = z.infer<typeof storeImagePageSchema>;

export function imagePagePath(id: string): string {
  return `/image_page/${id}`;
}
