import { AppError } from '@crossbuy/core/errors';
import type { ContactUs } from '@crossbuy/core/validation';
import type { FastifyInstance } from 'fastify';
import { type ClientInfo, clientNetwork } from '../../lib/client-info.js';
import { OutboundFetchError } from '../../lib/guarded-fetch.js';
import type { RateLimitRule } from '../../plugins/rate-limit.js';
import { enqueueMail } from '../mail/mailer.js';
import { contactMessageMail } from '../mail/templates.js';
import { contactMessages } from './contact.table.js';

export type ContactContext = Pick<
  FastifyInstance,
  'db' | 'config' | 'rateLimiter' | 'mailer' | 'outbound' | 'log'
>;

/**
 * Anyone may write without an account, so messages are limited per client network (an IPv4 address or
 * an IPv6 /64), counted before the captcha is checked, so a robot failing the captcha is held back too.
 */
export const CONTACT_LIMITS = {
  messagesPerAddress: { name: 'contact:address', max: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Checks a reCAPTCHA answer with the verify service when the store has a captcha secret; without one
 * the form takes no captcha. A service that cannot be reached refuses the message (503) rather than let
 * it through unchecked.
 */
export async function verifyCaptcha(
  ctx: Pick<ContactContext, 'config' | 'outbound' | 'log'>,
  token: string | null | undefined,
  client: ClientInfo,
): Promise<void> {
  const secret = ctx.config.recaptcha?.secret;
  if (!secret) return;
  if (!token) throw new AppError('contact/captcha_failed');
  let answer: unknown;
  try {
    answer = await ctx.outbound.postFormForJson(ctx.config.recaptchaVerifyUrl, {
      secret,
      response: token,
      remoteip: client.ip,
    });
  } catch (error) {
    if (!(error instanceof OutboundFetchError)) throw error;
    ctx.log.warn({ failure: error.failure }, 'captcha verify service failed');
    throw new AppError('contact/captcha_unavailable', [], undefined, { cause: error });
  }
  const passed =
    typeof answer === 'object' && answer !== null && 'success' in answer && answer.success === true;
  if (!passed) throw new AppError('contact/captcha_failed');
}

/**
 * Keeps a contact message and queues its mail to the store's support address in one transaction, so
 * neither exists without the other; the sender's account is recorded when they are signed in.
 */
export async function sendContactMessage(
  ctx: ContactContext,
  input: ContactUs,
  sender: { userId: string | null; client: ClientInfo },
): Promise<{ id: string; createdAt: string }> {
  await ctx.rateLimiter.consume(CONTACT_LIMITS.messagesPerAddress, clientNetwork(sender.client.ip));
  await verifyCaptcha(ctx, input.recaptchaToken, sender.client);
  const stored = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        email: input.email,
        name: input.name,
        phoneNumber: input.phoneNumber,
        message: input.message,
        userId: sender.userId,
      })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row) throw new Error('contact message insert returned nothing');
    await enqueueMail(tx, {
      template: 'contact_message',
      to: ctx.config.supportEmail,
      content: contactMessageMail({
        name: input.name,
        email: input.email,
        phoneNumber: input.phoneNumber,
        message: input.message,
        signedInAs: sender.userId,
      }),
    });
    return row;
  });
  ctx.mailer.notify();
  return { id: stored.id, createdAt: stored.createdAt.toISOString() };
}
