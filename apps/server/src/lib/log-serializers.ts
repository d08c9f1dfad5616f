/**
 * What the server logs, and what it never logs (docs/decisions/0012): no query parameters, no secrets,
 * no e-mail addresses, no query-string values, no request bodies. Errors are logged by allowlist, so a
 * library that hangs the failing values on its error (Drizzle's `params`, PostgreSQL's `detail`, an SMTP
 * server's `response`, the raw bytes of a bad HTTP request) cannot leak them.
 */

import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Keys whose values are replaced wherever they are logged, and as headers of a logged request or response. */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'resetPasswordToken',
  'resetTfaToken',
  'tokenHash',
  'secret',
  'tfaSecret',
  'sessionSecret',
  'recoveryCode',
  'recoveryCodes',
  'codeHash',
];
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-xsrf-token'];

export const REDACTED_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
  ...SECRET_HEADERS.flatMap((header) => [`headers["${header}"]`, `*.headers["${header}"]`]),
];

// Drizzle's "Failed query: <sql>\nparams: <values>", up to the stack frames when it opens a stack.
const PARAMS_SECTION = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;
// Bounded like the RFC's parts, so a long run of word characters costs linear time, not quadratic.
const EMAIL_ADDRESS = /[\w.!#$%&'*+=?^`{|}~-]{1,64}@(?:[\w-]{1,63}\.){1,8}[a-z]{2,63}/gi;

/** Removes query parameters and e-mail addresses from a text about to be logged. */
export function scrubLogText(text: string): string {
  const scrubbed = text.includes('\nparams: ') ? text.replace(PARAMS_SECTION, '') : text;
  return scrubbed.includes('@') ? scrubbed.replace(EMAIL_ADDRESS, '[email]') : scrubbed;
}

/** Plain facts an error may carry: system and HTTP codes, and which table or constraint a query broke. */
const ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'statusCode',
  'responseCode',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
];
const MAX_CAUSE_DEPTH = 5;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}

function safeMessage(error: ErrorLike): string {
  // The SQL text has placeholders only; the values are in `params`, which is never logged.
  return scrubLogText(error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : error.message);
}

export function serializeError(error: unknown, depth = 0): unknown {
  if (typeof error === 'string') return scrubLogText(error);
  if (!isErrorLike(error)) return error;
  const message = safeMessage(error);
  // A stack opens with the message, so it is rewritten the same way.
  const stack =
    typeof error.stack === 'string' && error.message !== ''
      ? error.stack.split(error.message).join(message)
      : error.stack;
  const serialized: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: typeof stack === 'string' ? scrubLogText(stack) : undefined,
  };
  for (const field of ERROR_FIELDS) {
    const value = error[field];
    if (typeof value === 'string') serialized[field] = scrubLogText(value);
    else if (typeof value === 'number' || typeof value === 'boolean') serialized[field] = value;
  }
  if (error instanceof DrizzleQueryError) serialized.query = scrubLogText(error.query);
  if (depth < MAX_CAUSE_DEPTH) {
    if (isErrorLike(error.cause)) serialized.cause = serializeError(error.cause, depth + 1);
    if (Array.isArray(error.errors)) {
      serialized.aggregateErrors = error.errors.map((inner: unknown) => serializeError(inner, depth + 1));
    }
  }
  return serialized;
}

/** A query string's names without their values: they carry reset tokens, e-mail addresses, search terms. */
function withoutQueryValues(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return scrubLogText(url);
  const names = url
    .slice(start + 1)
    .split('&')
    .map((pair) => pair.split('=')[0]);
  return scrubLogText(`${url.slice(0, start)}?${names.join('&')}`);
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    // Anything may be logged under `req`; a serializer that throws would lose the whole line.
    url: typeof request.url === 'string' ? withoutQueryValues(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The Fastify logger's options: level, redaction, serializers and a last scrub of every logged string. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: serializeRequest,
      err: serializeError as (error: unknown) => { type: string; message: string; stack: string },
      msg: (message: unknown) => (typeof message === 'string' ? scrubLogText(message) : message),
    },
    formatters: {
      // Strings and errors logged under other keys than `err` (e.g. a refusal's `reason`).
      log(object: Record<string, unknown>) {
        let scrubbed: Record<string, unknown> | undefined;
        for (const [key, value] of Object.entries(object)) {
          if (key === 'err') continue;
          const safe =
            typeof value === 'string'
              ? scrubLogText(value)
              : value instanceof Error
                ? serializeError(value)
                : value;
          if (safe !== value) {
            scrubbed ??= { ...object };
            scrubbed[key] = safe;
          }
        }
        return scrubbed ?? object;
      },
    },
  };
}
