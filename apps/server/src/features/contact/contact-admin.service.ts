import type {
  ContactInboxFilter,
  ContactInboxPage,
  ContactInboxQuery,
  ContactMessageDetail,
  ContactReply,
  ContactReplyInput,
} from '@crossbuy/core/contact-inbox';
import { AppError } from '@crossbuy/core/errors';
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { enqueueMail } from '../mail/mailer.js';
import { contactReplyMail } from '../mail/templates.js';
import { users } from '../users/users.table.js';
import {
  type ContactMessageReplyRow,
  type ContactMessageRow,
  contactMessageReplies,
  contactMessages,
} from './contact.table.js';

const EXCERPT_LENGTH = 140;

const FILTERS: Record<ContactInboxFilter, SQL> = {
  unread: isNull(contactMessages.readAt),
  unanswered: isNull(contactMessages.repliedAt),
  answered: isNotNull(contactMessages.repliedAt),
};

/** The contact messages, newest first, a page at a time; unread, unanswered or answered ones only if asked. */
export async function listContactMessages(db: Database, query: ContactInboxQuery): Promise<ContactInboxPage> {
  const where = query.status ? FILTERS[query.status] : undefined;
  const [rows, [counted], [unread]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        excerpt: sql<string>`left(${contactMessages.message}, ${EXCERPT_LENGTH})`,
        readAt: contactMessages.readAt,
        repliedAt: contactMessages.repliedAt,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(contactMessages).where(where),
    db.select({ total: count() }).from(contactMessages).where(FILTERS.unread),
  ]);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      excerpt: row.excerpt,
      read: row.readAt !== null,
      repliedAt: row.repliedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    total: counted?.total ?? 0,
    unread: unread?.total ?? 0,
  };
}

function toReply(row: ContactMessageReplyRow): ContactReply {
  return {
    id: row.id,
    body: row.body,
    repliedBy: { id: row.repliedBy, email: row.repliedByEmail },
    createdAt: row.createdAt.toISOString(),
  };
}

function toDetail(row: ContactMessageRow, replies: readonly ContactMessageReplyRow[]): ContactMessageDetail {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    message: row.message,
    customerId: row.userId,
    readAt: row.readAt?.toISOString() ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    replies: replies.map(toReply),
  };
}

/**
 * One message with the store's replies, oldest first. The first member of staff to open it marks it read
 * (audited); the conditional update lets exactly one of several openers do so.
 */
export async function readContactMessage(
  db: Database,
  staffId: string,
  messageId: string,
): Promise<ContactMessageDetail> {
  if (!isUuid(messageId)) throw new AppError('contact/not_found');
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(contactMessages)
      .set({ readAt: sql`now()` })
      .where(and(eq(contactMessages.id, messageId), isNull(contactMessages.readAt)))
      .returning();
    if (marked) {
      await recordAudit(tx, {
        actorUserId: staffId,
        action: 'contact_message.read',
        subject: { type: 'contact_message', id: marked.id },
        before: { readAt: null },
        after: { readAt: marked.readAt },
      });
    }
    const [row] = marked
      ? [marked]
      : await tx.select().from(contactMessages).where(eq(contactMessages.id, messageId));
    if (!row) throw new AppError('contact/not_found');
    const replies = await tx
      .select()
      .from(contactMessageReplies)
      .where(eq(contactMessageReplies.messageId, row.id))
      .orderBy(asc(contactMessageReplies.createdAt), asc(contactMessageReplies.id));
    return toDetail(row, replies);
  });
}

export type ReplyContext = Pick<FastifyInstance, 'db' | 'mailer'>;

/**
 * Mails the store's reply to the sender, with their message quoted, and keeps it with who wrote it. Under
 * the message's row lock a reply whose idempotency key the message already has is that reply again, not
 * a second mail: a double click or a retried request replies once. The message becomes read and answered,
 * and the reply is audited, in the same transaction as the mail.
 */
export async function replyToContactMessage(
  ctx: ReplyContext,
  staffId: string,
  messageId: string,
  input: ContactReplyInput,
): Promise<{ reply: ContactReply; created: boolean }> {
  if (!isUuid(messageId)) throw new AppError('contact/not_found');
  const answer = await ctx.db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId))
      .for('update');
    if (!message) throw new AppError('contact/not_found');
    const [earlier] = await tx
      .select()
      .from(contactMessageReplies)
      .where(
        and(
          eq(contactMessageReplies.messageId, message.id),
          eq(contactMessageReplies.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (earlier) return { reply: toReply(earlier), created: false };
    const [staff] = await tx.select({ email: users.email }).from(users).where(eq(users.id, staffId));
    if (!staff) throw new Error('The replying staff account does not exist');
    const [reply] = await tx
      .insert(contactMessageReplies)
      .values({
        messageId: message.id,
        body: input.body,
        repliedBy: staffId,
        repliedByEmail: staff.email,
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    if (!reply) throw new Error('contact reply insert returned nothing');
    const [answered] = await tx
      .update(contactMessages)
      .set({
        readAt: sql`coalesce(${contactMessages.readAt}, now())`,
        repliedAt: sql`coalesce(${contactMessages.repliedAt}, now())`,
      })
      .where(eq(contactMessages.id, message.id))
      .returning({ repliedAt: contactMessages.repliedAt });
    await enqueueMail(tx, {
      template: 'contact_reply',
      to: message.email,
      content: contactReplyMail({
        name: message.name,
        reply: input.body,
        message: message.message,
        sentAt: message.createdAt,
      }),
    });
    await recordAudit(tx, {
      actorUserId: staffId,
      action: 'contact_message.reply',
      subject: { type: 'contact_message', id: message.id },
      before: { repliedAt: message.repliedAt },
      after: { repliedAt: answered?.repliedAt ?? null, replyId: reply.id },
    });
    return { reply: toReply(reply), created: true };
  });
  if (answer.created) ctx.mailer.notify();
  return answer;
}
