import type { ChangeEvent, ReactNode, Ref } from 'react';
import { PICTURE_ACCEPT } from '../../lib/picture-upload';

/**
 * Where the back office chooses a picture to upload (a product's, a banner's or a popup's): the label, a
 * hint saying what it takes, a file input offering only the types the store keeps, and the upload's
 * progress under it while it runs. The parts stand in the caller's column, which sets their spacing.
 */
export function PictureUploadField({
  id,
  label,
  hint,
  inputRef,
  disabled,
  onChange,
  progress,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  /** For moving the focus back to the input once what it started is done. */
  inputRef?: Ref<HTMLInputElement>;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** How much of the upload has gone, from 0 to 1; null while none runs. */
  progress: number | null;
}) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={PICTURE_ACCEPT}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onChange={onChange}
        className="max-w-full text-sm"
      />
      {progress !== null ? (
        <progress value={progress} max={1} aria-label="Upload progress" className="w-full max-w-sm">
          {Math.round(progress * 100)}%
        </progress>
      ) : null}
    </>
  );
}
