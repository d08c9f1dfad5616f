import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.js';
import { PollingWorker } from '../../lib/polling-worker.js';
import { currentRequestId, requestLogFields } from '../../lib/request-ids.js';
import { users } from '../users/users.table.js';
import { type MailRow, mailOutbox } from './mail.table.js';
import type { MailContent, MailTemplate } from './templates.js';

export type OutgoingMail = { from: string; to: string } & MailContent;

export type MailTransport = {
  name: 'smtp' | 'dev-mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/** SMTP when SMTP_URL is set; otherwise the dev mailbox, which keeps sent mail in the outbox to show. */
export function createTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { name: 'dev-mailbox', send: async () => undefined, close: () => undefined };
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

export type QueuedMail = { template: MailTemplate; to: string; content: MailContent };

/**
 * Queues a message. Pass the transaction that makes the change the mail tells about, so both are
 * committed together or not at all.
 */
export async function enqueueMail(db: Database, mail: QueuedMail): Promise<void> {
  await mailQueueing(db, mail);
}

/** The insert that queues a message, for a caller that writes it within a statement of its own (`getSQL()`). */
export function mailQueueing(db: Database, mail: QueuedMail) {
  return db
    .insert(mailOutbox)
    .values({ template: mail.template, to: mail.to, ...mail.content, requestId: currentRequestId() });
}

export const MAX_MAIL_ATTEMPTS = 8;
const BATCH_SIZE = 20;
const CLAIM_SECONDS = 120;

/** 30 s, 1 min, 2 min ... capped at an hour: a few minutes of SMTP outage costs nothing. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Mail that needs keeping no longer: sent a week ago (the dev mailbox shows a week), or given up a month
 * ago. Pending mail is never stale.
 */
export const staleMail = sql`((${mailOutbox.status} = 'sent' and ${mailOutbox.sentAt} < now() - interval '7 days')
  or (${mailOutbox.status} = 'failed' and ${mailOutbox.createdAt} < now() - interval '30 days'))`;

export type DevMailboxMessage = Pick<MailRow, 'id' | 'template' | 'to' | 'subject' | 'text' | 'html'> & {
  sentAt: Date | null;
};

/**
 * Sends the outbox. Rows are claimed with SKIP LOCKED, so several server processes can run a worker
 * on the same database without sending a message twice.
 */
export class Mailer {
  private readonly worker: PollingWorker;

  constructor(
    private readonly options: {
      db: Database;
      transport: MailTransport;
      from: string;
      log: FastifyBaseLogger;
      pollMs: number;
    },
  ) {
    this.worker = new PollingWorker({
      pollMs: options.pollMs,
      work: () => this.flush(),
      onError: (error) => options.log.error({ err: error }, 'mail worker failed'),
    });
  }

  get transportName() {
    return this.options.transport.name;
  }

  /** Polls for due mail until {@link stop}; new mail is sent at once through {@link notify}. */
  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    this.options.transport.close();
  }

  /** Asks a started worker to send now; a no-op when the worker is not running (tests flush instead). */
  notify(): void {
    this.worker.notify();
  }

  /** Sends every message that is due now; returns how many were sent. */
  async flush(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      for (const row of batch) if (await this.deliver(row)) sent += 1;
    }
  }

  private async claim(): Promise<MailRow[]> {
    const { db } = this.options;
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.status} = 'pending' and ${mailOutbox.nextAttemptAt} <= now()
          and (${mailOutbox.lockedUntil} is null or ${mailOutbox.lockedUntil} < now())`,
      )
      .orderBy(mailOutbox.createdAt)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(sql`${mailOutbox.id} in ${due}`)
      .returning();
  }

  private async deliver(row: MailRow): Promise<boolean> {
    const { db, transport, from, log } = this.options;
    try {
      await transport.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text ?? '',
        html: row.html ?? '',
      });
    } catch (error) {
      const failed = row.attempts >= MAX_MAIL_ATTEMPTS;
      log.warn(
        {
          err: error,
          ...requestLogFields(row.requestId),
          mailId: row.id,
          attempts: row.attempts,
          gaveUp: failed,
        },
        'mail not sent',
      );
      await db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
          ...(failed ? { text: null, html: null } : {}),
        })
        .where(eq(mailOutbox.id, row.id));
      return false;
    }
    const keepBodies = transport.name === 'dev-mailbox';
    await db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: new Date(),
        lockedUntil: null,
        lastError: null,
        deliveredVia: transport.name,
        ...(keepBodies ? {} : { text: null, html: null }),
      })
      .where(eq(mailOutbox.id, row.id));
    log.info({ ...requestLogFields(row.requestId), mailId: row.id, template: row.template }, 'mail sent');
    return true;
  }

  /** The latest messages the dev mailbox delivered, newest first, optionally to one address. */
  async devMailbox(to?: string, limit = 50): Promise<DevMailboxMessage[]> {
    const filters = [
      eq(mailOutbox.deliveredVia, 'dev-mailbox'),
      // An operator's reset link would hand over the back-office: their mail is never shown here.
      sql`not exists (select 1 from ${users} where ${users.email} = ${mailOutbox.to} and ${users.role} <> 'shopper')`,
    ];
    if (to) filters.push(eq(mailOutbox.to, to.trim().toLowerCase()));
    return this.options.db
      .select({
        id: mailOutbox.id,
        template: mailOutbox.template,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(and(...filters))
      .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.createdAt))
      .limit(limit);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}
