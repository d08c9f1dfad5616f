import {
  type CurrencyCode,
  isCurrencyCode,
  type Money,
  minorUnitDigits,
  parseMajorAmount,
} from '@crossbuy/core/money';
import { type CheerioAPI, loadBuffer } from 'cheerio';
import { decodeHTML } from 'entities';

export const PAGE_NAME_MAX_LENGTH = 300;
export const PAGE_DESCRIPTION_MAX_LENGTH = 2000;
export const PAGE_MAX_IMAGES = 10;
const IMAGE_URL_MAX_LENGTH = 2048;

/** What a product page says about itself, from its structured data first and its plain tags last. */
export type PageMetadata = {
  name: string | null;
  description: string | null;
  /** Absolute http(s) links, best first, without repeats. */
  images: string[];
  /** Null unless both an amount and a currency the store knows were found together. */
  price: Money | null;
  siteName: string | null;
};

type JsonObject = Record<string, unknown>;

const PRODUCT_TYPES: ReadonlySet<string> = new Set([
  'product',
  'productgroup',
  'productmodel',
  'individualproduct',
  'someproducts',
  'vehicle',
  'car',
  'book',
]);

/**
 * Reads a fetched HTML page (docs/decisions/0024): schema.org JSON-LD (a Product, its Offer or
 * AggregateOffer, inside arrays or an @graph), then microdata (itemprop name, price, priceCurrency,
 * image), then Open Graph (og:*, product:price:*), then the <title>. Each field comes from the first
 * source that has it; a price comes whole (amount and currency) from one source. `pageUrl` is where
 * the page was read from, against which relative image links resolve. The body is decoded by its byte
 * order mark, the charset the response named, or the page's own <meta charset>, as browsers do.
 */
export function readPageMetadata(body: Buffer, pageUrl: string, charset?: string): PageMetadata {
  const $ = loadBuffer(body, {
    encoding: { defaultEncoding: 'utf-8', ...(charset ? { transportLayerEncodingLabel: charset } : {}) },
  });
  const product = jsonLdProduct($);
  const microdata = microdataProduct($);
  const meta = (...names: string[]) => metaContent($, names);

  const name = firstText(
    PAGE_NAME_MAX_LENGTH,
    product && text(product.name),
    microdata.name,
    meta('og:title', 'twitter:title'),
    $('title').first().text(),
  );
  const description = firstText(
    PAGE_DESCRIPTION_MAX_LENGTH,
    product && text(product.description),
    microdata.description,
    meta('og:description', 'twitter:description', 'description'),
  );
  const images = absoluteImages(pageUrl, [
    ...(product ? imageLinks(product.image) : []),
    ...microdata.images,
    ...metaContents($, ['og:image', 'og:image:secure_url', 'og:image:url', 'twitter:image']),
  ]);
  const price =
    (product && offerPrice(product.offers)) ??
    microdata.price ??
    priceOf(
      meta('product:price:amount', 'og:price:amount'),
      meta('product:price:currency', 'og:price:currency'),
    );
  const siteName = firstText(PAGE_NAME_MAX_LENGTH, meta('og:site_name', 'application-name'));
  return { name, description, images, price, siteName };
}

function metaContents($: CheerioAPI, names: readonly string[]): string[] {
  const wanted = new Set(names);
  const found: string[] = [];
  $('meta').each((_, element) => {
    const key = (
      element.attribs.property ??
      element.attribs.name ??
      element.attribs.itemprop ??
      ''
    ).toLowerCase();
    const content = element.attribs.content;
    if (wanted.has(key) && content) found.push(content);
  });
  return found;
}

/** The first non-empty content among meta tags named in `names`, in the order of `names`. */
function metaContent($: CheerioAPI, names: readonly string[]): string | undefined {
  for (const name of names) {
    const [content] = metaContents($, [name]).filter((value) => value.trim() !== '');
    if (content) return content;
  }
  return undefined;
}

function firstText(maxLength: number, ...candidates: (string | null | undefined)[]): string | null {
  for (const candidate of candidates) {
    // Control characters (a NUL from a JSON-LD escape) have no place in a name, and PostgreSQL refuses NUL.
    const cleaned = candidate?.replace(/[\s\p{Cc}]+/gu, ' ').trim();
    if (cleaned) return [...cleaned].slice(0, maxLength).join('');
  }
  return null;
}

/** A JSON-LD value as text; pages often leave HTML entities (`&amp;`, `&#8211;`) in their JSON. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.includes('&') ? decodeHTML(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (isObject(value)) return text(value['@value']);
  return undefined;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(node: JsonObject): string[] {
  const type = node['@type'];
  const names = Array.isArray(type) ? type : [type];
  return names
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.replace(/^(https?:\/\/schema\.org\/|schema:)/i, '').toLowerCase());
}

/** Pages with stray control characters or a trailing comma in their JSON-LD are common; these are mended. */
function parseJsonLd(source: string): unknown {
  try {
    return JSON.parse(source);
  } catch {
    try {
      return JSON.parse(source.replace(/\p{Cc}+/gu, ' ').replace(/,\s*([}\]])/g, '$1'));
    } catch {
      return undefined;
    }
  }
}

/** The first Product node in the page's JSON-LD blocks, looked for through arrays, @graph and nesting. */
function jsonLdProduct($: CheerioAPI): JsonObject | undefined {
  const roots = $('script[type="application/ld+json" i]')
    .toArray()
    .map((element) => parseJsonLd($(element).text()));
  const pending: unknown[] = roots.reverse();
  let visited = 0;
  // Depth-first in document order, bounded so a hostile page cannot keep us walking.
  while (pending.length > 0 && visited < 5000) {
    const node = pending.pop();
    visited += 1;
    if (Array.isArray(node)) {
      pending.push(...[...node].reverse());
    } else if (isObject(node)) {
      if (typesOf(node).some((type) => PRODUCT_TYPES.has(type))) return node;
      pending.push(...Object.values(node).reverse());
    }
  }
  return undefined;
}

/** A price from schema.org offers: an Offer, an AggregateOffer (its lowPrice), or a list of either. */
function offerPrice(offers: unknown, depth = 0): Money | null {
  if (depth > 3) return null;
  for (const offer of Array.isArray(offers) ? offers : [offers]) {
    if (!isObject(offer)) continue;
    const specification = Array.isArray(offer.priceSpecification)
      ? offer.priceSpecification[0]
      : offer.priceSpecification;
    const currency =
      text(offer.priceCurrency) ?? (isObject(specification) ? text(specification.priceCurrency) : undefined);
    const amount =
      text(offer.price) ??
      text(offer.lowPrice) ??
      (isObject(specification) ? text(specification.price) : undefined);
    const price = priceOf(amount, currency) ?? offerPrice(offer.offers, depth + 1);
    if (price) return price;
  }
  return null;
}

function microdataProduct($: CheerioAPI): {
  name?: string;
  description?: string;
  images: string[];
  price: Money | null;
} {
  const scope = $('[itemscope][itemtype*="schema.org/Product" i]').first();
  if (scope.length === 0) return { images: [], price: null };
  const property = (name: string) => {
    const element = scope.find(`[itemprop="${name}"]`).first();
    if (element.length === 0) return undefined;
    return element.attr('content') ?? element.attr('src') ?? element.attr('href') ?? element.text();
  };
  const images = scope
    .find('[itemprop="image"]')
    .toArray()
    .map((element) => element.attribs.content ?? element.attribs.src ?? element.attribs.href ?? '')
    .filter(Boolean);
  return {
    name: property('name'),
    description: property('description'),
    images,
    price: priceOf(property('price') ?? property('lowPrice'), property('priceCurrency')),
  };
}

function imageLinks(value: unknown, depth = 0): string[] {
  if (depth > 3) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((item) => imageLinks(item, depth + 1));
  if (isObject(value)) {
    const link = text(value.url) ?? text(value.contentUrl);
    return link ? [link] : [];
  }
  return [];
}

function absoluteImages(pageUrl: string, links: readonly string[]): string[] {
  const images: string[] = [];
  for (const link of links) {
    const trimmed = link.trim();
    if (!trimmed || !URL.canParse(trimmed, pageUrl)) continue;
    const url = new URL(trimmed, pageUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (url.href.length > IMAGE_URL_MAX_LENGTH || images.includes(url.href)) continue;
    images.push(url.href);
    if (images.length === PAGE_MAX_IMAGES) break;
  }
  return images;
}

/**
 * A price from an amount as pages write it ("1980", "1,980", "19.99", "1.234,56", "¥1,980") and an ISO
 * currency code; null unless the store knows the currency and the amount reads as one number.
 */
export function priceOf(amount: string | undefined, currency: string | undefined): Money | null {
  const code = currency?.trim().toUpperCase();
  if (!amount || !code || !isCurrencyCode(code)) return null;
  const decimal = plainDecimal(amount, code);
  if (decimal === null) return null;
  const price = parseMajorAmount(decimal, code);
  return price && price.amountMinor >= 0 && price.amountMinor <= 2_147_483_647 ? price : null;
}

/**
 * The amount as a plain decimal ("1234.56"). With both separators the later one is the decimal mark. A
 * comma alone groups thousands when every group after it has three digits ("1,980"), else it is a decimal
 * comma ("19,99"). A dot alone is a decimal point, unless it repeats ("1.234.567") or the currency has no
 * minor units ("1.980" yen).
 */
function plainDecimal(amount: string, currency: CurrencyCode): string | null {
  const digits = amount.replace(/[^\d.,]/g, '');
  if (!/\d/.test(digits)) return null;
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalMark = lastDot > lastComma ? '.' : ',';
    const grouping = decimalMark === '.' ? ',' : '.';
    const [whole = '', fraction = '', ...rest] = digits.split(grouping).join('').split(decimalMark);
    return rest.length > 0 ? null : `${whole}.${fraction}`;
  }
  const separator = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : '';
  if (!separator) return digits;
  const groups = digits.split(separator);
  const groupsThousands =
    groups.length > 2 || (groups[1]?.length === 3 && (separator === ',' || minorUnitDigits(currency) === 0));
  if (groupsThousands) {
    return groups.slice(1).every((group) => group.length === 3) ? groups.join('') : null;
  }
  return groups.length === 2 ? `${groups[0]}.${groups[1]}` : null;
}
