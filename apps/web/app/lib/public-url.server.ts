/**
 * The absolute address of a path on the store, from PUBLIC_URL (the address shoppers use). Link previews
 * need absolute URLs; without PUBLIC_URL none is claimed, because the request's Host header is the
 * client's to choose and must not end up in a page others may be shown.
 */
export function publicUrl(path: string): string | null {
  const base = process.env.PUBLIC_URL;
  if (!base) return null;
  try {
    return new URL(path, base).href;
  } catch {
    return null;
  }
}

/** An image for link previews: absolute where the store's address is known, else the path as it is. */
export function publicImageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  return publicUrl(path) ?? path;
}
