import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false on a route that other servers call (a payment provider's webhook), never for browsers. */
    xsrf?: boolean;
  }
}

export type XsrfOptions = { secret: string; secureCookie: boolean };

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`xsrf:${nonce}`).digest('base64url');
}

export function issueXsrfToken(secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidXsrfToken(secret: string, token: string | undefined): token is string {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Signed double-submit anti-forgery check. The signature means a cookie planted by a sibling
 * domain is rejected, not just a missing header.
 */
async function xsrf(app: FastifyInstance, options: XsrfOptions) {
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const cookieIsValid = isValidXsrfToken(options.secret, cookie);
    if (!cookieIsValid) {
      reply.setCookie(XSRF_COOKIE, issueXsrfToken(options.secret), {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookie,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.xsrf === false) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookieIsValid || typeof header !== 'string' || !sameToken(header, cookie)) {
      throw new AppError('auth/invalid_state');
    }
  });
}

export default fp(xsrf, { name: 'xsrf', dependencies: ['@fastify/cookie'] });
