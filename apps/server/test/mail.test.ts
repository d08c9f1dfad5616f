import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailboxExposureWarning } from '../src/features/mail/mail.routes.js';
import { mailOutbox } from '../src/features/mail/mail.table.js';
import { enqueueMail, MAX_MAIL_ATTEMPTS } from '../src/features/mail/mailer.js';
import { verificationCodeMail } from '../src/features/mail/templates.js';
import { nextIp, registration } from './helpers/accounts.js';
import { TestBrowser } from './helpers/browser.js';
import { createTestApp, createUser, type TestApp } from './helpers/test-app.js';

type Received = { to: string[]; raw: string };

/** A local SMTP server that keeps what it receives, and can be told to refuse mail. */
async function startSmtpCapture() {
  const received: Received[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(
        state.refuse ? Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }) : undefined,
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let harness: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    harness = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Crossbuy <shop@crossbuy.test>' },
    });
  });
  afterAll(async () => {
    await harness.close();
    await smtp.close();
  });

  it('sends the registration code with text and HTML parts, then clears the stored bodies', async () => {
    const body = registration();
    await (await TestBrowser.open(harness.app, nextIp())).post('/api/auth/register', body);
    expect(await harness.app.mailer.flush()).toBe(1);
    const message = smtp.received.at(-1);
    expect(message?.to).toEqual([body.email]);
    expect(message?.raw).toContain('From: Crossbuy <shop@crossbuy.test>');
    expect(message?.raw).toMatch(/Subject: Your Crossbuy verification code: \d{6}/);
    expect(message?.raw).toContain('Content-Type: text/plain');
    expect(message?.raw).toContain('Content-Type: text/html');
    const [row] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    expect(row).toMatchObject({ status: 'sent', deliveredVia: 'smtp', text: null, html: null, attempts: 1 });
  });

  it('keeps mail that could not be sent and retries it later with back-off', async () => {
    smtp.state.refuse = true;
    await enqueueMail(harness.app.db, {
      template: 'email_verification',
      to: 'retry@example.com',
      content: verificationCodeMail({ firstName: 'Ada', code: '123456', expiresInMinutes: 60 }),
    });
    expect(await harness.app.mailer.flush()).toBe(0);
    const [failed] = await harness.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'retry@example.com'));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toContain('mailbox unavailable');
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(failed?.text).toContain('123456');

    // Not due yet: nothing is tried.
    expect(await harness.app.mailer.flush()).toBe(0);
    smtp.state.refuse = false;
    await harness.app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, failed!.id));
    expect(await harness.app.mailer.flush()).toBe(1);
    expect(smtp.received.at(-1)?.to).toEqual(['retry@example.com']);
  });

  it('gives up after the last attempt', async () => {
    smtp.state.refuse = true;
    await enqueueMail(harness.app.db, {
      template: 'email_verification',
      to: 'never@example.com',
      content: verificationCodeMail({ firstName: 'Ada', code: '654321', expiresInMinutes: 60 }),
    });
    await harness.app.db
      .update(mailOutbox)
      .set({ attempts: MAX_MAIL_ATTEMPTS - 1 })
      .where(eq(mailOutbox.to, 'never@example.com'));
    await harness.app.mailer.flush();
    const [row] = await harness.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'never@example.com'));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS, text: null });
    smtp.state.refuse = false;
  });

  it('sends queued mail by itself once the worker is started', async () => {
    harness.app.mailer.start();
    try {
      const before = smtp.received.length;
      await (await TestBrowser.open(harness.app, nextIp())).post('/api/auth/register', registration());
      for (let wait = 0; wait < 50 && smtp.received.length === before; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(smtp.received.length).toBe(before + 1);
    } finally {
      await harness.app.mailer.stop();
    }
  });
});

describe('development mailbox', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('GET /api/dev/mailbox lists what was sent, newest first, optionally for one address', async () => {
    const browser = await TestBrowser.open(harness.app, nextIp());
    const first = registration();
    const second = registration();
    await browser.post('/api/auth/register', first);
    await (await TestBrowser.open(harness.app, nextIp())).post('/api/auth/register', second);
    await harness.app.mailer.flush();

    const all = await harness.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .messages.map((message: { to: string }) => message.to)
        .slice(0, 2)
        .sort(),
    ).toEqual([first.email, second.email].sort());
    const one = await harness.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?to=${encodeURIComponent(first.email)}`,
    });
    expect(one.json().messages).toEqual([
      expect.objectContaining({
        to: first.email,
        template: 'email_verification',
        subject: expect.stringMatching(/verification code/),
        text: expect.stringMatching(/\d{6}/),
        html: expect.stringContaining('<html'),
        sentAt: expect.any(String),
      }),
    ]);
  });

  async function mailTo(email: string) {
    await enqueueMail(harness.app.db, {
      template: 'email_verification',
      to: email,
      content: verificationCodeMail({ firstName: 'Someone', code: '123456', expiresInMinutes: 60 }),
    });
    await harness.app.mailer.flush();
  }
  const mailbox = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    harness.app.inject({ method: 'GET', url: '/api/dev/mailbox', ...options });

  it('answers a remote or forwarded caller 404, as if there were no mailbox', async () => {
    const shopper = await createUser(harness.app);
    await mailTo(shopper.email);
    expect((await mailbox()).json().messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: shopper.email })]),
    );
    const callers: { remoteAddress?: string; headers?: Record<string, string> }[] = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '10.0.0.5' },
      { remoteAddress: '::ffff:203.0.113.7' },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
      { headers: { forwarded: 'for=203.0.113.7' } },
      { headers: { 'x-forwarded-host': 'store.example' } },
      { headers: { via: '1.1 proxy.example' } },
      // A page whose name was rebound to 127.0.0.1, read through the developer's own browser.
      { headers: { host: 'evil.example:3000' } },
      { headers: { host: 'evil.example@127.0.0.1' } },
    ];
    for (const options of callers) {
      const refused = await mailbox(options);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('general/not_found');
      expect(refused.body).not.toContain(shopper.email);
    }
  });

  it('answers the machine itself, however it names itself', async () => {
    const shopper = await createUser(harness.app);
    await mailTo(shopper.email);
    const callers: { remoteAddress?: string; headers?: Record<string, string> }[] = [
      { remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } },
      { remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:3000' } },
      { remoteAddress: '::1', headers: { host: '[::1]:3000' } },
      { remoteAddress: '::ffff:127.0.0.1', headers: { host: 'LOCALHOST' } },
    ];
    for (const options of callers) {
      const answered = await mailbox(options);
      expect(answered.statusCode, JSON.stringify(options)).toBe(200);
      expect(answered.json().messages).toEqual(
        expect.arrayContaining([expect.objectContaining({ to: shopper.email })]),
      );
    }
  });

  it('refuses an address holding a control character, tab and new line included', async () => {
    for (const to of ['%00', 'a%0A%40b.co', 'a%09%40b.co', 'a%0D%40b.co', '%7F']) {
      const refused = await harness.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${to}` });
      expect(refused.statusCode, to).toBe(400);
      expect(refused.json().error.code).toBe('general/argument_error');
    }
  });

  it('answers nobody behind a trusted proxy, where every request comes from loopback', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      expect((await proxied.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it("never shows an operator's or an admin's mail", async () => {
    const operator = await createUser(harness.app, { role: 'operator' });
    const admin = await createUser(harness.app, { role: 'admin' });
    const shopper = await createUser(harness.app);
    for (const user of [operator, admin, shopper]) await mailTo(user.email);
    const listed = (await mailbox()).json().messages.map((message: { to: string }) => message.to);
    expect(listed).toContain(shopper.email);
    expect(listed).not.toContain(operator.email);
    expect(listed).not.toContain(admin.email);
    const asked = await harness.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?to=${encodeURIComponent(operator.email)}`,
    });
    expect(asked.json().messages).toEqual([]);
  });

  it('is not there in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('start-up warning about the development mailbox', () => {
  it('warns when the mailbox is on and the server listens beyond loopback', () => {
    const warning = devMailboxExposureWarning({ env: 'development', smtpUrl: undefined, host: '0.0.0.0' });
    expect(warning).toMatch(/development mailbox is on.*0\.0\.0\.0/);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'store.example', '::ffff:10.0.0.1'])(
    'warns for HOST=%s',
    (host) => {
      expect(devMailboxExposureWarning({ env: 'development', smtpUrl: undefined, host })).toMatch(
        /development mailbox is on/,
      );
    },
  );

  it.each([
    { env: 'development', smtpUrl: undefined, host: '127.0.0.1' },
    { env: 'development', smtpUrl: undefined, host: '127.0.0.2' },
    { env: 'development', smtpUrl: undefined, host: '::1' },
    { env: 'development', smtpUrl: undefined, host: '::ffff:127.0.0.1' },
    { env: 'development', smtpUrl: undefined, host: 'localhost' },
    { env: 'development', smtpUrl: 'smtp://mail.example:587', host: '0.0.0.0' },
    { env: 'production', smtpUrl: undefined, host: '0.0.0.0' },
  ] as const)('says nothing for %o', (config) => {
    expect(devMailboxExposureWarning(config)).toBeUndefined();
  });
});
