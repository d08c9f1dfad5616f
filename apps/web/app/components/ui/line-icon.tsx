import type { ReactNode } from 'react';

/**
 * An icon drawn in the store's line style (24 units square, stroked in the text's colour), hidden from
 * screen readers: the control it sits in carries the name.
 */
export function LineIcon({ className = 'size-5', children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
