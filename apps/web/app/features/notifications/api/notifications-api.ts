import type { notificationSchema } from '@crossbuy/core/catalogue';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';

export type Notification = z.infer<typeof notificationSchema>;

/** The newest notifications, one entry per group (spec section 7; the parameter keeps the spec's spelling). */
export async function listNotifications(client: ApiClient = api): Promise<Notification[]> {
  const { notifications } = await client.get<{ notifications: Notification[] }>('/notification', {
    query: { collasped: true },
  });
  return notifications;
}

export function markNotificationRead(id: string, client: ApiClient = api): Promise<void> {
  return client.post(`/notification/${encodeURIComponent(id)}/read`);
}
