import { thumbnailUrl } from '../../lib/images';
import { SquarePicture } from './square-picture';

const SIZE_CLASSES = { 56: 'size-14', 64: 'size-16', 72: 'size-18' } as const;

/**
 * The small picture beside a line of a cart, checkout or order. It is decorative (the line's name says
 * what it is), and its box is reserved before it loads, so the list does not move.
 */
export function LineThumbnail({
  image,
  size,
}: {
  image: string | null | undefined;
  size: keyof typeof SIZE_CLASSES;
}) {
  return (
    <SquarePicture
      src={thumbnailUrl(image)}
      size={size}
      className={`${SIZE_CLASSES[size]} shrink-0 rounded-lg border border-line bg-white object-cover`}
    />
  );
}
