import { useState } from 'react';
import { StorePicture } from '../../../components/ui/store-picture';
import { imageUrl, thumbnailUrl } from '../../../lib/images';

type ProductGalleryProps = { name: string; mainImage: string | null; gallery: readonly string[] };

/** The main picture and, when there are more, a row of thumbnail buttons that swap it. */
export function ProductGallery({ name, mainImage, gallery }: ProductGalleryProps) {
  const pictures = [...new Set([mainImage, ...gallery].filter((url): url is string => Boolean(url)))];
  const [shown, setShown] = useState(0);
  const count = Math.max(pictures.length, 1);

  return (
    <div className="flex flex-col gap-3">
      <StorePicture
        src={imageUrl(pictures[shown])}
        alt={count > 1 ? `${name}, picture ${shown + 1} of ${count}` : name}
        width={640}
        height={640}
        loading="eager"
        fetchPriority="high"
        className="aspect-square w-full rounded-2xl border border-line bg-brand-50 object-cover"
      />
      {pictures.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label="More pictures">
          {pictures.map((picture, index) => (
            <li key={picture}>
              <button
                type="button"
                aria-label={`Show picture ${index + 1} of ${count}`}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
                className="block overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-brand-700"
              >
                <StorePicture
                  src={thumbnailUrl(picture)}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  className="size-16 object-cover sm:size-18"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
