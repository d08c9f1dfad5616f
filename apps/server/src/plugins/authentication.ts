import { createHmac } from 'node:crypto';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { type ActiveAccount, findActiveSession } from '../features/auth/sessions.service.js';
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

const accountLookups = new WeakMap<FastifyRequest, Promise<ActiveAccount | undefined>>();

/**
 * The caller's session and user as the database knows them now, or undefined for a visitor or a
 * session that has been revoked or has expired (sign-out elsewhere, password reset, blacklisting).
 * The access token alone would stay valid for up to 15 minutes after any of those.
 */
export function currentAccount(request: FastifyRequest): Promise<ActiveAccount | undefined> {
  const { principal } = request;
  if (!principal) return Promise.resolve(undefined);
  let lookup = accountLookups.get(request);
  if (!lookup) {
    lookup = findActiveSession(request.server.db, principal.sessionId, principal.userId);
    accountLookups.set(request, lookup);
  }
  return lookup;
}

async function signedInAccount(request: FastifyRequest): Promise<ActiveAccount> {
  const account = await currentAccount(request);
  if (!account) throw new AppError('auth/invalid_access_token');
  if (account.user.blacklistedAt) {
    throw new AppError('auth/account_blacklisted', [request.server.config.supportEmail]);
  }
  // The row is the truth: a role or two-factor change takes effect before the token is renewed.
  request.principal = {
    userId: account.user.id,
    sessionId: account.session.id,
    role: account.user.role,
    tfaPassed: account.session.tfaPassed,
  };
  return account;
}

/** preHandler: a signed-in caller, else 401 so the client refreshes its access token and retries. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  await signedInAccount(request);
}

/** preHandler: a signed-in caller whose email is verified (placing orders, requesting quotations). */
export async function requireVerifiedEmail(request: FastifyRequest): Promise<void> {
  const { user } = await signedInAccount(request);
  if (!user.emailVerifiedAt) throw new AppError('auth/unverified_email');
}

/** preHandler: a signed-in caller whose session has passed two-factor authentication (saved cards). */
export async function requireTfaPassed(request: FastifyRequest): Promise<void> {
  const { session } = await signedInAccount(request);
  if (!session.tfaPassed) throw new AppError('auth/tfa_not_verified');
}

/** preHandler factory: a signed-in caller with one of the given roles (back-office calls). */
export function requireRole(...roles: UserRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const { user } = await signedInAccount(request);
    if (!roles.includes(user.role)) throw new AppError('auth/not_authorized');
  };
}

/** The signed-in caller's principal inside a handler guarded by one of the guards above. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('auth/invalid_access_token');
  return request.principal;
}

/** The signed-in caller's session and user row inside a handler guarded by one of the guards above. */
export async function accountOf(request: FastifyRequest): Promise<ActiveAccount> {
  return signedInAccount(request);
}
