import { z } from 'zod';
import { currencyCodeSchema, instantSchema, moneySchema } from '../validation/wire.js';

// The storefront's wire shapes (docs/rules/catalogue-and-regions.md, docs/rules/api-and-errors.md), shared by the server's routes and the web's calls.
// Ids are strings, money is { amountMinor, currency } and times are ISO 8601 in UTC.

/** A country code as given in a query or body; 'sg' is read as 'SG'. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);

/** The region a call prices for; without one, the shopper's preferred region or the store's default. */
export const regionQuerySchema = z.object({ region: countryCodeSchema.optional() });
const isoTime = z.iso.datetime();

/**
 * Category ids are lower-case slugs; having no '.' keeps them safe inside a dotted path. A schema, so it
 * lives here with the others rather than beside the category rules, which pages use without Zod.
 */
export const categoryIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(64);

export const variantSchema = z.object({ name: z.string(), options: z.array(z.string()) });

export const merchantRefSchema = z.object({ id: z.string(), name: z.string() });

export const priceRangeSchema = z.object({ min: moneySchema, max: moneySchema });

/** A product in a list: enough for a card, nothing a card does not show. */
export const productSummarySchema = z.object({
  uuid: z.string(),
  paramName: z.string(),
  name: z.string(),
  /** An image URL; null when the product has none and a placeholder is shown. */
  mainImage: z.string().nullable(),
  /** The price in the requested region's currency (the lowest of its variants when it has any). */
  price: moneySchema,
  /** The currency every price of this answer is in: the requested region's. */
  priceCurrency: currencyCodeSchema,
  priceRange: priceRangeSchema,
  /** Units on hand; for a product with variants, the sum over its variants. */
  stock: z.int(),
  disabled: z.boolean(),
  sourceMarketPlace: z.string(),
  merchant: merchantRefSchema,
  categoryId: z.string(),
  createdAt: isoTime,
});

export const variantPathEntrySchema = z.object({ price: moneySchema, stock: z.int() });

/** A product page: the summary plus what only the page shows. */
export const productSchema = productSummarySchema.extend({
  description: z.string(),
  gallery: z.array(z.string()),
  variants: z.array(variantSchema),
  /** Keyed by variant path ('0/1'); empty for a product without variants. */
  variantPaths: z.record(z.string(), variantPathEntrySchema),
});

/** What the signed-in shopper has done with a product; all false for a visitor. */
export const productFlagsSchema = z.object({ inWishlist: z.boolean(), inCart: z.boolean() });

export type ProductFlags = z.infer<typeof productFlagsSchema>;

export type ProductSummary = z.infer<typeof productSummarySchema>;
export type Product = z.infer<typeof productSchema>;

export const categoryNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  get children(): z.ZodArray<typeof categoryNodeSchema> {
    return z.array(categoryNodeSchema);
  },
});

export const merchantSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  sourceMarketPlace: z.string(),
  countryCode: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  /** Products on sale (not disabled). */
  productCount: z.int(),
});

export type Merchant = z.infer<typeof merchantSchema>;

export const PRODUCT_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const SEARCH_DEFAULT_LIMIT = 24;
export const SEARCH_MAX_LIMIT = 60;
/**
 * The deepest page a page number opens: an offset costs the database every row it skips. Past it a
 * listing goes on through `after`, the `nextCursor` of the page before, which costs the same at any depth.
 */
export const SEARCH_MAX_PAGE = 100;
export const SEARCH_MAX_CURSOR_LENGTH = 300;
export const SEARCH_MAX_QUERY_LENGTH = 100;

const minorAmount = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const productSearchQuerySchema = z
  .object({
    q: z.string().trim().max(SEARCH_MAX_QUERY_LENGTH).optional(),
    /** Includes the category's descendants. */
    categoryId: categoryIdSchema.optional(),
    merchantId: z.string().max(64).optional(),
    /** Bounds in minor units of the region's currency, inclusive. */
    minPrice: minorAmount.optional(),
    maxPrice: minorAmount.optional(),
    inStock: z.stringbool().optional(),
    /** Default: relevance with a text query, else newest. */
    sort: z.enum(PRODUCT_SORTS).optional(),
    page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1),
    /** The `nextCursor` of the page before: the page after it, at any depth; `page` is then ignored. */
    after: z.string().min(1).max(SEARCH_MAX_CURSOR_LENGTH).optional(),
    limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
    /** Country code of the region whose prices to show; default the default region. */
    region: countryCodeSchema.optional(),
    /**
     * Search for the words exactly as typed: no misspelt word is replaced by a word the catalogue knows
     * (the page's "Search instead for ..." link).
     */
    asTyped: z.stringbool().optional(),
  })
  .refine(
    (query) =>
      query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
    {
      path: ['minPrice'],
    },
  );

export type ProductSearchQuery = z.infer<typeof productSearchQuerySchema>;

const facetCountSchema = z.object({ id: z.string(), name: z.string(), count: z.int() });

export const productSearchResultSchema = z.object({
  products: z.array(productSummarySchema),
  total: z.int(),
  /** The page's number, counted from the first page (also when it was opened by a cursor). */
  page: z.int(),
  limit: z.int(),
  /** Opens the page after this one as `after`; null on the last page. */
  nextCursor: z.string().nullable(),
  region: z.string(),
  /** Counts over every product matching the current filters, not just this page. */
  facets: z.object({
    categories: z.array(facetCountSchema),
    merchants: z.array(facetCountSchema),
    stock: z.object({ inStock: z.int(), soldOut: z.int() }),
  }),
  /**
   * The query the products were found for when some of its words matched nothing as typed and were
   * replaced by the nearest words the catalogue knows ('hedphones' → 'headphones'); null when the words
   * were searched as typed.
   */
  correctedQuery: z.string().nullable(),
});

export type ProductSearchResult = z.infer<typeof productSearchResultSchema>;

export const regionSchema = z.object({
  countryCode: z.string(),
  name: z.string(),
  currency: currencyCodeSchema,
  enabled: z.boolean(),
  default: z.boolean(),
});

export type Region = z.infer<typeof regionSchema>;

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const popupSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
});
export type Popup = z.infer<typeof popupSchema>;

export const imagePageSchema = z.object({
  id: z.string(),
  title: z.string(),
  images: z.array(z.object({ image: z.string(), link: z.string().nullable(), alt: z.string() })),
});
export type ImagePage = z.infer<typeof imagePageSchema>;

export const homeProductGroupSchema = z.object({
  id: z.string(),
  title: z.string(),
  categoryId: categoryIdSchema.nullable(),
  products: z.array(productSummarySchema),
});
export type HomeProductGroup = z.infer<typeof homeProductGroupSchema>;

export const shippingLocationSchema = z.object({ id: z.string(), countryCode: z.string(), name: z.string() });

export const wishlistItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  createdAt: isoTime,
  product: productSummarySchema,
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  groupKey: z.string(),
  readAt: isoTime.nullable(),
  createdAt: isoTime,
  /** How many notifications this entry stands for: 1, or the size of its group when collapsed. */
  count: z.int(),
});

export const NOTIFICATION_DEFAULT_LIMIT = 5;
export const NOTIFICATION_MAX_LIMIT = 50;

/**
 * POST /notification/read_all (docs/features/notifications.md). `upTo` is the `createdAt` of the newest notification
 * the reader has seen: one that arrives after it stays unread. Without it, everything until now is read.
 */
export const markAllNotificationsReadSchema = z.strictObject({ upTo: instantSchema.optional() });

export const markAllNotificationsReadAnswerSchema = z.object({
  /** How many notifications were unread and now are read. */
  markedCount: z.int(),
});

/** The longest text a suggestion call reads: suggestions are for the first words a shopper types. */
export const SUGGEST_MAX_QUERY_LENGTH = 100;
export const SUGGEST_DEFAULT_LIMIT = 6;
export const SUGGEST_MAX_LIMIT = 8;
/** Categories suggested at most, above the products. */
export const SUGGEST_MAX_CATEGORIES = 3;

export const searchSuggestionsQuerySchema = z.object({
  /** What the shopper has typed so far; the last word may be partial. Blank gives no suggestions. */
  q: z.string().trim().max(SUGGEST_MAX_QUERY_LENGTH),
  /** Products suggested at most. */
  limit: z.coerce.number().int().min(1).max(SUGGEST_MAX_LIMIT).default(SUGGEST_DEFAULT_LIMIT),
});

export type SearchSuggestionsQuery = z.infer<typeof searchSuggestionsQuerySchema>;

export const productSuggestionSchema = z.object({
  uuid: z.string(),
  paramName: z.string(),
  name: z.string(),
  mainImage: z.string().nullable(),
});

export const categorySuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The name of the category it sits in, to tell apart two categories of one name; null at the top. */
  parentName: z.string().nullable(),
});

export const searchSuggestionsSchema = z.object({
  categories: z.array(categorySuggestionSchema),
  products: z.array(productSuggestionSchema),
  /** As in a search: the query the suggestions were found for when misspelt words were replaced. */
  correctedQuery: z.string().nullable(),
});

export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;
export type CategorySuggestion = z.infer<typeof categorySuggestionSchema>;
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;
