const PROBE_ORIGIN = 'http://crossbuy.invalid';

/**
 * Whether a redirect's Location keeps the browser on `origin`. Browsers read '//host', '/\host' and
 * '\\host' (backslashes count as slashes, tabs and new lines are dropped) as another site, so the value
 * is resolved the way a browser would and its origin compared, rather than matched by prefix. Relative
 * values must stay paths: one naming a host is refused even if the host is ours ('//store.example/'),
 * and one no browser could resolve ('//[', a port out of range) is refused too, never thrown.
 */
export function isSameOriginLocation(location: string, origin: string): boolean {
  try {
    if (location.startsWith('/') || location.startsWith('\\')) {
      return new URL(location, PROBE_ORIGIN).origin === PROBE_ORIGIN;
    }
    return new URL(location).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
