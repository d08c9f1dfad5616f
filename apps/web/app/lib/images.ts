import { IMAGE_URL_PREFIX, thumbnailPath } from '@crossbuy/core/images';

/**
 * The API names our own pictures by their path on our origin ('/images/products/a.svg'). When
 * VITE_IMAGE_HOST is set (a CDN), the same files are fetched from there instead.
 */
export const IMAGE_HOST: string = (import.meta.env.VITE_IMAGE_HOST || '').replace(/\/+$/, '');

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#eef2f1"/><path d="M34 82l18-22 13 15 9-10 16 17z" fill="#b7c4c1"/><circle cx="78" cy="44" r="8" fill="#b7c4c1"/></svg>`;

/** Shown wherever an image is missing, so a product card keeps its shape. */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(PLACEHOLDER_SVG)}`;

function isOurs(url: string): boolean {
  return url.startsWith(IMAGE_URL_PREFIX);
}

/** Where the browser loads an image the API named; the placeholder when there is none. */
export function imageUrl(url: string | null | undefined): string {
  const trimmed = url?.trim();
  if (!trimmed) return PLACEHOLDER_IMAGE;
  return IMAGE_HOST && isOurs(trimmed) ? `${IMAGE_HOST}${trimmed}` : trimmed;
}

/**
 * The small version of one of our images (core's rule, docs/rules/catalogue-and-regions.md). Pictures from other hosts (a
 * marketplace's photo of an external item) have no thumbnail and are used as they are.
 */
export function thumbnailUrl(url: string | null | undefined): string {
  const trimmed = url?.trim();
  if (!trimmed) return PLACEHOLDER_IMAGE;
  return isOurs(trimmed) ? imageUrl(thumbnailPath(trimmed)) : trimmed;
}
