import { messageForError } from '@crossbuy/core/errors';
import type { ReactNode } from 'react';

type AlertProps = { tone?: 'error' | 'info'; children: ReactNode };

/** A message that assistive technology announces as soon as it appears. */
export function Alert({ tone = 'error', children }: AlertProps) {
  const styles =
    tone === 'error'
      ? 'border-danger-700/30 bg-danger-50 text-danger-700'
      : 'border-brand-200 bg-brand-50 text-brand-900';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}

/** Why a request was refused, in the store's words; nothing while there is no refusal. */
export function ErrorAlert({ error }: { error: unknown }) {
  return error ? <Alert>{messageForError(error)}</Alert> : null;
}
