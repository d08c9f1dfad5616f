import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export const REDIRECT_AFTER_SIGN_IN_KEY = 'crossbuy:redirectAfterSignIn';
export const SIGN_IN_PATH = '/sign_in';
/** Where a session whose account has two-factor on goes first, before the remembered path. */
export const TWO_FACTOR_PATH = '/tfa';

const ORIGIN_PROBE = 'http://crossbuy.invalid';

/** The sign-in page, with or without a leading country segment. */
export function isSignInPath(pathname: string): boolean {
  return /^(\/[a-z]{2})?\/sign_in\/?$/i.test(pathname);
}

/**
 * A path on our own origin, or `fallback`. Anything that would leave the site ('//evil.com',
 * '/\evil.com', 'https://…', 'javascript:…') is refused, and so is the sign-in page itself.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN_PROBE);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN_PROBE) return fallback;
  return isSignInPath(url.pathname) ? fallback : `${url.pathname}${url.search}${url.hash}`;
}

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Remembers where to return after sign-in: the given path, or the current path, query and hash. */
export function rememberRedirectAfterSignIn(path: string = currentPath()): void {
  try {
    sessionStore()?.setItem(REDIRECT_AFTER_SIGN_IN_KEY, safeRedirectPath(path));
  } catch {
    // Storage full or disabled: the shopper lands on the home page after sign-in instead.
  }
}

/** The remembered path, cleared so it is used once; '/' when there is none. */
export function takeRedirectAfterSignIn(): string {
  const storage = sessionStore();
  let stored: string | null = null;
  try {
    stored = storage?.getItem(REDIRECT_AFTER_SIGN_IN_KEY) ?? null;
    storage?.removeItem(REDIRECT_AFTER_SIGN_IN_KEY);
  } catch {
    stored = null;
  }
  return safeRedirectPath(stored);
}

export function redirectToSignIn(navigate: (to: string) => void, path?: string): void {
  rememberRedirectAfterSignIn(path);
  navigate(SIGN_IN_PATH);
}

export function useRedirectToSignIn(): (path?: string) => void {
  const navigate = useNavigate();
  return useCallback((path?: string) => redirectToSignIn(navigate, path), [navigate]);
}
