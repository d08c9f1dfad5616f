import type { ReactNode } from 'react';

/** The colours a status can be drawn in; they only repeat what its words say. */
const TONES = {
  /** Going on as it should: a live voucher, a paid order, a customer in good standing. */
  live: 'bg-brand-50 text-brand-900',
  /** Not started yet, or waiting on someone: a scheduled banner, an order not paid yet. */
  waiting: 'border border-brand-700 bg-white text-brand-900',
  /** Finished well: a completed order. */
  done: 'bg-brand-700 text-white',
  /** Over, for better or worse: an expired voucher, a cancelled order. */
  over: 'bg-line text-ink',
  /** Stopped, or needing the staff: a disabled voucher, a blacklisted customer, a disputed order. */
  danger: 'bg-danger-50 text-danger-700',
};

export type StatusTone = keyof typeof TONES;

/** A record's status as a small pill of words, for lists and headings of the store and the back office. */
export function StatusBadge({
  tone,
  nowrap = false,
  children,
}: {
  tone: StatusTone;
  /** Kept on one line, for a table column that would otherwise be squeezed to break it. */
  nowrap?: boolean;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${nowrap ? 'whitespace-nowrap ' : ''}${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
