import { z } from 'zod';
import { fails, requiredText } from '../validation/issue-codes.js';
import { pageQueryFields, pageSchema } from '../validation/wire.js';

// The back office's inbox of contact-form messages, and the store's replies to them by mail.

export const CONTACT_INBOX_PAGE_MAX_LIMIT = 50;
export const CONTACT_REPLY_MAX = 5000;

/** unread: nobody has opened it; unanswered: no reply yet, read or not; answered: replied to. */
export const CONTACT_INBOX_FILTERS = ['unread', 'unanswered', 'answered'] as const;
export type ContactInboxFilter = (typeof CONTACT_INBOX_FILTERS)[number];

export const contactInboxQuerySchema = z.object({
  ...pageQueryFields(CONTACT_INBOX_PAGE_MAX_LIMIT, 20),
  status: z.enum(CONTACT_INBOX_FILTERS).optional(),
});
export type ContactInboxQuery = z.infer<typeof contactInboxQuerySchema>;

export const contactMessageSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The first characters of the message, to recognise it by in the list. */
  excerpt: z.string(),
  read: z.boolean(),
  repliedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type ContactMessageSummary = z.infer<typeof contactMessageSummarySchema>;

export const contactInboxPageSchema = pageSchema({ messages: z.array(contactMessageSummarySchema) }).extend({
  /** Unread messages in the whole inbox, whatever the filter. */
  unread: z.int(),
});
export type ContactInboxPage = z.infer<typeof contactInboxPageSchema>;

export const contactReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  repliedBy: z.object({ id: z.string().nullable(), email: z.string() }),
  createdAt: z.iso.datetime(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

export const contactMessageDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  message: z.string(),
  /** The sender's account when they wrote signed in. */
  customerId: z.string().nullable(),
  readAt: z.iso.datetime().nullable(),
  repliedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  replies: z.array(contactReplySchema),
});
export type ContactMessageDetail = z.infer<typeof contactMessageDetailSchema>;

export const contactReplyInputSchema = z.object({
  // NUL characters never reach here: the server refuses them in any body (decision 0011).
  body: requiredText('contact/invalid_reply', CONTACT_REPLY_MAX),
  /** Chosen once per reply by the form, so a double click or a retried request sends one mail. */
  idempotencyKey: z.uuid(fails('general/argument_error')),
});
export type ContactReplyInput = z.infer<typeof contactReplyInputSchema>;
