import type { notificationSchema } from '@crossbuy/core/catalogue';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { NOTIFICATIONS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/user-store';

export type Notification = z.infer<typeof notificationSchema>;

/** Notifications the page shows at a time; "Show older" asks for as many again. */
export const NOTIFICATION_PAGE_SIZE = 20;

function useScope() {
  const { signedIn, profile } = useUser();
  return { signedIn, key: [...NOTIFICATIONS_KEY, profile?.id ?? null] as const };
}

/**
 * The bell's list: the newest notifications, one entry per group (docs/rules/content.md; the parameter keeps the
 * original spelling). Its default is 5.
 */
export function useLatestNotifications() {
  const { signedIn, key } = useScope();
  return useQuery({
    queryKey: [...key, 'latest'],
    queryFn: async () =>
      answerOf(await storeClient.GET('/notification', { params: { query: { collasped: 'true' } } }))
        .notifications,
    enabled: signedIn,
  });
}

/** The notifications page: every notification, newest first, a page at a time by beforeTime. */
export function useNotificationPages() {
  const { signedIn, key } = useScope();
  return useInfiniteQuery({
    queryKey: [...key, 'all'],
    queryFn: async ({ pageParam }) =>
      answerOf(
        await storeClient.GET('/notification', {
          params: {
            query: { limit: NOTIFICATION_PAGE_SIZE, ...(pageParam ? { beforeTime: pageParam } : {}) },
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBeforeTime,
    enabled: signedIn,
  });
}

/** Whatever is marked read, the bell and the page both read their lists again. */
function useNotificationChange<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/** `POST /notification/{id}/read`: the notification, and the older ones of its group, are read. */
export function useMarkNotificationRead() {
  return useNotificationChange((id: string) =>
    storeClient.POST('/notification/{id}/read', { params: { path: { id } } }),
  );
}

/**
 * `POST /notification/read_all` (docs/features/notifications.md), up to the newest notification the shopper has seen,
 * so one arriving meanwhile stays unread.
 */
export function useMarkAllNotificationsRead() {
  return useNotificationChange(async (upTo: string | undefined) =>
    answerOf(await storeClient.POST('/notification/read_all', { body: upTo ? { upTo } : {} })),
  );
}
