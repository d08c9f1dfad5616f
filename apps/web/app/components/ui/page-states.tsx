import { messageForError } from '@crossbuy/core/errors';
import { Link } from 'react-router';
import { Alert } from './alert';
import { textLinkClasses } from './button';
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
