import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../src/features/contact/contact.service.js';
import { contactMessages } from '../src/features/contact/contact.table.js';
import { browserSignedInAs, createUserWithPassword, nextIp } from './helpers/accounts.js';
import { errorCode, lastMailTo, mailCount, TestBrowser } from './helpers/browser.js';
import { type StandInSite, startStandInSite } from './helpers/stand-in-site.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SUPPORT = 'help@crossbuy.example';

const aMessage = (overrides: Record<string, unknown> = {}) => ({
  email: 'Mei@Example.com',
  name: 'Mei Tan',
  phoneNumber: '9123 4567',
  message: 'Where is my parcel?',
  recaptchaToken: '',
  ...overrides,
});

/** A JSON body sent exactly as given (`null`, an array or a string included), from its own address. */
async function sendRaw(browser: TestBrowser, body: string, xsrf = true) {
  const xsrfToken = browser.cookie('XSRF-TOKEN');
  return browser.app.inject({
    method: 'POST',
    url: '/api/contact_us',
    remoteAddress: browser.ip,
    headers: {
      cookie: browser.cookieHeader('/api/contact_us'),
      'content-type': 'application/json',
      ...(xsrf && xsrfToken ? { 'x-xsrf-token': xsrfToken } : {}),
    },
    payload: body,
  });
}

describe('POST /api/contact_us without a captcha', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
  });
  afterAll(() => harness.close());
  const open = () => TestBrowser.open(harness.app, nextIp());

  it("keeps a visitor's message and mails it to the store's support address", async () => {
    const browser = await open();
    const response = await browser.post('/api/contact_us', aMessage());
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const [row] = await harness.app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      email: 'mei@example.com',
      name: 'Mei Tan',
      phoneNumber: '+6591234567',
      message: 'Where is my parcel?',
      userId: null,
    });
    const mail = await lastMailTo(harness.app, SUPPORT);
    expect(mail?.subject).toBe('Contact form: Mei Tan');
    expect(mail?.text).toContain('From: Mei Tan <mei@example.com>');
    expect(mail?.text).toContain('Phone: +6591234567');
    expect(mail?.text).toContain('Where is my parcel?');
  });

  it('records the signed-in sender, and takes a message without a phone number', async () => {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    for (const phoneNumber of [undefined, null, '']) {
      const response = await browser.post('/api/contact_us', aMessage({ phoneNumber }));
      expect(response.statusCode).toBe(201);
      const [row] = await harness.app.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, response.json().id));
      expect(row).toMatchObject({ userId: user.id, phoneNumber: null });
    }
  });

  it.each([
    [{ name: '' }, 'contact/invalid_name'],
    [{ name: '   ' }, 'contact/invalid_name'],
    [{ name: 'x'.repeat(101) }, 'contact/invalid_name'],
    [{ name: 42 }, 'contact/invalid_name'],
    [{ email: 'not-an-email' }, 'contact/invalid_email'],
    [{ email: ['mei@example.com'] }, 'contact/invalid_email'],
    [{ phoneNumber: '12' }, 'contact/invalid_phone_number'],
    [{ phoneNumber: '+65 1234' }, 'contact/invalid_phone_number'],
    [{ message: '' }, 'contact/invalid_message'],
    [{ message: 'x'.repeat(5001) }, 'contact/invalid_message'],
    [{ message: { text: 'hi' } }, 'contact/invalid_message'],
    [{ email: undefined }, 'general/missing_argument'],
    [{ message: undefined }, 'general/missing_argument'],
  ])('refuses %j with %s', async (change, code) => {
    const browser = await open();
    const response = await browser.post('/api/contact_us', aMessage(change));
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe(code);
  });

  it.each(['null', '[]', '"a message"', '123', JSON.stringify(aMessage({ message: 'hi\u0000there' }))])(
    'refuses the body %s with 400 and stores nothing',
    async (body) => {
      const before = await harness.app.db.$count(contactMessages);
      const response = await sendRaw(await open(), body);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('general/argument_error');
      expect(await harness.app.db.$count(contactMessages)).toBe(before);
    },
  );

  it('refuses a message without the anti-forgery header', async () => {
    const response = await sendRaw(await open(), JSON.stringify(aMessage()), false);
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('auth/invalid_state');
  });

  it('limits messages per client address', async () => {
    const browser = await open();
    const { max } = CONTACT_LIMITS.messagesPerAddress;
    for (let sent = 0; sent < max; sent += 1) {
      expect((await browser.post('/api/contact_us', aMessage())).statusCode).toBe(201);
    }
    const refused = await browser.post('/api/contact_us', aMessage());
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe('general/rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await (await open()).post('/api/contact_us', aMessage())).statusCode).toBe(201);
  });
});

describe('POST /api/contact_us with a captcha', () => {
  let verifier: StandInSite;
  let harness: TestApp;
  const checked: URLSearchParams[] = [];
  let verdict: () => { status: number; body: string } = () => ({ status: 200, body: '{"success":true}' });

  beforeAll(async () => {
    verifier = await startStandInSite();
    verifier.route('/siteverify', (request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        checked.push(new URLSearchParams(body));
        const { status, body: answer } = verdict();
        response.writeHead(status, { 'content-type': 'application/json' }).end(answer);
      });
    });
    harness = await createTestApp({
      env: {
        SUPPORT_EMAIL: SUPPORT,
        RECAPTCHA_SECRET: 'captcha-secret',
        RECAPTCHA_SITE_KEY: 'captcha-site-key',
        RECAPTCHA_VERIFY_URL: verifier.url('/siteverify'),
        OUTBOUND_ALLOW_HOSTS: verifier.host,
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    await verifier.close();
  });
  const open = () => TestBrowser.open(harness.app, nextIp());

  it('sends the token, the secret and the client address to the verify service and takes a passing answer', async () => {
    const browser = await open();
    const before = await mailCount(harness.app, SUPPORT);
    const response = await browser.post('/api/contact_us', aMessage({ recaptchaToken: 'good-token' }));
    expect(response.statusCode).toBe(201);
    expect(Object.fromEntries(checked.at(-1) ?? [])).toEqual({
      secret: 'captcha-secret',
      response: 'good-token',
      remoteip: browser.ip,
    });
    expect(await mailCount(harness.app, SUPPORT)).toBe(before + 1);
  });

  it('refuses a message without a token before asking, and one the service fails', async () => {
    const asked = checked.length;
    const missing = await (await open()).post('/api/contact_us', aMessage({ recaptchaToken: undefined }));
    expect(errorCode(missing)).toBe('contact/captcha_failed');
    expect(checked.length).toBe(asked);

    verdict = () => ({ status: 200, body: '{"success":false,"error-codes":["invalid-input-response"]}' });
    const before = await harness.app.db.$count(contactMessages);
    const robot = await open();
    const failed = await robot.post('/api/contact_us', aMessage({ recaptchaToken: 'bad' }));
    expect(failed.statusCode).toBe(400);
    expect(errorCode(failed)).toBe('contact/captcha_failed');
    expect(await harness.app.db.$count(contactMessages)).toBe(before);

    // Failed answers count towards the limit, so a robot cannot keep guessing.
    for (let tried = 1; tried < CONTACT_LIMITS.messagesPerAddress.max; tried += 1) {
      await robot.post('/api/contact_us', aMessage({ recaptchaToken: 'bad' }));
    }
    expect(errorCode(await robot.post('/api/contact_us', aMessage({ recaptchaToken: 'bad' })))).toBe(
      'general/rate_limited',
    );
  });

  it('refuses with 503 when the verify service cannot answer, rather than let the message through', async () => {
    verdict = () => ({ status: 500, body: 'down' });
    const before = await harness.app.db.$count(contactMessages);
    const response = await (await open()).post('/api/contact_us', aMessage({ recaptchaToken: 'any' }));
    expect(response.statusCode).toBe(503);
    expect(errorCode(response)).toBe('contact/captcha_unavailable');
    expect(await harness.app.db.$count(contactMessages)).toBe(before);
  });
});
