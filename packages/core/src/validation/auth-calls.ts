import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import {
  changePasswordSchema,
  emailOnlySchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from './auth.js';
import { currentUserResponseSchema, userResponseSchema } from './profile.js';
import { registerSchema } from './user.js';
import { okSchema } from './wire.js';

/** Sign-in, registration, sessions and passwords (docs/rules/api-and-errors.md, docs/rules/accounts.md). */
export const authCalls = {
  register: defineCall({
    method: 'post',
    path: '/auth/register',
    tag: 'auth',
    summary: 'Create an account, mail a verification code, and sign in',
    body: registerSchema,
    responses: { 201: currentUserResponseSchema },
  }),
  signIn: defineCall({
    method: 'post',
    path: '/auth/login',
    tag: 'auth',
    summary: 'Sign in with email and password',
    body: loginSchema,
    responses: { 200: currentUserResponseSchema },
  }),
  verifyEmail: defineCall({
    method: 'post',
    path: '/auth/verifyEmail',
    tag: 'auth',
    summary: "Confirm the signed-in user's email with the mailed six-digit code",
    body: verifyEmailSchema,
    responses: { 200: userResponseSchema },
  }),
  resendVerifyCode: defineCall({
    method: 'post',
    path: '/auth/resendVerifyCode',
    tag: 'auth',
    summary: 'Mail a new email verification code',
    body: emailOnlySchema,
    responses: { 200: okSchema },
  }),
  signOut: defineCall({
    method: 'delete',
    path: '/auth/logout',
    tag: 'auth',
    summary: 'Sign out: end this session',
    responses: { 204: null },
  }),
  refreshSession: defineCall({
    method: 'post',
    path: '/auth/refreshAccessToken',
    tag: 'auth',
    summary: 'Exchange the refresh token cookie for a new access token (and a new refresh token)',
    responses: { 200: currentUserResponseSchema },
  }),
  me: defineCall({
    method: 'get',
    path: '/auth/me',
    tag: 'auth',
    summary: 'The current user and session state',
    description:
      'A visitor without session cookies gets 200 with signedIn false. A session whose access token is ' +
      'missing or expired while its refresh token cookie is present gets 401 auth/invalid_access_token, ' +
      'which tells the client to refresh.',
    responses: { 200: currentUserResponseSchema },
  }),
  forgotPassword: defineCall({
    method: 'post',
    path: '/auth/forgotPassword',
    tag: 'auth',
    summary: 'Mail a password reset link; the answer is the same whether or not the account exists',
    body: forgotPasswordSchema,
    responses: { 200: okSchema },
  }),
  resetPassword: defineCall({
    method: 'post',
    path: '/auth/resetPassword',
    tag: 'auth',
    summary: 'Set a new password with the mailed link; ends every session of the account',
    body: resetPasswordSchema,
    responses: { 200: okSchema },
  }),
  changePassword: defineCall({
    method: 'post',
    path: '/auth/changePassword',
    tag: 'auth',
    summary: "Change the signed-in user's password; ends their other sessions",
    body: changePasswordSchema,
    responses: { 200: okSchema },
  }),
  // Added beside the original calls (docs/rules/accounts.md): a shopper who lost a phone, or signed in on
  // a shared computer, ends those sessions from the one in hand (docs/decisions/0060).
  signOutElsewhere: defineCall({
    method: 'post',
    path: '/auth/signOutElsewhere',
    tag: 'auth',
    summary: 'Sign out on every other device: end every session of the account but this one',
    description:
      'Every other session ends at once in every server process, and their live streams close. ' +
      'Answers how many sessions were ended; this session stays signed in. Takes no body.',
    responses: { 200: z.object({ endedSessions: z.number().int().nonnegative() }) },
  }),
};
