import type { ImagePageDraft, NewImagePage } from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { AUDIT_LOG_KEY, CONTENT_PICTURES_KEY, STORE_IMAGE_PAGES_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** `GET /admin/image_pages`: every image page by its address. */
export function useImagePageList() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_IMAGE_PAGES_KEY, staffId],
    queryFn: async () => answerOf(await storeClient.GET('/admin/image_pages')).imagePages,
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
    mutationFn: async (draft: ImagePageDraft | NewImagePage) => {
      if (pageId === null) {
        // The new page's form checks it with newImagePageSchema, so the draft names its address.
        const body = draft as NewImagePage;
        return answerOf(await storeClient.POST('/admin/image_pages', { body })).imagePage;
      }
      const params = { path: { id: pageId } };
      return answerOf(await storeClient.PUT('/admin/image_pages/{id}', { params, body: draft })).imagePage;
    },
    onSuccess: changed,
  });
}

/** `DELETE /admin/image_pages/{id}`. */
export function useDeleteImagePage(pageId: string) {
  const changed = useImagePagesChanged();
  return useMutation({
    mutationFn: async () =>
      answerOf(await storeClient.DELETE('/admin/image_pages/{id}', { params: { path: { id: pageId } } })),
    onSuccess: changed,
  });
}
