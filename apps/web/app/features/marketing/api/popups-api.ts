import type { PopupDraft } from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { AUDIT_LOG_KEY, CONTENT_PICTURES_KEY, STORE_POPUPS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** `GET /admin/popups`: every popup, newest first. */
export function usePopupList() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_POPUPS_KEY, staffId],
    queryFn: async () => answerOf(await storeClient.GET('/admin/popups')).popups,
    enabled,
  });
}

function usePopupsChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: STORE_POPUPS_KEY }),
      client.invalidateQueries({ queryKey: CONTENT_PICTURES_KEY }),
      client.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
    ]);
}

/** `POST /admin/popups` or `PUT /admin/popups/{id}`. */
export function useSavePopup(popupId: string | null) {
  const changed = usePopupsChanged();
  return useMutation({
    mutationFn: async (draft: PopupDraft) =>
      answerOf(
        popupId === null
          ? await storeClient.POST('/admin/popups', { body: draft })
          : await storeClient.PUT('/admin/popups/{id}', { params: { path: { id: popupId } }, body: draft }),
      ).popup,
    onSuccess: changed,
  });
}

/** `DELETE /admin/popups/{id}`. */
export function useDeletePopup(popupId: string) {
  const changed = usePopupsChanged();
  return useMutation({
    mutationFn: async () =>
      answerOf(await storeClient.DELETE('/admin/popups/{id}', { params: { path: { id: popupId } } })),
    onSuccess: changed,
  });
}
