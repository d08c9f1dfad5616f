import { isIPv4 } from 'node:net';
import { mailCalls } from '@crossbuy/core/mail';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { answerCall } from '../../lib/contract-routes.js';

/**
 * Whether an address or host name reaches only this machine: 127.0.0.0/8, ::1 (also as an IPv4-mapped
 * or bracketed IPv6 address) and localhost.
 */
export function isLoopback(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare === '::1') return true;
  const ipv4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return isIPv4(ipv4) && ipv4.startsWith('127.');
}

// Headers a proxy adds to what it passes on: their presence means the socket's address is the proxy's.
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
  'x-real-ip',
  'via',
];

// A Host header: a bracketed IPv6 address or a plain name, and an optional port; nothing else.
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([^\s:[\]/\\@?#]+))(?::\d{1,5})?$/i;

/** The host name a request was addressed to (its Host header without the port), or undefined. */
function addressedHost(host: string | undefined): string | undefined {
  const match = host === undefined ? null : HOST_HEADER.exec(host);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * The development mailbox holds other people's codes and reset links, so only the developer at the
 * server's own machine may read it: a request whose socket comes from loopback, that no proxy forwarded,
 * and that was addressed to a loopback name. Behind a proxy every request arrives from loopback, so with
 * TRUST_PROXY set, or any forwarding header present, nobody may. The Host check stops a web page whose
 * name was rebound to 127.0.0.1 from reading the mailbox through the developer's own browser.
 */
export function mayReadDevMailbox(
  request: Pick<FastifyRequest, 'socket' | 'headers'>,
  trustProxy: AppConfig['trustProxy'],
): boolean {
  if (trustProxy !== false) return false;
  const { headers } = request;
  if (FORWARDING_HEADERS.some((name) => headers[name] !== undefined)) return false;
  const host = addressedHost(headers.host);
  if (host === undefined || !isLoopback(host)) return false;
  return isLoopback(request.socket.remoteAddress ?? '');
}

/**
 * When the development mailbox is on but the server listens beyond loopback: a warning to log at start,
 * since a remote visitor is refused the mailbox but a misconfigured proxy or a shared machine may not be.
 */
export function devMailboxExposureWarning(
  config: Pick<AppConfig, 'env' | 'smtpUrl' | 'host'>,
): string | undefined {
  if (config.env === 'production' || config.smtpUrl) return undefined;
  if (isLoopback(config.host)) return undefined;
  return (
    `The development mailbox is on (no SMTP_URL) and the server listens on ${config.host}, beyond this ` +
    'machine. Mail is kept on the server for anyone at this machine to read; set SMTP_URL, or ' +
    'NODE_ENV=production, before letting anyone else use this store.'
  );
}

/**
 * `GET /dev/mailbox`: what the server "sent" while no SMTP_URL is set, newest first, so a developer
 * (or a page) can read verification codes and links. Never registered in production, only answered on
 * loopback, and never shows mail to operator accounts.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  answerCall(app, mailCalls.devMailbox, async (request, reply) => {
    // Remote callers are told nothing is here at all.
    if (!mayReadDevMailbox(request, app.config.trustProxy)) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
    const messages = await app.mailer.devMailbox(request.query.to);
    return {
      messages: messages.map((message) => ({ ...message, sentAt: message.sentAt?.toISOString() ?? null })),
    };
  });
};
