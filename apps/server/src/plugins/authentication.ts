import { createHmac } from 'node:crypto';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { UserRow } from '../features/users/users.table.js';

export const ACCESS_TOKEN_COOKIE = 'access_token';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'crossbuy';
const AUDIENCE = 'crossbuy-api';

export type UserRole = UserRow['role'];

/** Who is calling, as proven by a valid access token. */
export type Principal = { userId: string; sessionId: string; role: UserRole; tfaPassed: boolean };

export type AccessTokens = {
  issue(principal: Principal): Promise<string>;
  verify(token: string): Promise<Principal | 'expired' | 'invalid'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
  }
  interface FastifyRequest {
    /** Set when the request carries a valid access token; null for visitors and expired tokens. */
    principal: Principal | null;
  }
}

/**
 * Short-lived signed access tokens (HS256). The key is derived from SESSION_SECRET for this one
 * purpose, so a token can never double as a cookie signature or an anti-forgery token.
 */
export function createAccessTokens(sessionSecret: string): AccessTokens {
  const key = createHmac('sha256', sessionSecret).update('crossbuy:access-token:v1').digest();
  return {
    issue: (principal) =>
      new SignJWT({ sid: principal.sessionId, role: principal.role, tfa: principal.tfaPassed })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(principal.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const { sub, sid, role, tfa } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof tfa !== 'boolean') return 'invalid';
        if (role !== 'shopper' && role !== 'operator' && role !== 'admin') return 'invalid';
        return { userId: sub, sessionId: sid, role, tfaPassed: tfa };
      } catch (error) {
        return error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}

async function authentication(app: FastifyInstance, options: { sessionSecret: string }) {
  app.decorate('accessTokens', createAccessTokens(options.sessionSecret));
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[ACCESS_TOKEN_COOKIE];
    if (!token) return;
    const result = await app.accessTokens.verify(token);
    if (typeof result === 'object') request.principal = result;
  });
}

export default fp(authentication, { name: 'authentication', dependencies: ['@fastify/cookie'] });

/** preHandler: a signed-in caller, else 401 so the client refreshes its access token and retries. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.principal) throw new AppError('auth/invalid_access_token');
}

/** preHandler factory: a signed-in caller with one of the given roles (back-office calls). */
export function requireRole(...roles: UserRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.principal) throw new AppError('auth/invalid_access_token');
    if (!roles.includes(request.principal.role)) throw new AppError('auth/not_authorized');
  };
}

/** The signed-in caller's principal inside a handler guarded by requireUser or requireRole. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('auth/invalid_access_token');
  return request.principal;
}
