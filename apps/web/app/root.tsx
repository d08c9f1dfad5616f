import { messageForError, UNKNOWN_ERROR_MESSAGE } from '@crossbuy/core/errors';
import { type ReactNode, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { AppShell } from './components/shell/app-shell';
import { DeferredScripts } from './components/shell/deferred-scripts';
import { ErrorMessage } from './components/shell/error-message';
import { NotFound } from './components/shell/not-found';
import { useLoadCurrentUser } from './features/auth/hooks/use-load-current-user';
import { usePageViews } from './lib/analytics';
import type { RootData } from './lib/app-config';
import { loadRootData } from './lib/app-config.server';
import { clearErrorSlot, setErrorSlot } from './lib/error-slots';
import { ShellQueryProvider } from './lib/query-provider';
import { PageUserContext, useUser } from './lib/user-store';

// With a precedence React puts the stylesheet in the head ahead of the scripts' modulepreloads, so a
// phone, fetching a few files at a time, gets what the first paint waits for first.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' } as Route.LinkDescriptors[number],
  // Raster icons: an SVG icon is a document of its own, laid out and painted on the page's main thread
  // as the page starts (decision 0055). Drawn from icons/favicon.svg.
  { rel: 'icon', href: '/favicon-32.png', type: 'image/png', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

export const meta: Route.MetaFunction = ({ error }) => [
  { title: isRouteErrorResponse(error) && error.status === 404 ? 'Page not found · Crossbuy' : 'Crossbuy' },
  {
    name: 'description',
    content: 'Shop the Crossbuy catalogue, or paste a link from a marketplace abroad and get a quotation.',
  },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRootData(context, request);
}

// Config and the default region are fetched once per visit (docs/rules/catalogue-and-regions.md), not on every navigation.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5f5a" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <DeferredScripts />
      </body>
    </html>
  );
}

/** The shopper's query cache, for whoever the page is rendered for and then whoever signs in. */
function UserQueries({ children }: { children: ReactNode }) {
  const { profile } = useUser();
  return <ShellQueryProvider userId={profile?.id ?? null}>{children}</ShellQueryProvider>;
}

/** Starts what every page needs once: the current user, and a page view per route change. */
function Shell({ children }: { children: ReactNode }) {
  const pageUser = useRouteLoaderData<RootData>('root')?.currentUser ?? null;
  useLoadCurrentUser(pageUser);
  usePageViews();
  return (
    <PageUserContext value={pageUser}>
      <UserQueries>
        <AppShell>{children}</AppShell>
      </UserQueries>
    </PageUserContext>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { configError } = loaderData;
  useEffect(() => {
    if (configError) setErrorSlot('config', configError);
    else clearErrorSlot('config');
  }, [configError]);

  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFound />
      </Shell>
    );
  }
  // The shopper sees a catalogue message; the details go to the console for whoever investigates.
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Shell>
      <ErrorMessage
        message={isRouteErrorResponse(error) ? messageForError(error.data) : UNKNOWN_ERROR_MESSAGE}
      />
    </Shell>
  );
}
