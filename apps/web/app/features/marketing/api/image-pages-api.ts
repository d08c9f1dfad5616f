import type { ImagePageDraft, NewImagePage, StoreImagePage } from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUDIT_LOG_KEY, CONTENT_PICTURES_KEY, STORE_IMAGE_PAGES_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** `GET /admin/image_pages`: every image page by its address. */
export function useImagePageList() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_IMAGE_PAGES_KEY, staffId],
    queryFn: async () => (await api.get<{ imagePages: StoreImagePage[] }>('/admin/image_pages')).imagePages,
    enabled,
  });
}

function useImagePagesChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: STORE_IMAGE_PAGES_KEY }),
      client.invalidateQueries({ queryKey: CONTENT_PICTURES_KEY }),
      client.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
    ]);
}

/** `POST /admin/image_pages` (a new page names its address) or `PUT /admin/image_pages/{id}`. */
export function useSaveImagePage(pageId: string | null) {
  const changed = useImagePagesChanged();
  return useMutation({
    mutationFn: async (draft: ImagePageDraft | NewImagePage) =>
      (pageId === null
        ? await api.post<{ imagePage: StoreImagePage }>('/admin/image_pages', draft)
        : await api.put<{ imagePage: StoreImagePage }>(
            `/admin/image_pages/${encodeURIComponent(pageId)}`,
            draft,
          )
      ).imagePage,
    onSuccess: changed,
  });
}

/** `DELETE /admin/image_pages/{id}`. */
export function useDeleteImagePage(pageId: string) {
  const changed = useImagePagesChanged();
  return useMutation({
    mutationFn: () => api.delete<{ deleted: true }>(`/admin/image_pages/${encodeURIComponent(pageId)}`),
    onSuccess: changed,
  });
}
