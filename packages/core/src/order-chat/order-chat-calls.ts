import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { idParamsSchema } from '../validation/wire.js';
import {
  chatStatusSchema,
  messageEntrySchema,
  messagePageSchema,
  orderMessageRequestSchema,
  storeTimelinePageSchema,
  timelinePageSchema,
  timelineQuerySchema,
} from './schemas.js';

/**
 * The chat of one order, the same for both sides but for where it is answered: `path` is the shopper's
 * `/order` (the original paths, docs/rules/api-and-errors.md) or the store's `/admin/orders`. The live
 * stream beside it is no call of the contract: it answers Server-Sent Events, which the browser reads
 * with an EventSource.
 */
function chatCalls<const Path extends string, const Tag extends string>(path: Path, tag: Tag) {
  return {
    messages: defineCall({
      method: 'get',
      path: `${path}/{id}/messages`,
      tag,
      summary: 'The order chat, oldest first, after the cursor `after`',
      params: idParamsSchema,
      query: timelineQuerySchema,
      responses: { 200: messagePageSchema },
    }),
    write: defineCall({
      method: 'post',
      path: `${path}/{id}/messages`,
      tag,
      summary: 'Write in the order chat',
      description:
        'Plain text, trimmed, 1 to 2000 characters; it is shown as text, never as HTML. Everyone with ' +
        'the order open sees it at once.',
      params: idParamsSchema,
      body: orderMessageRequestSchema,
      responses: { 201: z.object({ message: messageEntrySchema }) },
    }),
    markRead: defineCall({
      method: 'post',
      path: `${path}/{id}/update_chat_status`,
      tag,
      summary: 'Mark the order chat read up to now',
      description: 'Answers when it was marked read and how many messages are still unread.',
      params: idParamsSchema,
      body: z.object({}).nullish(),
      responses: { 200: chatStatusSchema },
    }),
  };
}

/** The shopper's side of the order chat and timeline (docs/rules/orders.md). */
export const orderChatCalls = {
  ...chatCalls('/order', 'order'),
  timeline: defineCall({
    method: 'get',
    path: '/order/{id}/timeline',
    tag: 'order',
    summary: "The order's status changes, payment events and chat messages, in time order",
    params: idParamsSchema,
    query: timelineQuerySchema,
    responses: { 200: timelinePageSchema },
  }),
};

/** The store's side of an order's chat and timeline (operators and admins). */
export const storeOrderChatCalls = {
  ...chatCalls('/admin/orders', 'admin'),
  timeline: defineCall({
    method: 'get',
    path: '/admin/orders/{id}/timeline',
    tag: 'admin',
    summary: "The order's status changes, payment events and chat messages, with who placed it",
    params: idParamsSchema,
    query: timelineQuerySchema,
    responses: { 200: storeTimelinePageSchema },
  }),
};
