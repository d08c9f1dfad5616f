import { isRouteErrorResponse, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { COUNTRY_LAYOUT_ROUTE_ID } from './lib/analytics';
import routes from './routes';
import { loader as countryLayoutLoader } from './routes/country-layout';

type ConfigEntry = { file: string; path?: string; index?: boolean; children?: ConfigEntry[] };

// The ids React Router gives routes: the file path without its extension.
function toRouteObjects(entries: readonly ConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.file.replace(/\.tsx?$/, '');
    return entry.index
      ? { id, index: true }
      : { id, path: entry.path ?? '', children: toRouteObjects(entry.children ?? []) };
  });
}

const routeTree: RouteObject[] = [{ id: 'root', path: '', children: toRouteObjects(routes) }];

function matchedRoute(path: string) {
  const matches = matchRoutes(routeTree, path) ?? [];
  return { id: matches.at(-1)?.route.id, params: matches.at(-1)?.params ?? {} };
}

function runCountryLoader(country: string | undefined) {
  return countryLayoutLoader({ params: { country } } as Parameters<typeof countryLayoutLoader>[0]);
}

describe('routes', () => {
  it.each([
    ['/', 'routes/home'],
    ['/cart', 'routes/cart'],
    ['/checkout', 'routes/checkout'],
    ['/quotations', 'routes/quotations'],
    ['/quotations/new', 'routes/quotation-new'],
    ['/quotations/q1', 'routes/quotation'],
    ['/orders', 'routes/orders'],
    ['/orders/o1', 'routes/order'],
    ['/contact', 'routes/contact'],
    ['/sign_in', 'routes/sign-in'],
    ['/register', 'routes/register'],
    ['/verify_email', 'routes/verify-email'],
    ['/forgot_password', 'routes/forgot-password'],
    ['/reset_password', 'routes/reset-password'],
    ['/tfa', 'routes/tfa'],
    ['/tfa/reset', 'routes/tfa-reset'],
    ['/account', 'routes/account'],
    ['/account/security', 'routes/account-security'],
    ['/account/addresses', 'routes/account-addresses'],
    ['/dev/mailbox', 'routes/dev-mailbox'],
    ['/_app', 'routes/app-shell'],
    ['/search', 'routes/search'],
    ['/category/audio', 'routes/category'],
    ['/categories/audio', 'routes/categories-redirect'],
    ['/product/studio-headphones-3b70b94c', 'routes/product'],
    ['/terms', 'routes/terms'],
    ['/privacy', 'routes/privacy'],
    ['/merchants', 'routes/merchants'],
    ['/merchant/2d77f9f7-bfdd-430f-a50b-3c00eae8ac1c', 'routes/merchant'],
    ['/wishlist', 'routes/wishlist'],
    ['/image_page/japan-week', 'routes/image-page'],
  ])('routes %s the same with or without a country segment', (path, id) => {
    const plain = matchedRoute(path);
    expect(plain.id).toBe(id);
    expect(plain.params.country).toBeUndefined();
    expect(matchedRoute(`/sg${path === '/' ? '' : path}`)).toEqual({
      id,
      params: { ...plain.params, country: 'sg' },
    });
  });

  it('puts the account pages behind one layout', () => {
    for (const path of ['/account', '/sg/account/security', '/account/addresses']) {
      const ids = matchRoutes(routeTree, path)?.map((match) => match.route.id);
      expect(ids, path).toContain('routes/account-layout');
    }
    expect(matchRoutes(routeTree, '/tfa')?.map((match) => match.route.id)).not.toContain(
      'routes/account-layout',
    );
  });

  it('sends unknown paths of two or more segments to the not-found page', () => {
    expect(matchedRoute('/cart/extra').id).toBe('routes/not-found');
    expect(matchedRoute('/sg/unknown').id).toBe('routes/not-found');
    expect(matchedRoute('/sg/cart/extra').id).toBe('routes/not-found');
    expect(matchedRoute('/account/unknown').id).toBe('routes/not-found');
  });

  // A single unknown segment looks like a country segment to the matcher; the layout's loader
  // then answers 404 (tested below).
  it('leaves a single unknown segment to the country check', () => {
    expect(matchedRoute('/searches')).toEqual({ id: 'routes/home', params: { country: 'searches' } });
  });

  it('names the country layout as analytics expects', () => {
    const layout = matchRoutes(routeTree, '/sg/cart')?.find(
      (match) => match.route.id === COUNTRY_LAYOUT_ROUTE_ID,
    );
    expect(layout?.params.country).toBe('sg');
  });

  it('accepts a known country segment in either case and answers 404 for anything else', () => {
    expect(runCountryLoader(undefined)).toEqual({ countryCode: null });
    expect(runCountryLoader('sg')).toEqual({ countryCode: 'SG' });
    expect(runCountryLoader('MY')).toEqual({ countryCode: 'MY' });

    for (const segment of ['zz', 'foo', 'cartx', 's']) {
      let thrown: unknown;
      try {
        runCountryLoader(segment);
      } catch (error) {
        thrown = error;
      }
      // A thrown data() is the router's own response type; the status is what reaches the browser.
      expect(thrown).toMatchObject({ init: { status: 404 } });
      expect(isRouteErrorResponse(thrown)).toBe(false);
    }
  });
});
