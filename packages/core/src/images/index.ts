/** Where the store serves its images; a stored image key 'products/a.svg' is shown at '/images/products/a.svg'. */
export const IMAGE_URL_PREFIX = '/images/';

const THUMBNAIL_SUFFIX = '_thumb';

export function imageUrl(key: string): string {
  return `${IMAGE_URL_PREFIX}${key}`;
}

/** The URL of a picture that may be absent (a product without a main picture, a merchant without a logo). */
export function optionalImageUrl(key: string | null): string | null {
  return key === null ? null : imageUrl(key);
}

/**
 * docs/rules/catalogue-and-regions.md: the thumbnail of an image is its path with a suffix, placed before the extension so the
 * file keeps its type: 'products/a.svg' -> 'products/a_thumb.svg'. Works on keys and URLs alike.
 */
export function thumbnailPath(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return `${path}${THUMBNAIL_SUFFIX}`;
  return `${path.slice(0, dot)}${THUMBNAIL_SUFFIX}${path.slice(dot)}`;
}
