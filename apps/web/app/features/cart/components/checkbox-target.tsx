import type { ReactNode } from 'react';

/**
 * A 44 by 44 pixel touch target around a line's checkbox: a tap anywhere in it toggles the box, which
 * stays its usual size. The negative margins keep the box where it was beside the line's picture.
 */
export function CheckboxTarget({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label
      htmlFor={htmlFor}
      className="-ms-3 -me-3 -mt-2.5 flex size-11 shrink-0 cursor-pointer items-center justify-center"
    >
      {children}
    </label>
  );
}
