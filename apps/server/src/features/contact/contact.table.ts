import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, randomId, timestampTz } from '../../db/columns.js';
import { users } from '../users/users.table.js';

/** A message sent through the contact form; mailed to the store and kept for the back-office inbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: randomId(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number'),
    message: text('message').notNull(),
    /** The signed-in shopper who sent it, if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When a member of staff first opened it in the inbox. */
    readAt: timestampTz('read_at'),
    /** When the store first replied. */
    repliedAt: timestampTz('replied_at'),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt.desc().nullsFirst())],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** The store's answers to a contact message, each mailed to its sender once. */
export const contactMessageReplies = pgTable(
  'contact_message_replies',
  {
    id: randomId(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** The member of staff who wrote it; kept by email too, so the thread still names them if they leave. */
    repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
    repliedByEmail: text('replied_by_email').notNull(),
    /** Chosen by the reply form; the same key twice is the same reply (a double click, a retry). */
    idempotencyKey: uuid('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('contact_message_replies_key_unique').on(table.messageId, table.idempotencyKey),
    index('contact_message_replies_message_idx').on(table.messageId, table.createdAt),
  ],
);

export type ContactMessageReplyRow = typeof contactMessageReplies.$inferSelect;
