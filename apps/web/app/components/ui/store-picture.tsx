import { type ComponentProps, type SyntheticEvent, useEffect, useRef } from 'react';
import { PLACEHOLDER_IMAGE } from '../../lib/images';

/** Swaps a picture that could not be loaded for the store's placeholder, once. */
function showPlaceholder(image: HTMLImageElement): void {
  if (image.getAttribute('src') === PLACEHOLDER_IMAGE) return;
  image.removeAttribute('srcset');
  image.src = PLACEHOLDER_IMAGE;
}

/**
 * A product or quotation picture that shows the store's placeholder when its file cannot be loaded (a
 * marketplace's photo taken down, a moved file), instead of the browser's broken-image icon. A server-rendered
 * picture may fail before the page's scripts start (decision 0052), so one already failed is swapped when
 * the component mounts.
 */
export function StorePicture({ onError, ...props }: ComponentProps<'img'>) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const current = image.current;
    // A picture the browser has finished with either decodes or is broken; one still loading reports
    // through onError. (Its size cannot tell: an SVG without a size of its own has none either.)
    if (current?.complete && current.getAttribute('src')) {
      current.decode?.().catch(() => showPlaceholder(current));
    }
  }, []);
  return (
    // biome-ignore lint/a11y/useAltText: the alt text comes with the props, as for any img
    <img
      ref={image}
      {...props}
      onError={(event: SyntheticEvent<HTMLImageElement>) => {
        showPlaceholder(event.currentTarget);
        onError?.(event);
      }}
    />
  );
}
