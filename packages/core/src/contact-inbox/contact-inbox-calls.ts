import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import {
  contactInboxPageSchema,
  contactInboxQuerySchema,
  contactMessageDetailSchema,
  contactReplyInputSchema,
  contactReplySchema,
} from './schemas.js';

const params = z.object({ id: z.string().max(64) });
const replyAnswer = z.object({ reply: contactReplySchema });

/** The inbox of contact-form messages and the store's replies, for operators and admins. */
export const contactInboxCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/contact_messages',
    tag: 'admin',
    summary: 'Contact-form messages, newest first: all, unread, unanswered or answered',
    query: contactInboxQuerySchema,
    responses: { 200: contactInboxPageSchema },
  }),
  open: defineCall({
    method: 'get',
    path: '/admin/contact_messages/{id}',
    tag: 'admin',
    summary: 'A contact message and the store’s replies; the first opening marks it read',
    params,
    responses: { 200: z.object({ message: contactMessageDetailSchema }) },
  }),
  reply: defineCall({
    method: 'post',
    path: '/admin/contact_messages/{id}/replies',
    tag: 'admin',
    summary: 'Reply to a contact message by mail, its message quoted',
    description:
      'Mailed to the sender and kept with who replied. The same `idempotencyKey` again answers the ' +
      'reply it made (200) instead of mailing a second one (201).',
    params,
    body: contactReplyInputSchema,
    responses: { 200: replyAnswer, 201: replyAnswer },
  }),
};
