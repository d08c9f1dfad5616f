import { createHmac, webcrypto } from 'node:crypto';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AccountCache } from '../features/auth/account-cache.js';
import { REVOCATIONS_TOPIC, revocationOf } from '../features/auth/revocations.js';
import { type ActiveAccount, findActiveSession } from '../features/auth/sessions.service.js';
import type { UserRow } from '../features/users/users.table.js';

export const ACCESS_TOKEN_COOKIE = 'access_token';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'crossbuy';
const AUDIENCE = 'crossbuy-api';
const READ_METHODS = new Set(['GET', 'HEAD']);

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
    accountCache: AccountCache;
  }
  interface FastifyRequest {
    /**
     * What a validly signed access token claims, before anyone looked at its session: it stays valid for
     * up to 15 minutes after sign-out, a password change or blacklisting. Only this plugin reads it;
     * routes use the guards, or {@link visitorOrUser} on routes open to visitors.
     */
    tokenClaim: Principal | null;
    /** The caller once a guard or {@link visitorOrUser} has checked the session in the database. */
    principal: Principal | null;
  }
}

const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Short-lived signed access tokens (HS256). The key is derived from SESSION_SECRET for this one
 * purpose, so a token can never double as a cookie signature or an anti-forgery token.
 */
export function createAccessTokens(sessionSecret: string, now: () => number = Date.now): AccessTokens {
  const raw = createHmac('sha256', sessionSecret).update('crossbuy:access-token:v1').digest();
  // Imported once: given raw bytes, jose would import a WebCrypto key on every sign and verify, which
  // was the largest single cost of an authenticated request.
  const key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token's verdict depends only on its bytes and the clock, so a valid one is remembered until it
  // expires: a browser sends the same token for up to 15 minutes.
  const verified = new Map<string, { principal: Principal; expiresAtMs: number }>();

  async function verifySignature(token: string): Promise<Principal | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(now()),
      });
      const { sub, sid, role, tfa, exp } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof tfa !== 'boolean') return 'invalid';
      if (role !== 'shopper' && role !== 'operator' && role !== 'admin') return 'invalid';
      const principal: Principal = { userId: sub, sessionId: sid, role, tfaPassed: tfa };
      if (typeof exp === 'number') {
        if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
        verified.set(token, { principal, expiresAtMs: exp * 1000 });
      }
      return { ...principal };
    } catch (error) {
      return error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
    }
  }

  return {
    issue: async (principal) =>
      new SignJWT({ sid: principal.sessionId, role: principal.role, tfa: principal.tfaPassed })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(principal.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(now() / 1000) + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > now()) return { ...known.principal };
        verified.delete(token);
        return 'expired';
      }
      return verifySignature(token);
    },
  };
}

async function authentication(app: FastifyInstance, options: { sessionSecret: string }) {
  app.decorate('accessTokens', createAccessTokens(options.sessionSecret));
  app.decorate('accountCache', new AccountCache());
  // A revocation made through any process reaches this one's cache at once (docs/decisions/0060).
  const stopHearingRevocations = app.live.subscribe(REVOCATIONS_TOPIC, (payload) =>
    app.accountCache.forget(revocationOf(payload)),
  );
  app.addHook('onClose', async () => stopHearingRevocations());
  app.decorateRequest('tokenClaim', null);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[ACCESS_TOKEN_COOKIE];
    if (!token) return;
    const result = await app.accessTokens.verify(token);
    if (typeof result === 'object') request.tokenClaim = result;
  });
  // Whatever a user's own write changed (profile, password, two-factor, sign-out), this process's
  // next read of that user comes from the database.
  app.addHook('onSend', async (request) => {
    if (request.tokenClaim && !READ_METHODS.has(request.method)) {
      app.accountCache.forgetUser(request.tokenClaim.userId);
    }
  });
}

export default fp(authentication, { name: 'authentication', dependencies: ['@fastify/cookie', 'live-bus'] });

const accountLookups = new WeakMap<FastifyRequest, Promise<ActiveAccount | undefined>>();
async function lookUpAccount(
  request: FastifyRequest,
  principal: Principal,
): Promise<ActiveAccount | undefined> {
  const { accountCache, db } = request.server;
  // Reads may use an account validated a moment ago; anything that changes state reads the database.
  const cacheable = READ_METHODS.has(request.method);
  if (cacheable) {
    const cached = accountCache.get(principal.sessionId);
    if (cached && cached.user.id === principal.userId) return cached;
  }
  const ticket = accountCache.ticket();
  const account = await findActiveSession(db, principal.sessionId, principal.userId);
  if (account && cacheable) accountCache.set(account, ticket);
  return account;
}

/**
 * The caller's session and user as the database knows them (for reads, as of at most a few seconds
 * ago: see AccountCache), or undefined for a visitor or a session that has been revoked or has expired
 * (sign-out elsewhere, password reset, blacklisting). The access token alone would stay valid for up to
 * 15 minutes after any of those.
 */
export function currentAccount(request: FastifyRequest): Promise<ActiveAccount | undefined> {
  const claim = request.tokenClaim;
  if (!claim) return Promise.resolve(undefined);
  let lookup = accountLookups.get(request);
  if (!lookup) {
    lookup = lookUpAccount(request, claim);
    accountLookups.set(request, lookup);
  }
  return lookup;
}

// The row is the truth: a role or two-factor change takes effect before the token is renewed.
function checkedPrincipal({ user, session }: ActiveAccount): Principal {
  return { userId: user.id, sessionId: session.id, role: user.role, tfaPassed: session.tfaPassed };
}

async function signedInAccount(request: FastifyRequest): Promise<ActiveAccount> {
  const account = await currentAccount(request);
  if (!account) throw new AppError('auth/invalid_access_token');
  if (account.user.blacklistedAt) {
    throw new AppError('auth/account_blacklisted', [request.server.config.supportEmail]);
  }
  request.principal = checkedPrincipal(account);
  return account;
}

/**
 * For routes open to visitors that do more for a signed-in user (a stored region, wishlist flags,
 * recently viewed): the caller whose session is live, or undefined, so a token whose session has ended
 * (sign-out, password change or reset, blacklisting) acts as a visitor's would.
 */
export async function visitorOrUser(request: FastifyRequest): Promise<Principal | undefined> {
  const account = await currentAccount(request);
  if (!account || account.user.blacklistedAt) return undefined;
  request.principal = checkedPrincipal(account);
  return request.principal;
}

/** A preValidation guard: passes quietly or throws the AppError that refuses the caller. */
export type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * Whether the caller of a request answered a while ago (a live stream still open) would pass `guard` now,
 * their session and user read afresh from the database: the cache may hold what a revocation just ended.
 */
export async function stillPasses(request: FastifyRequest, guard: Guard): Promise<boolean> {
  const claim = request.tokenClaim;
  if (!claim) return false;
  accountLookups.set(request, findActiveSession(request.server.db, claim.sessionId, claim.userId));
  try {
    await guard(request);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * Every route of `app` (a plugin's own scope) answers only callers who pass `guard`, and its answers are
 * never stored by a shared cache: they are one person's. The guard runs before the body and query are
 * validated, so a caller who may not make the call learns nothing of what it takes: a visitor is asked
 * to sign in and a shopper refused a back-office call whatever they send.
 */
export function guardPrivateRoutes(app: FastifyInstance, guard: Guard = requireUser): void {
  app.addHook('preValidation', guard);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
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

/**
 * preHandler factory for back-office calls: a signed-in caller with one of the given roles whose session
 * has passed two-factor. A password alone never reaches other people's orders and accounts. Passing is
 * per session and turning two-factor off clears it, so the session's flag is the whole check; the account
 * says which step is missing.
 */
export function requireRole(...roles: UserRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const { user, session } = await signedInAccount(request);
    if (!roles.includes(user.role)) throw new AppError('auth/not_authorized');
    if (!session.tfaPassed) {
      throw new AppError(user.tfaEnabledAt ? 'auth/tfa_not_verified' : 'auth/staff_tfa_required');
    }
  };
}

/**
 * The signed-in caller's principal inside a handler guarded by one of the guards above; a handler
 * without a guard gets 401, never the unchecked token claim.
 */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('auth/invalid_access_token');
  return request.principal;
}

/** The signed-in caller's session and user row inside a handler guarded by one of the guards above. */
export async function accountOf(request: FastifyRequest): Promise<ActiveAccount> {
  return signedInAccount(request);
}
