import { ApiError } from '@crossbuy/core/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // The API client already refreshed a refused session; a 4xx answer will not change on retry,
        // but a dropped connection or a 5xx might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/**
 * TanStack Query for per-user data (docs/architecture.md). Mount it inside the signed-in guard and key it by
 * the user's id: its cache then lives exactly as long as one user's session on screen, so signing out or
 * switching accounts never shows the previous shopper's data.
 */
export function UserQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * The shell's cache, for per-user data the header and any page share (cart, quotations). It is not
 * remounted when the shopper signs in, which would reset the page they are on; instead each query's key
 * carries the user's id, and everything cached is dropped when the user changes.
 */
export function ShellQueryProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const [client] = useState(createQueryClient);
  const previousUser = useRef(userId);
  useEffect(() => {
    if (previousUser.current === userId) return;
    previousUser.current = userId;
    client.removeQueries();
  }, [client, userId]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
