import type { ContentPicture } from '@crossbuy/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { uploadPicture } from '../../../lib/picture-upload';
import { CONTENT_PICTURES_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/** `GET /admin/content/pictures`: the pictures banners, popups and image pages may show. */
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
