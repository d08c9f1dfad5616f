import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigation } from 'react-router';
import { useErrorSlot } from '../../lib/error-slots';
import { Alert } from '../ui/alert';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The id of the page's main landmark, which the skip link leads to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * What a route's `handle` may say about the shell: `ownFrame` when its layout draws its own header,
 * navigation and main landmark (the back office), so the storefront's header and footer stay out.
 */
export type ShellHandle = { ownFrame?: boolean };

function useOwnFrame(): boolean {
  return useMatches().some((match) => (match.handle as ShellHandle | null | undefined)?.ownFrame === true);
}

/**
 * A client-side navigation does not reset focus as a page load does; moving it to the new content lets
 * screen reader and keyboard users start there instead of in the old header link. For the main landmark.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

/** Skip link, header, main landmark and footer around every page; a page with its own frame draws those. */
export function AppShell({ children }: { children?: ReactNode }) {
  const ownFrame = useOwnFrame();
  const navigation = useNavigation();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-lg bg-brand-800 px-4 py-3 font-semibold text-white focus:not-sr-only focus:absolute focus:start-3 focus:top-3"
      >
        Skip to main content
      </a>
      {navigation.state === 'idle' ? null : (
        // Client navigations wait for the next page's data; this says so at the top of the window.
        <div
          role="progressbar"
          aria-label="Loading the page"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-700"
        />
      )}
      {ownFrame ? children : <StorefrontFrame>{children}</StorefrontFrame>}
    </div>
  );
}

function StorefrontFrame({ children }: { children?: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const configError = useErrorSlot('config');
  useFocusOnNavigation(main);

  return (
    <>
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} ref={main} tabIndex={-1} className="flex-1 outline-none">
        {configError ? (
          <div className="mx-auto max-w-6xl px-4 pt-4">
            <Alert>
              The store settings could not be loaded ({configError.message}); prices may be shown in the
              default currency.
            </Alert>
          </div>
        ) : null}
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
