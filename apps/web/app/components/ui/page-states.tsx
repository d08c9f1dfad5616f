import { messageForError } from '@crossbuy/core/errors';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from './alert';
import { Button, textLinkClasses } from './button';
import { Loading } from './loading';

// What a page that loads one thing (an order, a quotation) shows while it loads and when it cannot.

export function PageLoading({ children }: { children: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Loading>{children}</Loading>
    </div>
  );
}

/** The catalogue message of the failure, and the way back to the list the shopper came from. */
export function PageError({
  error,
  backTo,
  backLabel,
}: {
  error: unknown;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-10">
      <Alert>{messageForError(error)}</Alert>
      <Link to={backTo} className={textLinkClasses}>
        {backLabel}
      </Link>
    </div>
  );
}

/** What could not be loaded ("your cart"), the catalogue message of why, and a way to try again. */
export function LoadFailure({
  what,
  error,
  onRetry,
  className = '',
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-start gap-4 ${className}`}>
      <Alert>
        We could not load {what}: {messageForError(error)}
      </Alert>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

/**
 * Why a part of a page (a conversation, the payment step) could not be loaded, in the store's words, and
 * a quiet way to load it again; the rest of the page stays usable around it.
 */
export function ErrorWithRetry({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>{messageForError(error)}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** What a list shows when it has nothing to show: why, in a sentence ("No order matches."). */
export function EmptyList({ children }: { children: string }) {
  return <p className="rounded-2xl border border-line bg-white p-6 text-lg font-semibold">{children}</p>;
}

/**
 * What a list shows when it has nothing to show and there is more to say than why: the sentence, then
 * `children` (what the list would hold, a link to where to go instead).
 */
export function EmptyCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-white p-6">
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}
