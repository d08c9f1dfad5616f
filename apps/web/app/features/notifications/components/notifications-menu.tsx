import { formatDateTime } from '@crossbuy/core/dates';
import { messageForError } from '@crossbuy/core/errors';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { headerControl, headerControlLabel } from '../../../components/shell/header-control';
import { listNotifications, markNotificationRead, type Notification } from '../api/notifications-api';

type LoadState = { notifications: Notification[]; failure: string | null; loaded: boolean };

/**
 * The signed-in shopper's latest notifications behind a button in the header. Loaded on its own (see
 * site-header.tsx), so visitors never download it.
 */
export default function NotificationsMenu() {
  const id = useId();
  const [state, setState] = useState<LoadState>({ notifications: [], failure: null, loaded: false });
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      setState({ notifications: await listNotifications(), failure: null, loaded: true });
    } catch (error) {
      setState((current) => ({ ...current, failure: messageForError(error), loaded: true }));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

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

  const unread = state.notifications.reduce((sum, entry) => sum + (entry.readAt ? 0 : entry.count), 0);

  const read = (entry: Notification) => {
    setOpen(false);
    if (entry.readAt) return;
    markNotificationRead(entry.id).then(load, (error: unknown) =>
      console.warn('Marking a notification read failed', messageForError(error)),
    );
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
          if (!open) void load();
        }}
        className={headerControl}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" strokeLinejoin="round" />
          <path d="M10 20a2 2 0 0 0 4 0" strokeLinecap="round" />
        </svg>
        <span className={headerControlLabel}>Notifications</span>
        {unread > 0 ? (
          <span className="absolute end-0.5 top-0.5 rounded-full bg-danger-700 px-1.5 text-xs text-white md:static">
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
        {state.failure ? (
          <p role="alert" className="px-2 py-2 text-sm text-danger-700">
            {state.failure}
          </p>
        ) : null}
        {state.loaded && !state.failure && state.notifications.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted">You have no notifications yet.</p>
        ) : null}
        <ul className="flex flex-col">
          {state.notifications.map((entry) => {
            const body = (
              <>
                <span className={`block text-sm ${entry.readAt ? '' : 'font-semibold'}`}>
                  {entry.title}
                  {entry.count > 1 ? ` (${entry.count})` : ''}
                  {entry.readAt ? null : <span className="sr-only"> (unread)</span>}
                </span>
                <span className="block text-sm text-muted">{entry.body}</span>
                <span className="block text-xs text-muted">{formatDateTime(entry.createdAt)}</span>
              </>
            );
            const style = 'block w-full rounded-lg px-2 py-2 text-start hover:bg-brand-50';
            return (
              <li key={entry.id}>
                {entry.link?.startsWith('/') ? (
                  <Link to={entry.link} className={style} onClick={() => read(entry)}>
                    {body}
                  </Link>
                ) : entry.link ? (
                  <a href={entry.link} rel="noopener" className={style} onClick={() => read(entry)}>
                    {body}
                  </a>
                ) : (
                  <button type="button" className={style} onClick={() => read(entry)}>
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
