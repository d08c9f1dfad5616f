import { AppError } from '@crossbuy/core/errors';
import { authCalls, OK } from '@crossbuy/core/validation';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info.js';
import { answerCall } from '../../lib/contract-routes.js';
import { linkOrigin } from '../../lib/link-origin.js';
import { accountOf, currentAccount, requireUser, visitorOrUser } from '../../plugins/authentication.js';
import { toProfile } from '../users/profile.js';
import {
  changePassword,
  forgotPassword,
  refreshSession,
  register,
  resendVerifyCode,
  resetPassword,
  type SignedIn,
  signIn,
  signOut,
  signOutElsewhere,
  verifyEmail,
} from './auth.service.js';
import {
  clearSessionCookies,
  cookieSettings,
  REFRESH_TOKEN_COOKIE,
  setAccessCookie,
  setRefreshCookie,
} from './session-cookies.js';

/** Sign-in, registration, sessions and passwords: the auth service (docs/rules/api-and-errors.md, docs/rules/accounts.md). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookies = cookieSettings(app);

  const answerSignedIn = (reply: FastifyReply, signedIn: SignedIn) => {
    setAccessCookie(reply, cookies, signedIn.accessToken);
    // A new session always gets a new token; a refreshed one keeps its own (decision 0014).
    reply.bindXsrf(signedIn.session.id);
    if (signedIn.refreshToken) {
      setRefreshCookie(reply, cookies, signedIn.refreshToken, signedIn.session.rememberMe);
    }
    reply.header('cache-control', 'no-store');
    return { signedIn: true, tfaPassed: signedIn.session.tfaPassed, profile: toProfile(signedIn.user) };
  };

  answerCall(app, authCalls.register, async (request, reply) => {
    const signedIn = await register(app, request.body, clientInfo(request));
    reply.status(201);
    return answerSignedIn(reply, signedIn);
  });

  answerCall(app, authCalls.signIn, async (request, reply) =>
    answerSignedIn(reply, await signIn(app, request.body, clientInfo(request))),
  );

  answerCall(
    app,
    authCalls.verifyEmail,
    async (request) => {
      const { user } = await accountOf(request);
      return { user: toProfile(await verifyEmail(app, user, request.body.code)) };
    },
    { preHandler: requireUser },
  );

  answerCall(app, authCalls.resendVerifyCode, async (request) => {
    const requester = await visitorOrUser(request);
    await resendVerifyCode(app, request.body.email, clientInfo(request), requester?.userId);
    return OK;
  });

  answerCall(app, authCalls.signOut, async (request, reply) => {
    await signOut(app, {
      refreshToken: request.cookies[REFRESH_TOKEN_COOKIE],
      sessionId: request.tokenClaim?.sessionId,
    });
    clearSessionCookies(reply, cookies);
    return reply.status(204).send(null);
  });

  answerCall(app, authCalls.refreshSession, async (request, reply) => {
    const result = await refreshSession(app, request.cookies[REFRESH_TOKEN_COOKIE]);
    if (result.kind === 'refused') {
      clearSessionCookies(reply, cookies);
      throw result.error;
    }
    return answerSignedIn(reply, result.signedIn);
  });

  answerCall(app, authCalls.me, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const account = await currentAccount(request);
    if (account) {
      if (account.user.blacklistedAt) {
        throw new AppError('auth/account_blacklisted', [app.config.supportEmail]);
      }
      return { signedIn: true, tfaPassed: account.session.tfaPassed, profile: toProfile(account.user) };
    }
    if (request.tokenClaim || request.cookies[REFRESH_TOKEN_COOKIE]) {
      throw new AppError('auth/invalid_access_token');
    }
    return { signedIn: false, tfaPassed: false, profile: null };
  });

  answerCall(app, authCalls.forgotPassword, async (request) => {
    await forgotPassword(app, request.body.email, clientInfo(request), linkOrigin(request));
    return OK;
  });

  answerCall(app, authCalls.resetPassword, async (request) => {
    await resetPassword(app, request.body, clientInfo(request));
    app.accountCache.forgetUser(request.body.uid);
    return OK;
  });

  answerCall(
    app,
    authCalls.changePassword,
    async (request) => {
      await changePassword(app, await accountOf(request), request.body);
      return OK;
    },
    { preHandler: requireUser },
  );

  answerCall(
    app,
    authCalls.signOutElsewhere,
    async (request) => ({ endedSessions: await signOutElsewhere(app, await accountOf(request)) }),
    { preHandler: requireUser },
  );
};
