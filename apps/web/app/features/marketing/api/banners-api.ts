import type { BannerDraft, ContentPicture, StoreBanner } from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { uploadPicture } from '../../../lib/picture-upload';
import { AUDIT_LOG_KEY, CONTENT_PICTURES_KEY, STORE_BANNERS_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** `GET /admin/banners`: every banner in the home page's order. */
export function useBannerList() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...STORE_BANNERS_KEY, staffId],
    queryFn: async () => (await api.get<{ banners: StoreBanner[] }>('/admin/banners')).banners,
    enabled,
  });
}

/** `GET /admin/content/pictures`: the pictures a banner may show. */
export function useContentPictures() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...CONTENT_PICTURES_KEY, staffId],
    queryFn: async () => (await api.get<{ pictures: ContentPicture[] }>('/admin/content/pictures')).pictures,
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
      (bannerId === null
        ? await api.post<{ banner: StoreBanner }>('/admin/banners', draft)
        : await api.put<{ banner: StoreBanner }>(`/admin/banners/${encodeURIComponent(bannerId)}`, draft)
      ).banner,
    onSuccess: changed,
  });
}

/** `DELETE /admin/banners/{id}`. */
export function useDeleteBanner(bannerId: string) {
  const changed = useBannersChanged();
  return useMutation({
    mutationFn: () => api.delete<{ deleted: true }>(`/admin/banners/${encodeURIComponent(bannerId)}`),
    onSuccess: changed,
  });
}
