/** Query parameters that only say where a click came from; two links differing only in them are one page. */
const TRACKING_PARAMETERS: ReadonlySet<string> = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
]);

function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMETERS.has(lower);
}

/**
 * A pasted link as the store keeps it, so the same page pasted twice is looked up once: http or https
 * only, scheme and host lower-cased (URL parsing does that, and turns international hosts to punycode),
 * default port, trailing dot of the host, fragment and click-tracking parameters (utm_*, fbclid, gclid, ...)
 * dropped, every other parameter kept in its order. Null when the text is not such a link, or names a
 * user and password.
 */
export function normaliseExternalLink(text: string): string | null {
  const trimmed = text.trim();
  if (!URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) {
    if (isTrackingParameter(name)) url.searchParams.delete(name);
  }
  // A query left empty, or sent as a lone '?', goes with its '?'.
  if (url.search === '') url.search = '';
  return url.href;
}
