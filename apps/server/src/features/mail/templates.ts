import { formatStoreDateTime } from '@crossbuy/core/dates';
import { formatMoney, type Money } from '@crossbuy/core/money';

/** A rendered message: every mail has a plain-text and an HTML body saying the same thing. */
export type MailContent = { subject: string; text: string; html: string };

export type MailTemplate =
  | 'email_verification'
  | 'password_reset'
  | 'tfa_reset'
  | 'order_placed'
  | 'order_shipped'
  | 'contact_message'
  | 'contact_reply'
  | 'staff_invitation';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${paragraph}</p>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0 0;color:#6b7280;font-size:12px">Crossbuy · cross-border shopping</p>
</body></html>`;
}

function button(url: string, label: string): string {
  const href = escapeHtml(url);
  return `<a href="${href}" style="display:inline-block;background:#111827;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a><br><span style="font-size:12px;color:#6b7280">or open ${href}</span>`;
}

export function verificationCodeMail(input: { firstName: string; code: string; expiresInMinutes: number }) {
  const subject = `Your Crossbuy verification code: ${input.code}`;
  const text = [
    `Hi ${input.firstName},`,
    '',
    `Your Crossbuy email verification code is ${input.code}.`,
    `It expires in ${input.expiresInMinutes} minutes. Enter it on the verification page to confirm your email.`,
    '',
    'If you did not create a Crossbuy account, you can ignore this email.',
  ].join('\n');
  const html = layout('Confirm your email', [
    `Hi ${escapeHtml(input.firstName)},`,
    'Your Crossbuy email verification code is:',
    `<strong style="font-size:28px;letter-spacing:6px">${escapeHtml(input.code)}</strong>`,
    `It expires in ${input.expiresInMinutes} minutes. Enter it on the verification page to confirm your email.`,
    'If you did not create a Crossbuy account, you can ignore this email.',
  ]);
  return { subject, text, html } satisfies MailContent;
}

export function passwordResetMail(input: { firstName: string; link: string; expiresInMinutes: number }) {
  const subject = 'Reset your Crossbuy password';
  const text = [
    `Hi ${input.firstName},`,
    '',
    'Someone asked to reset the password of your Crossbuy account. To choose a new password, open:',
    input.link,
    '',
    `The link works once and expires in ${input.expiresInMinutes} minutes.`,
    'If it was not you, ignore this email: your password stays as it is.',
  ].join('\n');
  const html = layout('Reset your password', [
    `Hi ${escapeHtml(input.firstName)},`,
    'Someone asked to reset the password of your Crossbuy account. To choose a new password:',
    button(input.link, 'Choose a new password'),
    `The link works once and expires in ${input.expiresInMinutes} minutes.`,
    'If it was not you, ignore this email: your password stays as it is.',
  ]);
  return { subject, text, html } satisfies MailContent;
}

export function tfaResetMail(input: { firstName: string; link: string; expiresInMinutes: number }) {
  const subject = 'Reset two-factor authentication on your Crossbuy account';
  const text = [
    `Hi ${input.firstName},`,
    '',
    'You asked to turn off two-factor authentication because you cannot use your authenticator app.',
    'To confirm, open this link while signed in to Crossbuy:',
    input.link,
    '',
    `The link works once and expires in ${input.expiresInMinutes} minutes.`,
    'If it was not you, change your password now: someone knows it.',
  ].join('\n');
  const html = layout('Reset two-factor authentication', [
    `Hi ${escapeHtml(input.firstName)},`,
    'You asked to turn off two-factor authentication because you cannot use your authenticator app. To confirm, open this link while signed in to Crossbuy:',
    button(input.link, 'Turn off two-factor authentication'),
    `The link works once and expires in ${input.expiresInMinutes} minutes.`,
    '<strong>If it was not you, change your password now: someone knows it.</strong>',
  ]);
  return { subject, text, html } satisfies MailContent;
}

/** An admin invites someone to work on the store as an operator; the link works for that email's account only. */
export function staffInvitationMail(input: { invitedBy: string; link: string; expiresInDays: number }) {
  const subject = 'You are invited to join the Crossbuy store team';
  const text = [
    'Hello,',
    '',
    `${input.invitedBy} invited you to work on the Crossbuy store as an operator.`,
    'To accept, open this link, then sign in or create an account with this email address:',
    input.link,
    '',
    `The link works once and expires in ${input.expiresInDays} days.`,
    'The back office asks for two-factor authentication, so have an authenticator app at hand.',
    'If you did not expect this invitation, you can ignore this email.',
  ].join('\n');
  const html = layout('Join the Crossbuy store team', [
    'Hello,',
    `${escapeHtml(input.invitedBy)} invited you to work on the Crossbuy store as an operator. To accept, open this link, then sign in or create an account with this email address:`,
    button(input.link, 'Accept the invitation'),
    `The link works once and expires in ${input.expiresInDays} days.`,
    'The back office asks for two-factor authentication, so have an authenticator app at hand.',
    'If you did not expect this invitation, you can ignore this email.',
  ]);
  return { subject, text, html } satisfies MailContent;
}

/** A contact-form message, for the store's support inbox; the sender's words are shown as written. */
export function contactMessageMail(input: {
  name: string;
  email: string;
  phoneNumber: string | null;
  message: string;
  signedInAs: string | null;
}) {
  // New lines in a name must not start a second header line of the subject.
  const subject = `Contact form: ${input.name.replace(/\s+/g, ' ')}`;
  const sender = [
    `From: ${input.name} <${input.email}>`,
    `Phone: ${input.phoneNumber ?? 'not given'}`,
    `Account: ${input.signedInAs ?? 'not signed in'}`,
  ];
  const text = [...sender, '', input.message, '', 'Reply to the sender at the address above.'].join('\n');
  const html = layout('A message from the contact form', [
    sender.map(escapeHtml).join('<br>'),
    `<span style="white-space:pre-wrap">${escapeHtml(input.message)}</span>`,
    'Reply to the sender at the address above.',
  ]);
  return { subject, text, html } satisfies MailContent;
}

/**
 * The store's answer to a contact message, with the sender's message quoted below it. The subject is fixed:
 * nothing the sender or the staff typed goes into a header.
 */
export function contactReplyMail(input: { name: string; reply: string; message: string; sentAt: Date }) {
  const subject = 'Re: your message to Crossbuy';
  const wrote = `On ${formatStoreDateTime(input.sentAt)} you wrote:`;
  const quoted = input.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const text = [`Hi ${input.name},`, '', input.reply, '', wrote, quoted].join('\n');
  const html = layout('A reply from Crossbuy', [
    `Hi ${escapeHtml(input.name)},`,
    `<span style="white-space:pre-wrap">${escapeHtml(input.reply)}</span>`,
    `<span style="color:#6b7280">${escapeHtml(wrote)}</span><br><span style="white-space:pre-wrap;display:block;border-left:3px solid #d1d5db;padding-left:12px;color:#4b5563">${escapeHtml(input.message)}</span>`,
  ]);
  return { subject, text, html } satisfies MailContent;
}

export function orderPlacedMail(input: {
  firstName: string;
  orderRef: string;
  lines: readonly { name: string; quantity: number; total: Money }[];
  total: Money;
  paymentDueAt: Date;
  link: string;
}) {
  const subject = `Your Crossbuy order ${input.orderRef}`;
  const due = formatStoreDateTime(input.paymentDueAt);
  const text = [
    `Hi ${input.firstName},`,
    '',
    `Thank you for your order ${input.orderRef}.`,
    '',
    ...input.lines.map((line) => `${line.quantity} x ${line.name}: ${formatMoney(line.total)}`),
    `Total: ${formatMoney(input.total)}`,
    '',
    `Please pay by ${due}; unpaid orders are cancelled then. Follow your order at:`,
    input.link,
  ].join('\n');
  const items = input.lines
    .map((line) => `${line.quantity} × ${escapeHtml(line.name)}: ${escapeHtml(formatMoney(line.total))}`)
    .join('<br>');
  const html = layout(`Order ${input.orderRef}`, [
    `Hi ${escapeHtml(input.firstName)},`,
    `Thank you for your order <strong>${escapeHtml(input.orderRef)}</strong>.`,
    items,
    `<strong>Total: ${escapeHtml(formatMoney(input.total))}</strong>`,
    `Please pay by ${escapeHtml(due)}; unpaid orders are cancelled then.`,
    button(input.link, 'View your order'),
  ]);
  return { subject, text, html } satisfies MailContent;
}

/** An order left the store: who carries it, its tracking number and the carrier's tracking page. */
export function orderShippedMail(input: {
  firstName: string;
  orderRef: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  link: string;
}) {
  const subject = `Your Crossbuy order ${input.orderRef} is on its way`;
  const text = [
    `Hi ${input.firstName},`,
    '',
    `Your order ${input.orderRef} has shipped with ${input.carrier}.`,
    `Tracking number: ${input.trackingNumber}`,
    'Track the parcel at:',
    input.trackingUrl,
    '',
    'Follow your order at:',
    input.link,
  ].join('\n');
  const html = layout(`Order ${input.orderRef} is on its way`, [
    `Hi ${escapeHtml(input.firstName)},`,
    `Your order <strong>${escapeHtml(input.orderRef)}</strong> has shipped with ${escapeHtml(input.carrier)}.`,
    `Tracking number: <strong>${escapeHtml(input.trackingNumber)}</strong>`,
    button(input.trackingUrl, `Track the parcel with ${input.carrier}`),
    button(input.link, 'View your order'),
  ]);
  return { subject, text, html } satisfies MailContent;
}
