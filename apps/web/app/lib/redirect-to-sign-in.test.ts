import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  REDIRECT_AFTER_SIGN_IN_KEY,
  redirectToSignIn,
  rememberRedirectAfterSignIn,
  safeRedirectPath,
  takeRedirectAfterSignIn,
} from './redirect-to-sign-in';

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('redirectToSignIn', () => {
  it('remembers the current path, query and hash, then goes to /sign_in', () => {
    window.history.replaceState(null, '', '/sg/cart?itemId=c1#summary');
    const navigate = vi.fn();

    redirectToSignIn(navigate);

    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/sg/cart?itemId=c1#summary');
    expect(navigate).toHaveBeenCalledWith('/sign_in');
  });

  it('remembers a given path instead of the current one', () => {
    window.history.replaceState(null, '', '/cart');
    redirectToSignIn(vi.fn(), '/?link=https%3A%2F%2Fshop.example%2Fitem');
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe(
      '/?link=https%3A%2F%2Fshop.example%2Fitem',
    );
  });
});

describe('takeRedirectAfterSignIn', () => {
  it('returns the remembered path once, then the home page', () => {
    rememberRedirectAfterSignIn('/cart?itemId=c1');
    expect(takeRedirectAfterSignIn()).toBe('/cart?itemId=c1');
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBeNull();
    expect(takeRedirectAfterSignIn()).toBe('/');
  });

  it('refuses a stored path that would leave the site', () => {
    sessionStorage.setItem(REDIRECT_AFTER_SIGN_IN_KEY, '//evil.com/steal');
    expect(takeRedirectAfterSignIn()).toBe('/');
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/', '/'],
    ['/cart', '/cart'],
    ['/sg/cart?itemId=1#top', '/sg/cart?itemId=1#top'],
    ['/search?q=a%20b', '/search?q=a%20b'],
    // Encoded slashes stay inside the path: browsers never decode them into a host.
    ['/%2F%2Fevil.com/cart', '/%2F%2Fevil.com/cart'],
    ['/%5Cevil.com', '/%5Cevil.com'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '//evil.com/cart',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
    ' //evil.com',
    '//localhost:3000/cart',
    '//[',
    'https:evil.com',
    'https://evil.com/cart',
    'http://localhost:3000/cart',
    'javascript:alert(1)',
    'cart',
    '',
    '/sign_in',
    '/sg/sign_in',
  ])('falls back to / for %j', (input) => {
    expect(safeRedirectPath(input)).toBe('/');
  });

  it('falls back for values that are not strings', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(undefined, '/cart')).toBe('/cart');
  });
});
