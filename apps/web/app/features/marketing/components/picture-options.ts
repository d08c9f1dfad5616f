import { useContentPictures } from '../api/content-pictures-api';

/**
 * The store's content pictures as a select's options. Pictures content already shows stay choosable
 * even should the folder listing no longer show them.
 */
export function useContentPictureOptions(kept: readonly string[]) {
  const pictures = useContentPictures();
  const options = (pictures.data ?? []).map((picture) => ({ value: picture.key, label: picture.key }));
  for (const key of kept) {
    if (key && !options.some((option) => option.value === key)) options.unshift({ value: key, label: key });
  }
  return { pictures, options };
}
