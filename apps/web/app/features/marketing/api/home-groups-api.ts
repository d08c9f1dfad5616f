import type { HomeGroupDraft, StoreHomeGroup } from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUDIT_LOG_KEY, STORE_HOME_GROUPS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** `GET /admin/home_groups`: every home product group in the home page's order. */
export function useHomeGroupList() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_HOME_GROUPS_KEY, staffId],
    queryFn: async () => (await api.get<{ homeGroups: StoreHomeGroup[] }>('/admin/home_groups')).homeGroups,
    enabled,
  });
}

function useHomeGroupsChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: STORE_HOME_GROUPS_KEY }),
      client.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
    ]);
}

/** `POST /admin/home_groups` or `PUT /admin/home_groups/{id}`. */
export function useSaveHomeGroup(groupId: string | null) {
  const changed = useHomeGroupsChanged();
  return useMutation({
    mutationFn: async (draft: HomeGroupDraft) =>
      (groupId === null
        ? await api.post<{ homeGroup: StoreHomeGroup }>('/admin/home_groups', draft)
        : await api.put<{ homeGroup: StoreHomeGroup }>(
            `/admin/home_groups/${encodeURIComponent(groupId)}`,
            draft,
          )
      ).homeGroup,
    onSuccess: changed,
  });
}

/** `DELETE /admin/home_groups/{id}`. */
export function useDeleteHomeGroup(groupId: string) {
  const changed = useHomeGroupsChanged();
  return useMutation({
    mutationFn: () => api.delete<{ deleted: true }>(`/admin/home_groups/${encodeURIComponent(groupId)}`),
    onSuccess: changed,
  });
}
