import { messageForError } from '@crossbuy/core/errors';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { EmptyCard, LoadFailure } from '../../../components/ui/page-states';
import {
  type Notification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationPages,
} from '../api/notifications-api';
import { NotificationEntries } from './notification-entry';

function markedWords(count: number): string {
  if (count === 0) return 'Everything was already read.';
  return count === 1 ? 'Marked 1 notification read.' : `Marked ${count} notifications read.`;
}

/**
 * All of the shopper's notifications, newest first, a page at a time. Opening one marks it read; "Mark all
 * as read" marks everything up to the newest shown, so one that arrives meanwhile stays unread.
 */
export function NotificationsPage() {
  const pages = useNotificationPages();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [said, setSaid] = useState('');
  const list = useRef<HTMLUListElement>(null);
  // The first of the older notifications just asked for, which takes focus once it is on the page.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);

  const notifications = pages.data?.pages.flatMap((page) => page.notifications) ?? [];

  // On to the first older one: the button may be gone (nothing older), and focus must not fall to the page.
  useEffect(() => {
    if (focusFrom === null || notifications.length <= focusFrom) return;
    list.current?.children[focusFrom]?.querySelector<HTMLElement>('a, button')?.focus();
    setFocusFrom(null);
  }, [focusFrom, notifications.length]);

  const open = (entry: Notification) => {
    if (entry.readAt) return;
    markRead.mutate(entry.id, {
      onError: (error) => setSaid(`Marking it read failed: ${messageForError(error)}`),
    });
  };

  const markAllRead = () => {
    setSaid('');
    markAll.mutate(notifications[0]?.createdAt, {
      onSuccess: ({ markedCount }) => setSaid(markedWords(markedCount)),
    });
  };

  const showOlder = async () => {
    const before = notifications.length;
    const result = await pages.fetchNextPage();
    const loaded = (result.data?.pages.flatMap((page) => page.notifications).length ?? before) - before;
    if (result.isError) return;
    setSaid(loaded === 1 ? '1 older notification shown.' : `${loaded} older notifications shown.`);
    setFocusFrom(before);
  };

  return (
    <section
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10"
      aria-labelledby="notifications-heading"
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="notifications-heading" className="text-3xl font-bold tracking-tight">
            Notifications
          </h1>
          {notifications.length > 0 ? (
            <Button variant="secondary" onClick={markAllRead} disabled={markAll.isPending}>
              {markAll.isPending ? 'Marking…' : 'Mark all as read'}
            </Button>
          ) : null}
        </div>
        <p role="status" className="min-h-5 text-sm text-muted">
          {said}
        </p>
      </div>
      {markAll.isError ? <Alert>{messageForError(markAll.error)}</Alert> : null}

      {pages.isPending ? (
        <Loading>Loading your notifications…</Loading>
      ) : pages.isError && notifications.length === 0 ? (
        <LoadFailure what="your notifications" error={pages.error} onRetry={() => void pages.refetch()} />
      ) : notifications.length === 0 ? (
        <EmptyCard title="You have no notifications yet">
          <p className="text-muted">
            News about your orders, their messages and your quotations will show here.
          </p>
          <Link to="/orders" className={buttonClasses('secondary')}>
            Go to your orders
          </Link>
        </EmptyCard>
      ) : (
        <>
          <NotificationEntries
            ref={list}
            aria-label="Notifications, newest first"
            className="divide-y divide-line rounded-2xl border border-line bg-white"
            entries={notifications}
            onOpen={open}
            entryClassName="block w-full px-4 py-3 text-start hover:bg-brand-50"
          />
          {pages.isFetchNextPageError ? (
            <Alert>We could not load older notifications: {messageForError(pages.error)}</Alert>
          ) : null}
          {pages.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              onClick={() => void showOlder()}
              disabled={pages.isFetchingNextPage}
            >
              {pages.isFetchingNextPage ? 'Loading older…' : 'Show older'}
            </Button>
          ) : (
            <p className="text-center text-sm text-muted">That is all of your notifications.</p>
          )}
        </>
      )}
    </section>
  );
}
