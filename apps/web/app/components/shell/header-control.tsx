import type { ReactNode } from 'react';
import { LineIcon } from '../ui/line-icon';

/**
 * A header control: on a phone an icon of touch size whose name is read out but not shown, so the logo
 * and every control share one row above the search box; from md up the name is shown beside the icon.
 */
export const headerControl =
  'relative inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 md:px-3';

/** The name of a header control: read out always, shown from md up. */
export const headerControlLabel = 'sr-only md:not-sr-only';

/** What a header control shows: its icon (the shapes inside a LineIcon) and its name. */
export function HeaderControlFace({ icon, name }: { icon: ReactNode; name: string }) {
  return (
    <>
      <LineIcon>{icon}</LineIcon>
      <span className={headerControlLabel}>{name}</span>
    </>
  );
}
