import { ApiError } from '@crossbuy/core/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

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
 * TanStack Query for per-user data (ARCHITECTURE.md). Mount it inside the signed-in guard and key it by
 * the user's id: its cache then lives exactly as long as one user's session on screen, so signing out or
 * switching accounts never shows the previous shopper's data.
 */
export function UserQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
