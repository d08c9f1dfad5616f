import type { PopupDraft, StorePopup } from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUDIT_LOG_KEY, CONTENT_PICTURES_KEY, STORE_POPUPS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** `GET /admin/popups`: every popup, newest first. */
export function usePopupList() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_POPUPS_KEY, staffId],
    queryFn: async () => (await api.get<{ popups: StorePopup[] }>('/admin/popups')).popups,
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
      (popupId === null
        ? await api.post<{ popup: StorePopup }>('/admin/popups', draft)
        : await api.put<{ popup: StorePopup }>(`/admin/popups/${encodeURIComponent(popupId)}`, draft)
      ).popup,
    onSuccess: changed,
  });
}

/** `DELETE /admin/popups/{id}`. */
export function useDeletePopup(popupId: string) {
  const changed = usePopupsChanged();
  return useMutation({
    mutationFn: () => api.delete<{ deleted: true }>(`/admin/popups/${encodeURIComponent(popupId)}`),
    onSuccess: changed,
  });
}
