import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** httpOnly: what this browser's anti-forgery token is bound to (its session id once signed in). */
export const XSRF_BINDING_COOKIE = 'xsrf_binding';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false on a route that other servers call (a payment provider's webhook), never for browsers. */
    xsrf?: boolean;
  }
  interface FastifyReply {
    /** Binds this browser's anti-forgery token to a new value: the new session at sign-in, none at sign-out. */
    renewXsrf(sessionId?: string): void;
    /**
     * Binds this browser's anti-forgery token to `sessionId`, keeping the token it has when it already is
     * bound to that session (a refresh), so calls other tabs have in flight with it still pass.
     */
    bindXsrf(sessionId: string): void;
  }
}

export type XsrfOptions = { secret: string; secureCookie: boolean };

function sign(secret: string, binding: string, nonce: string): string {
  return createHmac('sha256', secret).update(`xsrf:${binding}:${nonce}`).digest('base64url');
}

export function issueXsrfToken(secret: string, binding: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, binding, nonce)}`;
}

export function isValidXsrfToken(
  secret: string,
  binding: string,
  token: string | undefined,
): token is string {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return sameToken(sign(secret, binding, nonce), signature);
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function newAnonymousBinding(): string {
  return `a-${randomBytes(18).toString('base64url')}`;
}

/**
 * Signed double-submit anti-forgery check (OWASP), bound to the session. The readable XSRF-TOKEN cookie
 * is a nonce and an HMAC over the nonce and the browser's binding: its session id when signed in, else a
 * random value in an httpOnly cookie. A token obtained by another client, or before this browser signed
 * in or out, is refused, and a cookie planted by a sibling domain cannot be made to match a session it
 * does not know. The session comes from the access token's claim (checked by signature: this runs after
 * the authentication plugin). Once the access token has expired the stored binding, set to the session
 * at sign-in, still holds, so the browser is told 401, refreshes and retries; only calls that need no
 * access token (refresh, sign-out, sign-in) then rest on the stored binding alone.
 */
async function xsrf(app: FastifyInstance, options: XsrfOptions) {
  const cookieOptions = { path: '/', sameSite: 'lax' as const, secure: options.secureCookie };

  const bind = (reply: FastifyReply, binding: string) => {
    reply.setCookie(XSRF_BINDING_COOKIE, binding, { ...cookieOptions, httpOnly: true });
    reply.setCookie(XSRF_COOKIE, issueXsrfToken(options.secret, binding), {
      ...cookieOptions,
      httpOnly: false,
    });
  };

  app.decorateReply('renewXsrf', function (this: FastifyReply, sessionId?: string) {
    bind(this, sessionId ?? newAnonymousBinding());
  });

  app.decorateReply('bindXsrf', function (this: FastifyReply, sessionId: string) {
    const { cookies } = this.request;
    const alreadyBound =
      cookies[XSRF_BINDING_COOKIE] === sessionId &&
      isValidXsrfToken(options.secret, sessionId, cookies[XSRF_COOKIE]);
    if (!alreadyBound) bind(this, sessionId);
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const storedBinding = request.cookies[XSRF_BINDING_COOKIE];
    const binding = request.tokenClaim?.sessionId ?? storedBinding ?? newAnonymousBinding();
    const cookie = request.cookies[XSRF_COOKIE];
    const cookieIsValid = storedBinding === binding && isValidXsrfToken(options.secret, binding, cookie);
    if (!cookieIsValid) bind(reply, binding);
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.xsrf === false) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookieIsValid || typeof header !== 'string' || !sameToken(header, cookie)) {
      throw new AppError('auth/invalid_state');
    }
  });
}

export default fp(xsrf, { name: 'xsrf', dependencies: ['@fastify/cookie', 'authentication'] });
