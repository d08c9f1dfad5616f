import {
  mergeTimeline,
  type StoreTimelinePage,
  type TimelineEntry,
  type TimelinePage,
} from '@crossbuy/core/order-chat';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { NOTIFICATIONS_KEY, ORDERS_KEY, STORE_ORDERS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/user-store';

/** Whose side of the order chat the page is on. */
export type ChatMode = 'shopper' | 'store';

export type OrderTimelineAnswer = TimelinePage & Partial<Pick<StoreTimelinePage, 'shopper'>>;

const TIMELINE_PAGE = 200;
const RECONNECT_FIRST_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

/** Each side's calls of the order chat: the shopper's below the original /order/{id}, the store's below its own. */
const CHAT_CALLS = {
  shopper: {
    timeline: '/order/{id}/timeline',
    messages: '/order/{id}/messages',
    markRead: '/order/{id}/update_chat_status',
  },
  store: {
    timeline: '/admin/orders/{id}/timeline',
    messages: '/admin/orders/{id}/messages',
    markRead: '/admin/orders/{id}/update_chat_status',
  },
} as const;

/** The API path of one order's live stream for each side, which the browser opens as an EventSource. */
function liveStreamPath(mode: ChatMode, orderId: string): string {
  const id = encodeURIComponent(orderId);
  return mode === 'shopper' ? `/order/${id}/live` : `/admin/orders/${id}/live`;
}

export function orderTimelineKey(mode: ChatMode, orderId: string, userId: string | null) {
  return ['order-timeline', mode, userId, orderId] as const;
}

function useTimelineKey(mode: ChatMode, orderId: string) {
  const { profile } = useUser();
  return orderTimelineKey(mode, orderId, profile?.id ?? null);
}

/** `GET …/timeline`: the order with its status changes, payments and messages so far. */
export function useOrderTimeline(mode: ChatMode, orderId: string) {
  const { signedIn } = useUser();
  return useQuery({
    queryKey: useTimelineKey(mode, orderId),
    queryFn: async (): Promise<OrderTimelineAnswer> =>
      answerOf(
        await storeClient.GET(CHAT_CALLS[mode].timeline, {
          params: { path: { id: orderId }, query: { limit: TIMELINE_PAGE } },
        }),
      ),
    enabled: signedIn,
    // The live stream keeps it current; reading it again would only repeat what the stream said.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function addEntries(
  client: QueryClient,
  key: readonly unknown[],
  entries: TimelineEntry[],
  unread: (answer: OrderTimelineAnswer) => number,
) {
  client.setQueryData<OrderTimelineAnswer>(key, (answer) =>
    answer
      ? { ...answer, entries: mergeTimeline(answer.entries, entries), unreadCount: unread(answer) }
      : answer,
  );
}

/** `POST …/messages`: the message joins the timeline at once; the stream brings it to everyone else. */
export function useSendOrderMessage(mode: ChatMode, orderId: string) {
  const client = useQueryClient();
  const key = useTimelineKey(mode, orderId);
  return useMutation({
    mutationFn: async (message: string) =>
      answerOf(
        await storeClient.POST(CHAT_CALLS[mode].messages, {
          params: { path: { id: orderId } },
          body: { message },
        }),
      ),
    onSuccess: ({ message }) => addEntries(client, key, [message], () => 0),
  });
}

/** `POST …/update_chat_status`: what the page shows has been read. */
export function useMarkChatRead(mode: ChatMode, orderId: string) {
  const client = useQueryClient();
  const key = useTimelineKey(mode, orderId);
  return useMutation({
    mutationFn: async () =>
      answerOf(
        await storeClient.POST(CHAT_CALLS[mode].markRead, { params: { path: { id: orderId } }, body: {} }),
      ),
    onSuccess: ({ unreadCount }) =>
      client.setQueryData<OrderTimelineAnswer>(key, (answer) =>
        answer ? { ...answer, unreadCount } : answer,
      ),
  });
}

/**
 * What to do when a status change arrives live: what the page says of the order (its status, its
 * tracking number) is read again, by the shopper's order screens or by the store's order page and desk.
 */
export function useLiveStatusChange(mode: ChatMode, orderId: string): () => void {
  const client = useQueryClient();
  const key = useTimelineKey(mode, orderId);
  return () => {
    if (mode === 'shopper') {
      void client.invalidateQueries({ queryKey: ORDERS_KEY });
      // Every status change and refund also notifies the shopper: the header's bell counts it at once.
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    } else {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: STORE_ORDERS_KEY });
    }
  };
}

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * Keeps the timeline current through `GET …/live` (Server-Sent Events). The browser reconnects by itself
 * after a dropped connection, resuming after the last event; when the server refused the stream (an
 * expired sign-in), one ordinary API call renews the session and the stream is opened again, waiting
 * longer after each failure. `onReceived` hears each entry that arrived live.
 */
export function useLiveTimeline(
  mode: ChatMode,
  orderId: string,
  /** The cursor of the newest entry already shown; `null` for an empty timeline, undefined until loaded. */
  after: string | null | undefined,
  onReceived: (entry: TimelineEntry) => void,
): LiveState {
  const client = useQueryClient();
  const key = useTimelineKey(mode, orderId);
  const [state, setState] = useState<LiveState>('connecting');
  const ready = after !== undefined;
  const keyText = JSON.stringify(key);
  const onReceivedRef = useLatest(onReceived);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the stream starts once the first page is in; later cursors travel as Last-Event-ID.
  useEffect(() => {
    if (!ready || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let waitMs = RECONNECT_FIRST_MS;
    let stopped = false;
    let cursor = after ?? undefined;
    const queryKey = JSON.parse(keyText) as readonly unknown[];

    const open = () => {
      const query = cursor ? `?after=${encodeURIComponent(cursor)}` : '';
      source = new EventSource(`/api${liveStreamPath(mode, orderId)}${query}`);
      source.onopen = () => {
        waitMs = RECONNECT_FIRST_MS;
        setState('live');
      };
      source.addEventListener('entry', (event) => {
        const entry = JSON.parse((event as MessageEvent<string>).data) as TimelineEntry;
        cursor = entry.cursor;
        const theirs = entry.kind === 'message' && entry.fromStore === (mode === 'shopper');
        addEntries(client, queryKey, [entry], (answer) => answer.unreadCount + (theirs ? 1 : 0));
        onReceivedRef.current(entry);
      });
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) {
          setState('reconnecting');
          return;
        }
        source.close();
        setState('reconnecting');
        retryTimer = setTimeout(async () => {
          // An ordinary call renews an expired session; the stream itself cannot.
          await storeClient
            .GET(CHAT_CALLS[mode].messages, { params: { path: { id: orderId }, query: { limit: 1 } } })
            .catch(() => undefined);
          if (!stopped) open();
        }, waitMs);
        waitMs = Math.min(waitMs * 2, RECONNECT_MAX_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      source?.close();
    };
  }, [ready, mode, orderId, keyText, client]);

  return state;
}

function useLatest<T>(value: T): { current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
