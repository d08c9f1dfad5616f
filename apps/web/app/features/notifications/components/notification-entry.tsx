import { formatStoreDateTime } from '@crossbuy/core/dates';
import { notificationGroupWords } from '@crossbuy/core/order-words';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../api/notifications-api';

/**
 * One notification as the bell and the notifications page show it: its title (bold while unread, and said
 * to be unread for a screen reader), its text, how many updates a collapsed entry stands for, and when.
 * Opening it follows its link and calls `onOpen`, which marks it read.
 */
export function NotificationEntry({
  entry,
  onOpen,
  className,
}: {
  entry: Notification;
  onOpen: (entry: Notification) => void;
  className: string;
}) {
  const unread = entry.readAt === null;
  const group = notificationGroupWords(entry.count);
  const content = (
    <>
      <span className="flex items-start gap-2">
        {unread ? (
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-700" />
        ) : null}
        <span className={`block text-sm ${unread ? 'font-semibold' : ''}`}>
          {entry.title}
          {unread ? <span className="sr-only"> (unread)</span> : null}
        </span>
      </span>
      {entry.body ? <span className="block break-words text-sm text-muted">{entry.body}</span> : null}
      <span className="block text-xs text-muted">
        {group ? `${group} · ` : ''}
        <time dateTime={entry.createdAt}>{formatStoreDateTime(entry.createdAt)}</time>
      </span>
    </>
  );
  const open = () => onOpen(entry);
  if (entry.link?.startsWith('/')) {
    return (
      <Link to={entry.link} className={className} onClick={open}>
        {content}
      </Link>
    );
  }
  if (entry.link) {
    return (
      <a href={entry.link} rel="noopener" className={className} onClick={open}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={open}>
      {content}
    </button>
  );
}

/**
 * The notifications as the bell and the notifications page list them, newest first, an entry an item;
 * `list` is the list's own attributes (its name, its look, a ref for moving the focus).
 */
export function NotificationEntries({
  entries,
  onOpen,
  entryClassName,
  ...list
}: ComponentProps<'ul'> & {
  entries: readonly Notification[];
  onOpen: (entry: Notification) => void;
  /** How each entry looks in this list. */
  entryClassName: string;
}) {
  return (
    <ul {...list}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <NotificationEntry entry={entry} onOpen={onOpen} className={entryClassName} />
        </li>
      ))}
    </ul>
  );
}
