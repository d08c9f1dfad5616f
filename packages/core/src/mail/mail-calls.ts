import { z } from 'zod';
import { defineCall } from '../contract/index.js';

const mailboxMessageSchema = z.object({
  id: z.string(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
});
/** One message of the development mailbox, newest first. */
export type MailboxMessage = z.output<typeof mailboxMessageSchema>;

/**
 * The development mailbox: what the server "sent" while no SMTP_URL is set, so a developer (or a page)
 * can read verification codes and links. Never registered in production, only answered on loopback.
 */
export const mailCalls = {
  devMailbox: defineCall({
    method: 'get',
    path: '/dev/mailbox',
    tag: 'dev',
    summary: 'Mail delivered to the development mailbox',
    query: z.object({
      // An address never holds a control character, tab and new line included.
      to: z
        .string()
        .max(254)
        .regex(/^\P{Cc}*$/u)
        .optional(),
    }),
    responses: { 200: z.object({ messages: z.array(mailboxMessageSchema) }) },
  }),
};
