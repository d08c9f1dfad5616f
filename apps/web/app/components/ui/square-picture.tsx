import { StorePicture } from './store-picture';

/**
 * A stored picture drawn as a square beside the words that name it (a product's, a merchant's logo, a
 * quotation item's), so it is decorative and has no text of its own. Its size in px reserves its box before
 * it loads, so nothing around it moves; one that cannot be loaded shows the store's placeholder.
 */
export function SquarePicture({
  src,
  size,
  loading,
  className,
}: {
  src: string;
  size: number;
  /** `lazy` where a page shows many of them, most of them below the first screen. */
  loading?: 'lazy';
  className: string;
}) {
  return <StorePicture src={src} alt="" width={size} height={size} loading={loading} className={className} />;
}
