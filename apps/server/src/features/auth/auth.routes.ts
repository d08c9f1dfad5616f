import { AppError } from '@crossbuy/core/errors';
import {
  changePasswordSchema,
  currentUserResponseSchema,
  emailOnlySchema,
  forgotPasswordSchema,
  loginSchema,
  OK,
  okSchema,
  registerSchema,
  resetPasswordSchema,
  userResponseSchema,
  verifyEmailSchema,
} from '@crossbuy/core/validation';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../lib/client-info.js';
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

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account, mail a verification code, and sign in',
        body: registerSchema,
        response: { 201: currentUserResponseSchema },
      },
    },
    async (request, reply) => {
      const signedIn = await register(app, request.body, clientInfo(request));
      reply.status(201);
      return answerSignedIn(reply, signedIn);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginSchema,
        response: { 200: currentUserResponseSchema },
      },
    },
    async (request, reply) => answerSignedIn(reply, await signIn(app, request.body, clientInfo(request))),
  );

  app.post(
    '/auth/verifyEmail',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: "Confirm the signed-in user's email with the mailed six-digit code",
        body: verifyEmailSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const { user } = await accountOf(request);
      return { user: toProfile(await verifyEmail(app, user, request.body.code)) };
    },
  );

  app.post(
    '/auth/resendVerifyCode',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a new email verification code',
        body: emailOnlySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const requester = await visitorOrUser(request);
      await resendVerifyCode(app, request.body.email, clientInfo(request), requester?.userId);
      return OK;
    },
  );

  app.delete(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Sign out: end this session', response: { 204: z.null() } } },
    async (request, reply) => {
      await signOut(app, {
        refreshToken: request.cookies[REFRESH_TOKEN_COOKIE],
        sessionId: request.tokenClaim?.sessionId,
      });
      clearSessionCookies(reply, cookies);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/refreshAccessToken',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh token cookie for a new access token (and a new refresh token)',
        response: { 200: currentUserResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await refreshSession(app, request.cookies[REFRESH_TOKEN_COOKIE]);
      if (result.kind === 'refused') {
        clearSessionCookies(reply, cookies);
        throw result.error;
      }
      return answerSignedIn(reply, result.signedIn);
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current user and session state',
        description:
          'A visitor without session cookies gets 200 with signedIn false. A session whose access token is ' +
          'missing or expired while its refresh token cookie is present gets 401 auth/invalid_access_token, ' +
          'which tells the client to refresh.',
        response: { 200: currentUserResponseSchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/auth/forgotPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link; the answer is the same whether or not the account exists',
        body: forgotPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await forgotPassword(app, request.body.email, clientInfo(request), linkOrigin(request));
      return OK;
    },
  );

  app.post(
    '/auth/resetPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed link; ends every session of the account',
        body: resetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await resetPassword(app, request.body, clientInfo(request));
      app.accountCache.forgetUser(request.body.uid);
      return OK;
    },
  );

  app.post(
    '/auth/changePassword',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password; ends their other sessions",
        body: changePasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await changePassword(app, await accountOf(request), request.body);
      return OK;
    },
  );

  // Added beside the original calls (docs/rules/accounts.md): a shopper who lost a phone, or signed in on a shared computer, ends those sessions
  // from the one in hand (docs/decisions/0060).
  app.post(
    '/auth/signOutElsewhere',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out on every other device: end every session of the account but this one',
        description:
          'Every other session ends at once in every server process, and their live streams close. ' +
          'Answers how many sessions were ended; this session stays signed in. Takes no body.',
        response: { 200: z.object({ endedSessions: z.number().int().nonnegative() }) },
      },
    },
    async (request) => ({ endedSessions: await signOutElsewhere(app, await accountOf(request)) }),
  );
};
