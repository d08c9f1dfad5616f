import { useQuery } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { useStaffQueries } from '../../../lib/staff-queries';

const DASHBOARD_KEY = ['dashboard'] as const;

/** `GET /admin/dashboard`: the store's day; read again every minute while the page is open. */
export function useDashboard() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...DASHBOARD_KEY, staffId],
    queryFn: async () => answerOf(await storeClient.GET('/admin/dashboard')),
    enabled,
    refetchInterval: 60_000,
  });
}
