import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { contactMessageReplies, contactMessages } from '../src/features/contact/contact.table.js';
import { nextIp } from './helpers/accounts.js';
import { errorCode, lastMailTo, mailCount, TestBrowser } from './helpers/browser.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Listed = { id: string; name: string; read: boolean; repliedAt: string | null; excerpt: string };

describe('the contact inbox', () => {
  let harness: TestApp;
  let desk: ReturnType<typeof apiAs>;
  let deskSession: { cookie: string; header: Record<string, string> };
  let operatorId: string;

  /** A message as the contact form keeps it, written at `day` of November 2026. */
  const messageFrom = async (email: string, day: string, message = 'Where is my parcel?') => {
    const [row] = await harness.app.db
      .insert(contactMessages)
      .values({
        email,
        name: email.split('@')[0] ?? email,
        message,
        createdAt: new Date(`2026-11-${day}T08:00:00Z`),
      })
      .returning();
    if (!row) throw new Error('no message');
    return row;
  };
  const reply = (id: string, body: unknown) =>
    desk.send('POST', `/api/admin/contact_messages/${id}/replies`, body);
  const namesOf = async (query: string) => {
    const answer = await desk.get(`/api/admin/contact_messages${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().messages as Listed[]).map((message) => message.name);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    const operator = await createUser(harness.app, { role: 'operator', email: 'desk@crossbuy.example' });
    operatorId = operator.id;
    deskSession = await signInAs(harness.app, operator, { tfaPassed: true });
    desk = apiAs(harness.app, deskSession);
  });
  afterAll(() => harness?.close());

  it("keeps a visitor's message for the inbox, and reading it marks it read once, audited", async () => {
    const browser = await TestBrowser.open(harness.app, nextIp());
    const sent = await browser.post('/api/contact_us', {
      email: 'visitor@example.com',
      name: 'Vee Sitor',
      message: 'Do you ship to Malaysia?',
      recaptchaToken: '',
    });
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json();
    const listed = (await desk.get('/api/admin/contact_messages')).json();
    expect(listed).toMatchObject({ total: 1, unread: 1, page: 1, limit: 20 });
    expect(listed.messages[0]).toMatchObject({
      id,
      name: 'Vee Sitor',
      email: 'visitor@example.com',
      excerpt: 'Do you ship to Malaysia?',
      read: false,
      repliedAt: null,
    });
    const opened = await Promise.all(
      Array.from({ length: 5 }, () => desk.get(`/api/admin/contact_messages/${id}`)),
    );
    for (const answer of opened) expect(answer.statusCode, answer.body).toBe(200);
    expect(opened[0]?.json().message).toMatchObject({
      id,
      message: 'Do you ship to Malaysia?',
      customerId: null,
      replies: [],
    });
    expect(opened[0]?.json().message.readAt).not.toBeNull();
    const reads = await harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectId, id), eq(auditEntries.action, 'contact_message.read')));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({
      actorUserId: operatorId,
      subjectType: 'contact_message',
      before: { readAt: null },
    });
    expect((await desk.get('/api/admin/contact_messages')).json()).toMatchObject({ unread: 0 });
  });

  it('mails a reply with the message quoted, keeps who wrote it, and marks the message answered', async () => {
    const message = await messageFrom('mei@example.com', '10', 'Line one\nLine two');
    const key = randomUUID();
    const answer = await reply(message.id, { body: 'Hello Mei,\nit ships tomorrow.', idempotencyKey: key });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().reply).toMatchObject({
      body: 'Hello Mei,\nit ships tomorrow.',
      repliedBy: { id: operatorId, email: 'desk@crossbuy.example' },
    });
    const mail = await lastMailTo(harness.app, 'mei@example.com');
    expect(mail?.subject).toBe('Re: your message to Crossbuy');
    expect(mail?.text).toContain('it ships tomorrow.');
    expect(mail?.text).toContain('> Line one\n> Line two');
    const { message: detail } = (await desk.get(`/api/admin/contact_messages/${message.id}`)).json();
    expect(detail.repliedAt).not.toBeNull();
    expect(detail.replies).toHaveLength(1);
    const [entry] = await harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectId, message.id), eq(auditEntries.action, 'contact_message.reply')));
    expect(entry).toMatchObject({
      actorUserId: operatorId,
      subjectType: 'contact_message',
      before: { repliedAt: null },
      after: { replyId: answer.json().reply.id },
    });
    // A second, different reply is mailed too; the first reply's time stays the message's.
    expect(
      (await reply(message.id, { body: 'One more thing.', idempotencyKey: randomUUID() })).statusCode,
    ).toBe(201);
    expect(await mailCount(harness.app, 'mei@example.com')).toBe(2);
    const again = (await desk.get(`/api/admin/contact_messages/${message.id}`)).json().message;
    expect(again.repliedAt).toBe(detail.repliedAt);
    expect(again.replies.map((each: { body: string }) => each.body)).toEqual([
      'Hello Mei,\nit ships tomorrow.',
      'One more thing.',
    ]);
  });

  it('mails once for a burst of 10 replies with the same key, and once for a double click', async () => {
    const message = await messageFrom('burst@example.com', '11');
    const key = randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => reply(message.id, { body: 'Once only', idempotencyKey: key })),
    );
    const statuses = burst.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(burst.map((answer) => answer.json().reply.id)).size).toBe(1);
    const doubleClick = randomUUID();
    const clicks = await Promise.all([
      reply(message.id, { body: 'Clicked twice', idempotencyKey: doubleClick }),
      reply(message.id, { body: 'Clicked twice', idempotencyKey: doubleClick }),
    ]);
    expect(clicks.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(await mailCount(harness.app, 'burst@example.com')).toBe(2);
    const stored = await harness.app.db
      .select()
      .from(contactMessageReplies)
      .where(eq(contactMessageReplies.messageId, message.id));
    expect(stored).toHaveLength(2);
    const audited = await harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectId, message.id), eq(auditEntries.action, 'contact_message.reply')));
    expect(audited).toHaveLength(2);
  });

  it('lists newest first, filtered by unread, unanswered or answered, a page at a time', async () => {
    await harness.app.db.delete(contactMessages);
    const old = await messageFrom('old@example.com', '01');
    const middle = await messageFrom('middle@example.com', '02');
    await messageFrom('new@example.com', '03');
    await desk.get(`/api/admin/contact_messages/${middle.id}`);
    await reply(old.id, { body: 'Answered', idempotencyKey: randomUUID() });
    expect(await namesOf('')).toEqual(['new', 'middle', 'old']);
    expect(await namesOf('?status=unread')).toEqual(['new']);
    expect(await namesOf('?status=unanswered')).toEqual(['new', 'middle']);
    expect(await namesOf('?status=answered')).toEqual(['old']);
    const second = (await desk.get('/api/admin/contact_messages?limit=2&page=2')).json();
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2, unread: 1 });
    expect(second.messages.map((message: Listed) => message.name)).toEqual(['old']);
    for (const query of ['status=read', 'limit=51', 'page=0', 'page=%00']) {
      expect((await desk.get(`/api/admin/contact_messages?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('refuses an empty, long, NUL-bearing or keyless reply with a catalogue code, mailing nothing', async () => {
    const message = await messageFrom('careful@example.com', '12');
    const key = randomUUID();
    for (const [body, code] of [
      [{ body: '   ', idempotencyKey: key }, 'contact/invalid_reply'],
      [{ body: 'x'.repeat(5001), idempotencyKey: key }, 'contact/invalid_reply'],
      [{ body: 'a\u0000b', idempotencyKey: key }, 'general/argument_error'],
      [{ body: 'Hi' }, 'general/missing_argument'],
      [{ body: 'Hi', idempotencyKey: 'again' }, 'general/argument_error'],
      [null, undefined],
      [[], undefined],
    ] as const) {
      const answer = await reply(message.id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      if (code) expect(errorCode(answer), JSON.stringify(body)).toBe(code);
    }
    expect(await mailCount(harness.app, 'careful@example.com')).toBe(0);
  });

  it('keeps a hostile name out of the mail headers and escapes it in the HTML', async () => {
    const [message] = await harness.app.db
      .insert(contactMessages)
      .values({
        email: 'crlf@example.com',
        name: 'Eve\r\nBcc: all@example.com <b>',
        message: '<script>x</script>',
      })
      .returning();
    if (!message) throw new Error('no message');
    expect((await reply(message.id, { body: '<i>hi</i>', idempotencyKey: randomUUID() })).statusCode).toBe(
      201,
    );
    const mail = await lastMailTo(harness.app, 'crlf@example.com');
    expect(mail?.subject).toBe('Re: your message to Crossbuy');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<i>hi</i>');
    expect(mail?.html).toContain('&lt;i&gt;hi&lt;/i&gt;');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['9d7a4a52-7a65-4b9a-9d7e-0f1f5d0c7a11', 'nope']) {
      const read = await desk.get(`/api/admin/contact_messages/${id}`);
      expect(read.statusCode, id).toBe(404);
      expect(errorCode(read)).toBe('contact/not_found');
      const replied = await reply(id, { body: 'Hi', idempotencyKey: randomUUID() });
      expect(replied.statusCode, id).toBe(404);
      expect(errorCode(replied)).toBe('contact/not_found');
    }
  });

  it('refuses a reply without the anti-forgery header, and shoppers altogether', async () => {
    const message = await messageFrom('guarded@example.com', '13');
    const forged = await harness.app.inject({
      method: 'POST',
      url: `/api/admin/contact_messages/${message.id}/replies`,
      headers: { cookie: deskSession.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ body: 'Hi', idempotencyKey: randomUUID() }),
    });
    expect(forged.statusCode).toBe(403);
    expect(errorCode(forged)).toBe('auth/invalid_state');
    const shopper = apiAs(harness.app, await signInAs(harness.app, await createUser(harness.app)));
    for (const answer of [
      await shopper.get('/api/admin/contact_messages'),
      await shopper.get(`/api/admin/contact_messages/${message.id}`),
      await shopper.send('POST', `/api/admin/contact_messages/${message.id}/replies`, {
        body: 'Hi',
        idempotencyKey: randomUUID(),
      }),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(errorCode(answer)).toBe('auth/not_authorized');
    }
    expect(await mailCount(harness.app, 'guarded@example.com')).toBe(0);
  });
});
