import { LineThumbnail } from '../../../components/ui/line-thumbnail';

/**
 * The start of a line among the cart's: its checkbox for choosing it for checkout, then its picture. The
 * checkbox sits in a 44 by 44 pixel touch target, so a tap anywhere in it toggles the box, which stays its
 * usual size; the negative margins keep the box where it was beside the picture.
 */
export function LineChoice({
  id,
  name,
  image,
  selected,
  disabled,
  describedBy,
  onSelect,
}: {
  /** The line's id; the checkbox's is made from it. */
  id: string;
  /** What the line holds, for the checkbox's name. */
  name: string;
  image: string | null | undefined;
  selected: boolean;
  disabled: boolean;
  /** The id of the sentence saying why the line cannot be chosen, while it cannot. */
  describedBy?: string;
  onSelect: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <label
        htmlFor={`${id}-select`}
        className="-ms-3 -me-3 -mt-2.5 flex size-11 shrink-0 cursor-pointer items-center justify-center"
      >
        <input
          id={`${id}-select`}
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={selected}
          disabled={disabled}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select ${name} for checkout`}
          aria-describedby={describedBy}
        />
      </label>
      <LineThumbnail image={image} size={72} />
    </div>
  );
}
