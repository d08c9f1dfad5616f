/** Product and banner images live on a static host; VITE_IMAGE_HOST points elsewhere (a CDN) when set. */
export const IMAGE_HOST: string = (import.meta.env.VITE_IMAGE_HOST || '/images').replace(/\/+$/, '');

export const THUMBNAIL_SUFFIX = '_thumb';

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#eef2f1"/><path d="M34 82l18-22 13 15 9-10 16 17z" fill="#b7c4c1"/><circle cx="78" cy="44" r="8" fill="#b7c4c1"/></svg>`;

/** Shown wherever an image is missing, so a product card keeps its shape. */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(PLACEHOLDER_SVG)}`;

function isAbsolute(path: string): boolean {
  return /^(https?:)?\/\//i.test(path) || path.startsWith('data:');
}

export function imageUrl(path: string | null | undefined): string {
  const trimmed = path?.trim();
  if (!trimmed) return PLACEHOLDER_IMAGE;
  if (isAbsolute(trimmed)) return trimmed;
  return `${IMAGE_HOST}/${trimmed.replace(/^\/+/, '')}`;
}

/**
 * The thumbnail sits beside the image on our host with THUMBNAIL_SUFFIX before the extension:
 * 'products/photo.jpg' -> 'products/photo_thumb.jpg'; a name without an extension just gains the
 * suffix. Only the file name changes, never a dot in a folder name or a query string.
 */
export function thumbnailPath(path: string): string {
  const queryStart = path.search(/[?#]/);
  const file = queryStart === -1 ? path : path.slice(0, queryStart);
  const rest = queryStart === -1 ? '' : path.slice(queryStart);
  const dot = file.lastIndexOf('.');
  if (dot <= file.lastIndexOf('/') + 1) return `${file}${THUMBNAIL_SUFFIX}${rest}`;
  return `${file.slice(0, dot)}${THUMBNAIL_SUFFIX}${file.slice(dot)}${rest}`;
}

/** Images from other hosts (a marketplace's photo of an external item) have no thumbnail; they are used as they are. */
export function thumbnailUrl(path: string | null | undefined): string {
  const trimmed = path?.trim();
  if (!trimmed) return PLACEHOLDER_IMAGE;
  if (isAbsolute(trimmed)) return trimmed;
  return imageUrl(thumbnailPath(trimmed));
}
