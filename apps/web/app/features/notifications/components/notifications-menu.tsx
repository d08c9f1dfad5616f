import { messageForError } from '@crossbuy/core/errors';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HeaderControlFace, headerControl } from '../../../components/shell/header-control';
import { textLinkClasses } from '../../../components/ui/button';
import { type Notification, useLatestNotifications, useMarkNotificationRead } from '../api/notifications-api';
import { NotificationEntries } from './notification-entry';

/**
 * The signed-in shopper's latest notifications behind a button in the header, with a link to all of them.
 * Loaded on its own (see site-header.tsx), so visitors never download it.
 */
export default function NotificationsMenu() {
  const id = useId();
  const latest = useLatestNotifications();
  const markRead = useMarkNotificationRead();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // Clicking elsewhere or pressing Escape closes the panel; Escape returns focus to the button.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const notifications = latest.data ?? [];
  const unread = notifications.reduce((sum, entry) => sum + (entry.readAt ? 0 : entry.count), 0);

  const read = (entry: Notification) => {
    setOpen(false);
    if (entry.readAt) return;
    markRead.mutate(entry.id, {
      onError: (error) => console.warn('Marking a notification read failed', messageForError(error)),
    });
  };

  // On a phone the panel hangs from the whole header (site-header.tsx), not from this button, so it
  // spans the screen's width instead of running off its edge.
  return (
    <div className="md:relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          setOpen((current) => !current);
          if (!open) void latest.refetch();
        }}
        className={headerControl}
      >
        <HeaderControlFace
          name="Notifications"
          icon={
            <>
              <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" strokeLinejoin="round" />
              <path d="M10 20a2 2 0 0 0 4 0" strokeLinecap="round" />
            </>
          }
        />
        {unread > 0 ? (
          <span
            data-testid="notifications-badge"
            className="absolute end-0.5 top-0.5 rounded-full bg-danger-700 px-1.5 text-xs text-white md:static"
          >
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </button>
      <div
        ref={panel}
        id={`${id}-panel`}
        hidden={!open}
        className="absolute inset-x-4 top-full z-40 mt-1 max-h-[70dvh] overflow-y-auto rounded-xl border border-line bg-white p-2 shadow-lg md:inset-x-auto md:end-0 md:top-auto md:mt-2 md:w-[22rem]"
      >
        <p className="px-2 py-1 text-sm font-semibold">Notifications</p>
        {latest.isError ? (
          <p role="alert" className="px-2 py-2 text-sm text-danger-700">
            {messageForError(latest.error)}
          </p>
        ) : null}
        {latest.isSuccess && notifications.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted">You have no notifications yet.</p>
        ) : null}
        <NotificationEntries
          className="flex flex-col"
          entries={notifications}
          onOpen={read}
          entryClassName="block w-full rounded-lg px-2 py-2 text-start hover:bg-brand-50"
        />
        <p className="border-t border-line px-2 pt-2 text-sm">
          <Link to="/notifications" className={textLinkClasses} onClick={() => setOpen(false)}>
            See all notifications
          </Link>
        </p>
      </div>
    </div>
  );
}
