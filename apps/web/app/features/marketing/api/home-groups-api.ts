import type { HomeGroupDraft } from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { AUDIT_LOG_KEY, STORE_HOME_GROUPS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** `GET /admin/home_groups`: every home product group in the home page's order. */
export function useHomeGroupList() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_HOME_GROUPS_KEY, staffId],
    queryFn: async () => answerOf(await storeClient.GET('/admin/home_groups')).homeGroups,
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
      answerOf(
        groupId === null
          ? await storeClient.POST('/admin/home_groups', { body: draft })
          : await storeClient.PUT('/admin/home_groups/{id}', {
              params: { path: { id: groupId } },
              body: draft,
            }),
      ).homeGroup,
    onSuccess: changed,
  });
}

/** `DELETE /admin/home_groups/{id}`. */
export function useDeleteHomeGroup(groupId: string) {
  const changed = useHomeGroupsChanged();
  return useMutation({
    mutationFn: async () =>
      answerOf(await storeClient.DELETE('/admin/home_groups/{id}', { params: { path: { id: groupId } } })),
    onSuccess: changed,
  });
}
