import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useErrorSlot } from '../../lib/error-slots';
import { Alert } from '../ui/alert';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const MAIN_CONTENT_ID = 'main-content';

/** Skip link, header, main landmark and footer around every page. */
export function AppShell({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const previousPath = useRef(pathname);
  const configError = useErrorSlot('config');
  const navigation = useNavigation();

  // A client-side navigation does not reset focus as a page load does; moving it to the new
  // content lets screen reader and keyboard users start there instead of in the old header link.
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

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
    </div>
  );
}
