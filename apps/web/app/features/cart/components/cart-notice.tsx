import { Link } from 'react-router';
import { Button, textLinkClasses } from '../../../components/ui/button';
import type { Notice } from '../hooks/use-cart-actions';
import type { CartLine } from '../hooks/use-cart-lines';

/** What the page last did, in a live region, with the way to undo a removal or to follow a move. */
export function CartNotice({ notice, onUndo }: { notice: Notice | null; onUndo: (line: CartLine) => void }) {
  return (
    <div aria-live="polite" className="mt-6 empty:hidden">
      {notice ? (
        <p className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
          {notice.text}
          {notice.undo ? (
            <Button
              variant="secondary"
              className="min-h-9"
              onClick={() => notice.undo && onUndo(notice.undo)}
            >
              Undo
            </Button>
          ) : null}
          {notice.link ? (
            <Link to={notice.link.to} className={textLinkClasses}>
              {notice.link.label}
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
