import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './mailer.js';
import {
  contactMessageMail,
  contactReplyMail,
  escapeHtml,
  orderPlacedMail,
  orderShippedMail,
  passwordResetMail,
  tfaResetMail,
  verificationCodeMail,
} from './templates.js';

describe('mail templates', () => {
  it("tells the shopper the carrier, the tracking number and the carrier's tracking page", () => {
    const mail = orderShippedMail({
      firstName: 'Mei',
      orderRef: 'CB-ABCD2345',
      carrier: 'J&T <Express>',
      trackingNumber: 'JT 1',
      trackingUrl: 'https://jtexpress.sg/tracking?awb=JT%201&lang=en',
      link: 'https://crossbuy.example/orders/o1',
    });
    expect(mail.subject).toBe('Your Crossbuy order CB-ABCD2345 is on its way');
    expect(mail.text).toContain('has shipped with J&T <Express>.');
    expect(mail.text).toContain('Tracking number: JT 1');
    expect(mail.text).toContain('https://jtexpress.sg/tracking?awb=JT%201&lang=en');
    expect(mail.html).toContain('href="https://jtexpress.sg/tracking?awb=JT%201&amp;lang=en"');
    expect(mail.html).toContain('J&amp;T &lt;Express&gt;');
    expect(mail.html).not.toContain('<Express>');
  });

  it('puts the code in the subject, the text and the HTML', () => {
    const mail = verificationCodeMail({ firstName: 'Ada', code: '012345', expiresInMinutes: 60 });
    expect(mail.subject).toContain('012345');
    expect(mail.text).toContain('012345');
    expect(mail.text).toContain('60 minutes');
    expect(mail.html).toContain('012345');
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it("answers a contact message under a fixed subject, quoting the sender's message line by line", () => {
    const mail = contactReplyMail({
      name: 'Eve\r\nBcc: all@example.com',
      reply: 'It ships <b>tomorrow</b>.',
      message: 'Where is it?\r\n<script>x</script>',
      // 20:30 UTC on the 20th is 04:30 on the 21st in Singapore, the store's time.
      sentAt: new Date('2026-11-20T20:30:00Z'),
    });
    expect(mail.subject).toBe('Re: your message to Crossbuy');
    expect(mail.text).toContain('It ships <b>tomorrow</b>.');
    expect(mail.text).toContain(
      'On 21/11/2026 04:30:00 Singapore time you wrote:\n> Where is it?\n> <script>x</script>',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>tomorrow');
    expect(mail.html).toContain('It ships &lt;b&gt;tomorrow&lt;/b&gt;.');
  });

  it("asks for payment by a time in the store's time zone, the next day when UTC's is still today", () => {
    const mail = orderPlacedMail({
      firstName: 'Mei',
      orderRef: 'CB-ABCD2345',
      lines: [{ name: 'Velvet Lip Balm', quantity: 2, total: { amountMinor: 1800, currency: 'SGD' } }],
      total: { amountMinor: 1800, currency: 'SGD' },
      paymentDueAt: new Date('2026-11-20T16:15:00Z'),
      link: 'https://crossbuy.example/orders/o1',
    });
    expect(mail.text).toContain(
      'Please pay by 21/11/2026 00:15:00 Singapore time; unpaid orders are cancelled then.',
    );
    expect(mail.html).toContain('Please pay by 21/11/2026 00:15:00 Singapore time;');
    expect(mail.text).not.toContain('UTC');
  });

  it('words a contact message with its sender, escaping the HTML and keeping the subject on one line', () => {
    const mail = contactMessageMail({
      name: 'Mei\nTan <b>',
      email: 'mei@example.com',
      phoneNumber: null,
      message: 'Where is my parcel?\n<script>x</script>',
      signedInAs: 'user 42',
    });
    expect(mail.subject).toBe('Contact form: Mei Tan <b>');
    expect(mail.text).toContain('Phone: not given');
    expect(mail.text).toContain('Account: user 42');
    expect(mail.text).toContain('<script>x</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Mei\nTan &lt;b&gt; &lt;mei@example.com&gt;');
  });

  it('escapes names and links in HTML but keeps the text as typed', () => {
    const link = 'https://shop.example/reset_password?uid=1&token=a"b';
    const mail = passwordResetMail({ firstName: '<script>x</script>', link, expiresInMinutes: 60 });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('uid=1&amp;token=a&quot;b');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Hi <script>x</script>,');
  });

  it('words the two-factor reset mail with its link and a warning', () => {
    const mail = tfaResetMail({
      firstName: 'Ada',
      link: 'https://shop.example/tfa/reset?token=t',
      expiresInMinutes: 60,
    });
    expect(mail.subject).toMatch(/two-factor/);
    expect(mail.text).toContain('https://shop.example/tfa/reset?token=t');
    expect(mail.text).toMatch(/change your password/);
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('mail retry back-off', () => {
  it('doubles from 30 seconds and stops at an hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(120_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
