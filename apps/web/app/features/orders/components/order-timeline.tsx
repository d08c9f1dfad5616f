import { formatStoreDateTime } from '@crossbuy/core/dates';
import { messageForError } from '@crossbuy/core/errors';
import {
  lastCursor,
  ORDER_MESSAGE_MAX_LENGTH,
  orderMessageRequestSchema,
  type TimelineEntry,
} from '@crossbuy/core/order-chat';
import { orderEventSentence } from '@crossbuy/core/order-words';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { SubmitButton } from '../../../components/ui/button';
import { CONTROL_CLASSES } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { ErrorWithRetry } from '../../../components/ui/page-states';
import {
  type ChatMode,
  type LiveState,
  useLiveStatusChange,
  useLiveTimeline,
  useMarkChatRead,
  useOrderTimeline,
  useSendOrderMessage,
} from '../api/order-timeline-api';

type OrderTimelineProps = { orderId: string; mode: ChatMode };

/**
 * The order's one timeline: status changes, payment events and the chat with the store, in time order and
 * live. Messages are text, shown as text. New messages from the other side are read out, and the chat is
 * marked read while the page is in front of the reader.
 */
export function OrderTimeline({ orderId, mode }: OrderTimelineProps) {
  const query = useOrderTimeline(mode, orderId);
  const statusChanged = useLiveStatusChange(mode, orderId);
  const [announcement, setAnnouncement] = useState('');
  const loadedCursor = query.data ? (lastCursor(query.data.entries) ?? null) : undefined;
  const [streamFrom, setStreamFrom] = useState<string | null | undefined>(undefined);
  if (streamFrom === undefined && loadedCursor !== undefined) setStreamFrom(loadedCursor);
  const live = useLiveTimeline(mode, orderId, streamFrom, (entry) => {
    if (entry.kind === 'message' && entry.fromStore === (mode === 'shopper')) {
      setAnnouncement(`New message from ${mode === 'shopper' ? 'the store' : 'the shopper'}: ${entry.body}`);
    } else if (
      (entry.kind === 'status' && entry.toStatus) ||
      (entry.kind === 'payment' && entry.detail.result === 'refunded')
    ) {
      setAnnouncement(orderEventSentence(entry, mode));
      statusChanged();
    }
  });
  useMarkReadWhileVisible(mode, orderId, query.data?.unreadCount ?? 0);

  return (
    <section aria-labelledby="order-timeline-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="order-timeline-title" className="text-xl font-bold tracking-tight">
          Messages and updates
        </h2>
        <LiveIndicator state={live} />
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {query.isPending ? (
        <Loading>Loading the conversation…</Loading>
      ) : query.isError ? (
        <ErrorWithRetry error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data.entries.length === 0 ? (
            <p className="text-muted">
              {mode === 'shopper'
                ? 'No messages yet. Ask the store anything about this order.'
                : 'No messages yet.'}
            </p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Timeline, oldest first">
              {query.data.entries.map((entry) => (
                <TimelineItem key={entry.id} entry={entry} mode={mode} />
              ))}
            </ol>
          )}
          <Composer mode={mode} orderId={orderId} />
        </>
      )}
    </section>
  );
}

function LiveIndicator({ state }: { state: LiveState }) {
  const text = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' }[state];
  return (
    <span className="text-xs text-muted" data-live-state={state}>
      {text}
    </span>
  );
}

function TimelineItem({ entry, mode }: { entry: TimelineEntry; mode: ChatMode }) {
  // The time never breaks across lines: a date split from its hour reads as two things.
  const time = (
    <time dateTime={entry.at} className="whitespace-nowrap">
      {formatStoreDateTime(entry.at)}
    </time>
  );
  if (entry.kind === 'message') {
    const mine = entry.fromStore === (mode === 'store');
    const author = entry.fromStore ? 'Store' : mode === 'store' ? 'Shopper' : 'You';
    return (
      <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
        <article
          className={`max-w-[85%] rounded-2xl border px-4 py-2 sm:max-w-[70%] ${
            mine ? 'border-brand-200 bg-brand-50' : 'border-line bg-white'
          }`}
          aria-label={`${author}, ${formatStoreDateTime(entry.at)}`}
        >
          <p className="text-xs font-semibold text-muted">
            {author} · {time}
          </p>
          {/* Text only: React writes it as text, and pre-wrap keeps the writer's line breaks. */}
          <p className="whitespace-pre-wrap break-words">{entry.body}</p>
        </article>
      </li>
    );
  }
  return (
    <li className="flex justify-center">
      <p className="max-w-full rounded-2xl border border-line bg-white px-3 py-1 text-center text-sm text-muted sm:max-w-[85%]">
        <span className="text-ink">{orderEventSentence(entry, mode)}</span> · {time}
      </p>
    </li>
  );
}

function Composer({ mode, orderId }: OrderTimelineProps) {
  const send = useSendOrderMessage(mode, orderId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const counterId = `${fieldId}-counter`;
  const length = [...text].length;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = orderMessageRequestSchema.safeParse({ message: text });
    if (!parsed.success) {
      setError('Please write a message of 1 to 2000 characters.');
      return;
    }
    setError(null);
    try {
      await send.mutateAsync(parsed.data.message);
      setText('');
    } catch (failure) {
      setError(messageForError(failure));
    }
  };
  // Enter starts a new line, as people expect in a message box; Ctrl or Cmd with Enter sends.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2" noValidate>
      <label htmlFor={fieldId} className="font-semibold">
        {mode === 'shopper' ? 'Message the store' : 'Message the shopper'}
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        maxLength={ORDER_MESSAGE_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${counterId} ${errorId}`}
        className={CONTROL_CLASSES}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={counterId} className="text-xs text-muted">
          {length} / {ORDER_MESSAGE_MAX_LENGTH} · Ctrl+Enter sends
        </span>
        <SubmitButton pending={send.isPending} pendingLabel="Sending…">
          Send
        </SubmitButton>
      </div>
      <p id={errorId} role="alert" className="text-sm text-danger-700">
        {error}
      </p>
    </form>
  );
}

/** Marks the chat read whenever unread messages are on a page the reader has in front of them. */
function useMarkReadWhileVisible(mode: ChatMode, orderId: string, unreadCount: number) {
  const markRead = useMarkChatRead(mode, orderId);
  const pending = useRef(false);
  const { mutate } = markRead;
  useEffect(() => {
    if (unreadCount === 0) return;
    const markIfVisible = () => {
      if (document.visibilityState !== 'visible' || pending.current) return;
      pending.current = true;
      mutate(undefined, { onSettled: () => (pending.current = false) });
    };
    markIfVisible();
    document.addEventListener('visibilitychange', markIfVisible);
    return () => document.removeEventListener('visibilitychange', markIfVisible);
  }, [unreadCount, mutate]);
}
