import type { MetaDescriptor } from 'react-router';

const SITE_NAME = 'Crossbuy';

/** What a page tells search engines and link previews about itself. */
export type PageMeta = {
  /** Without the site name, which is appended. */
  title: string;
  description: string;
  /** An absolute URL where one is known (previews need it), else a path on our origin. */
  image?: string | null | undefined;
  type?: 'website' | 'product';
  /** The page's absolute address; left out when the public address of the store is not configured. */
  url?: string | null | undefined;
  /** Pages that are not worth finding on their own (an empty listing, a withdrawn product). */
  noindex?: boolean;
};

// Descriptions longer than this are cut by search engines anyway, usually mid-word.
const DESCRIPTION_MAX = 160;

function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 0) || cut.length)}…`;
}

/** Title, description and Open Graph tags for a route's meta(). */
export function pageMeta({
  title,
  description,
  image,
  type = 'website',
  url,
  noindex,
}: PageMeta): MetaDescriptor[] {
  const fullTitle = `${title} · ${SITE_NAME}`;
  const summary = shortDescription(description);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: summary },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: summary },
    { property: 'og:type', content: type },
  ];
  if (image) tags.push({ property: 'og:image', content: image });
  if (url) {
    tags.push({ property: 'og:url', content: url });
    tags.push({ tagName: 'link', rel: 'canonical', href: url });
  }
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
