import { useQuery } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { useUser } from '../../../lib/user-store';

const DASHBOARD_KEY = ['dashboard'] as const;

/** `GET /admin/dashboard`: the store's day; read again every minute while the page is open. */
export function useDashboard() {
  const { signedIn, profile } = useUser();
  return useQuery({
    queryKey: [...DASHBOARD_KEY, profile?.id ?? null],
    queryFn: async () => answerOf(await storeClient.GET('/admin/dashboard')),
    enabled: signedIn && profile !== null && profile.role !== 'shopper',
    refetchInterval: 60_000,
  });
}
