import { StorePicture } from '../../../components/ui/store-picture';
import { imageUrl } from '../../../lib/images';

const FRAME = 'aspect-[3/1] w-full bg-brand-50 object-cover';

/**
 * A banner's or the popup's picture, in the 3 to 1 frame the back office asks such pictures to fill. It is
 * decorative (the title beside it says what it is about), and it is fetched once layout finds it in view: the
 * home page's largest paint is its heading, and an eager picture would be preloaded ahead of the stylesheet
 * that paint waits for (decision 0054).
 */
export function ContentPicture({
  image,
  width,
  className,
}: {
  image: string;
  /** How wide it is drawn, in px; its height is a third of that. */
  width: number;
  className?: string;
}) {
  return (
    <StorePicture
      src={imageUrl(image)}
      alt=""
      width={width}
      height={width / 3}
      loading="lazy"
      className={className ? `${FRAME} ${className}` : FRAME}
    />
  );
}
