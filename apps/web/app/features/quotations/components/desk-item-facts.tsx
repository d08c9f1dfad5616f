import { formatStoreDateTime } from '@crossbuy/core/dates';
import type { QuotationDeskItem } from '@crossbuy/core/quotation';
import { textLinkClasses } from '../../../components/ui/button';
import { useHydrated } from '../../../lib/use-hydrated';

const RELATIVE = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago a shopper asked, in the largest whole unit: "3 hours ago", "yesterday", "just now". */
export function askedAgo(createdAt: string, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - Date.parse(createdAt));
  for (const [unit, size] of STEPS) {
    if (elapsed >= size) return RELATIVE.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}

/** The site a link points to, without "www.", for saying where a link opens. */
export function siteOf(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '') : url;
}

export function shopperName(shopper: QuotationDeskItem['shopper']): string {
  return `${shopper.firstName} ${shopper.lastName}`.trim() || shopper.email;
}

/**
 * When the shopper asked: how long ago, with the date and time for those who need it exactly. How long
 * ago depends on the browser's clock, so the server's render and hydration show the date and time (the store's).
 */
export function AskedAt({ createdAt }: { createdAt: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={createdAt} title={formatStoreDateTime(createdAt)}>
      {hydrated ? askedAgo(createdAt, new Date()) : formatStoreDateTime(createdAt)}
    </time>
  );
}

/**
 * The page abroad the shopper gave: it opens in a new tab, says so, and gives that page neither a handle
 * on ours nor where it came from. Only the site's name may break anywhere (a long host has no spaces);
 * the words around it break between words.
 */
export function PageAbroadLink({ url, className = '' }: { url: string; className?: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={`${textLinkClasses} ${className}`.trim()}
    >
      Open on <span className="[overflow-wrap:anywhere]">{siteOf(url)}</span> (opens in a new tab)
    </a>
  );
}
