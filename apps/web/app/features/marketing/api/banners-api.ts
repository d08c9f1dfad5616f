import type { BannerDraft, ContentPicture } from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { uploadPicture } from '../../../lib/picture-upload';
import { AUDIT_LOG_KEY, CONTENT_PICTURES_KEY, STORE_BANNERS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** `GET /admin/banners`: every banner in the home page's order. */
export function useBannerList() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_BANNERS_KEY, staffId],
    queryFn: async () => answerOf(await storeClient.GET('/admin/banners')).banners,
    enabled,
  });
}

/** `GET /admin/content/pictures`: the pictures a banner may show. */
export function useContentPictures() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...CONTENT_PICTURES_KEY, staffId],
    queryFn: async () => answerOf(await storeClient.GET('/admin/content/pictures')).pictures,
    enabled,
  });
}

/**
 * `POST /admin/content/pictures`: uploads a picture for banners and popups, reporting progress (0 to 1).
 * The answer joins the pictures listed to choose from.
 */
export function useUploadContentPicture() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      (await uploadPicture<{ picture: ContentPicture }>('POST', '/admin/content/pictures', file, onProgress))
        .picture,
    onSuccess: () => client.invalidateQueries({ queryKey: CONTENT_PICTURES_KEY }),
  });
}

function useBannersChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: STORE_BANNERS_KEY }),
      // An uploaded picture no banner, popup or image page shows any more is deleted by the change.
      client.invalidateQueries({ queryKey: CONTENT_PICTURES_KEY }),
      client.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
    ]);
}

/** `POST /admin/banners` or `PUT /admin/banners/{id}`. */
export function useSaveBanner(bannerId: string | null) {
  const changed = useBannersChanged();
  return useMutation({
    mutationFn: async (draft: BannerDraft) =>
      answerOf(
        bannerId === null
          ? await storeClient.POST('/admin/banners', { body: draft })
          : await storeClient.PUT('/admin/banners/{id}', { params: { path: { id: bannerId } }, body: draft }),
      ).banner,
    onSuccess: changed,
  });
}

/** `DELETE /admin/banners/{id}`. */
export function useDeleteBanner(bannerId: string) {
  const changed = useBannersChanged();
  return useMutation({
    mutationFn: async () =>
      answerOf(await storeClient.DELETE('/admin/banners/{id}', { params: { path: { id: bannerId } } })),
    onSuccess: changed,
  });
}
