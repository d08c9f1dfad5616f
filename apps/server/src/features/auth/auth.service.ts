import { AppError } from '@crossbuy/core/errors';
import type {
  ChangePasswordOutput,
  LoginOutput,
  RegisterOutput,
  ResetPasswordOutput,
} from '@crossbuy/core/validation';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClientInfo } from '../../lib/client-info.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { isUuid } from '../../lib/ids.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { deriveKey, randomToken, sixDigitCode } from '../../lib/secrets.js';
import { enqueueMail } from '../mail/mailer.js';
import { type MailContent, passwordResetMail, verificationCodeMail } from '../mail/templates.js';
import { type UserRow, users } from '../users/users.table.js';
import { accountAtAddress, addressOf, LIMITS, signInLimits } from './rate-limits.js';
import {
  type ActiveAccount,
  createSession,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  sessionIdOfRefreshToken,
} from './sessions.service.js';
import type { SessionRow } from './sessions.table.js';
import { consumeUserSecret, issueUserSecret, SECRET_RULES } from './user-secrets.service.js';
import type { UserSecretPurpose } from './user-secrets.table.js';

/** What the account services use of the app: the database, settings, limits, mail and token signing. */
export type AccountContext = Pick<
  FastifyInstance,
  'db' | 'config' | 'rateLimiter' | 'mailer' | 'accessTokens'
>;

/** A session just opened or renewed: what the route needs to set cookies and answer. */
export type SignedIn = {
  user: UserRow;
  session: SessionRow;
  accessToken: string;
  /** Absent when the refresh token was not renewed (the grace path of a concurrent refresh). */
  refreshToken?: string;
};

export function userSecretKey(ctx: Pick<AccountContext, 'config'>): Buffer {
  return deriveKey(ctx.config.sessionSecret, 'user-secret:v1');
}

/**
 * Stores a fresh single-use secret and queues the mail that carries it in one transaction, so neither is
 * kept without the other, then wakes the mail worker. Each purpose mails its own template, written by
 * `content` with how long the secret lives.
 */
async function mailUserSecret(
  ctx: AccountContext,
  user: UserRow,
  purpose: UserSecretPurpose,
  secret: string,
  content: (expiresInMinutes: number) => MailContent,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await issueUserSecret(tx, userSecretKey(ctx), { userId: user.id, purpose, secret });
    await enqueueMail(tx, {
      template: purpose,
      to: user.email,
      content: content(SECRET_RULES[purpose].ttlMinutes),
    });
  });
  ctx.mailer.notify();
}

/**
 * Mails the user a single-use link: `link` with a fresh token added, which the page it opens sends back to
 * prove the mailbox.
 */
export async function mailSecretLink(
  ctx: AccountContext,
  user: UserRow,
  purpose: 'password_reset' | 'tfa_reset',
  link: URL,
  mail: (input: { firstName: string; link: string; expiresInMinutes: number }) => MailContent,
): Promise<void> {
  const token = randomToken();
  link.searchParams.set('token', token);
  await mailUserSecret(ctx, user, purpose, token, (expiresInMinutes) =>
    mail({ firstName: user.firstName, link: link.toString(), expiresInMinutes }),
  );
}

export function issueAccessToken(
  ctx: Pick<AccountContext, 'accessTokens'>,
  user: UserRow,
  session: SessionRow,
) {
  return ctx.accessTokens.issue({
    userId: user.id,
    sessionId: session.id,
    role: user.role,
    tfaPassed: session.tfaPassed,
  });
}

function blacklisted(ctx: AccountContext): AppError {
  return new AppError('auth/account_blacklisted', [ctx.config.supportEmail]);
}

async function findUserByEmail(ctx: AccountContext, email: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

async function openSession(
  ctx: AccountContext,
  user: UserRow,
  rememberMe: boolean,
  client: ClientInfo,
): Promise<SignedIn> {
  const { session, refreshToken } = await createSession(ctx.db, {
    userId: user.id,
    rememberMe,
    userAgent: client.userAgent,
  });
  return { user, session, refreshToken, accessToken: await issueAccessToken(ctx, user, session) };
}

/** Mails a fresh code that proves the account's mailbox. */
async function sendVerificationCode(ctx: AccountContext, user: UserRow): Promise<void> {
  const code = sixDigitCode();
  await mailUserSecret(ctx, user, 'email_verification', code, (expiresInMinutes) =>
    verificationCodeMail({ firstName: user.firstName, code, expiresInMinutes }),
  );
}

/** Creates the account, mails a verification code and signs the new user in (unverified). */
export async function register(
  ctx: AccountContext,
  input: RegisterOutput,
  client: ClientInfo,
): Promise<SignedIn> {
  await ctx.rateLimiter.consume(LIMITS.registrationsPerAddress, addressOf(client));
  if (await findUserByEmail(ctx, input.email)) throw new AppError('auth/email_taken');
  const passwordHash = await hashPassword(input.password);
  let user: UserRow | undefined;
  try {
    [user] = await ctx.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        country: input.country,
        birthDate: input.birthDate,
        gender: input.gender,
        acceptedTermsAt: new Date(),
      })
      .returning();
  } catch (error) {
    // Two registrations of one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('auth/email_taken');
    throw error;
  }
  if (!user) throw new Error('user insert returned nothing');
  await sendVerificationCode(ctx, user);
  // The code just sent counts as the first one, so "resend" right away mails nothing, like any other.
  await ctx.rateLimiter.allow(LIMITS.verifyCodeMailsPerAccount, user.email);
  return openSession(ctx, user, false, client);
}

export async function verifyEmail(ctx: AccountContext, user: UserRow, code: string): Promise<UserRow> {
  if (user.emailVerifiedAt) throw new AppError('auth/email_verified');
  const check = await consumeUserSecret(ctx.db, userSecretKey(ctx), {
    userId: user.id,
    purpose: 'email_verification',
    presented: code,
  });
  if (check !== 'ok') throw new AppError('auth/invalid_email_verification_code');
  const [verified] = await ctx.db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return verified ?? user;
}

/**
 * Mails a new code to an account that exists, still needs it and had none in the last minute. Every
 * email gets the same answer, so the answer never tells whether an account exists or is verified; only
 * the limit per address, which does not depend on the account, is refused. The one exception is the
 * account's owner, signed in as `requesterId`, who knows all that already: a code asked for within the
 * minute is refused with the seconds left to wait, so the page can say how long.
 */
export async function resendVerifyCode(
  ctx: AccountContext,
  email: string,
  client: ClientInfo,
  requesterId?: string,
): Promise<void> {
  await ctx.rateLimiter.consume(LIMITS.verifyCodeMailsPerAddress, addressOf(client));
  const user = await findUserByEmail(ctx, email);
  if (!user || user.blacklistedAt || user.emailVerifiedAt) return;
  if (user.id === requesterId) await ctx.rateLimiter.consume(LIMITS.verifyCodeMailsPerAccount, email);
  else if (!(await ctx.rateLimiter.allow(LIMITS.verifyCodeMailsPerAccount, email))) return;
  await sendVerificationCode(ctx, user);
}

/**
 * Signs in with email and password. An unknown email and a wrong password take the same time and get
 * the same answer; a blacklisted account is told so only once its password has been proven. The
 * attempt takes its place under the limits before the password is checked and keeps it if it fails.
 */
export async function signIn(ctx: AccountContext, input: LoginOutput, client: ClientInfo): Promise<SignedIn> {
  const attempt = await ctx.rateLimiter.reserve(signInLimits(input.email, client));
  const user = await findUserByEmail(ctx, input.email);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    throw new AppError('auth/wrong_email_or_password');
  }
  await attempt.succeeded();
  if (user.blacklistedAt) throw blacklisted(ctx);
  return openSession(ctx, user, input.rememberme, client);
}

export type RefreshResult = { kind: 'refreshed'; signedIn: SignedIn } | { kind: 'refused'; error: AppError };

/** Renews the access token and rotates the refresh token; see rotateRefreshToken for reuse detection. */
export async function refreshSession(
  ctx: AccountContext,
  refreshToken: string | undefined,
): Promise<RefreshResult> {
  if (!refreshToken) return { kind: 'refused', error: new AppError('auth/invalid_refresh_token') };
  const outcome = await rotateRefreshToken(ctx.db, refreshToken, {
    graceSeconds: ctx.config.refreshReuseGraceSeconds,
  });
  switch (outcome.kind) {
    case 'rotated':
    case 'grace': {
      const accessToken = await issueAccessToken(ctx, outcome.user, outcome.session);
      const signedIn: SignedIn = { user: outcome.user, session: outcome.session, accessToken };
      if (outcome.kind === 'rotated') signedIn.refreshToken = outcome.refreshToken;
      return { kind: 'refreshed', signedIn };
    }
    case 'blacklisted':
      return { kind: 'refused', error: blacklisted(ctx) };
    default:
      return { kind: 'refused', error: new AppError('auth/invalid_refresh_token') };
  }
}

/** Ends the caller's session, found from the refresh token or, failing that, the access token. */
export async function signOut(
  ctx: AccountContext,
  input: { refreshToken: string | undefined; sessionId: string | undefined },
): Promise<void> {
  const sessionId =
    (input.refreshToken ? await sessionIdOfRefreshToken(ctx.db, input.refreshToken) : undefined) ??
    input.sessionId;
  if (sessionId) await ctx.db.transaction((tx) => revokeSession(tx, sessionId, 'logout'));
}

/**
 * Always answers the same; mails a single-use link, on `linkOrigin` (see lib/link-origin), when the
 * account exists and may reset.
 */
export async function forgotPassword(
  ctx: AccountContext,
  email: string,
  client: ClientInfo,
  linkOrigin: string,
): Promise<void> {
  await ctx.rateLimiter.consume(LIMITS.passwordResetPerAddress, addressOf(client));
  const user = await findUserByEmail(ctx, email);
  if (!user || user.blacklistedAt) return;
  if (!(await ctx.rateLimiter.allow(LIMITS.passwordResetMailsPerAccount, email))) return;
  const link = new URL('/reset_password', linkOrigin);
  link.searchParams.set('uid', user.id);
  await mailSecretLink(ctx, user, 'password_reset', link, passwordResetMail);
}

/**
 * Sets a new password from a mailed link and ends every session of the account. Receiving the link
 * proves the mailbox, so an unverified email becomes verified.
 */
export async function resetPassword(
  ctx: AccountContext,
  input: ResetPasswordOutput,
  client: ClientInfo,
): Promise<void> {
  await ctx.rateLimiter.consume(LIMITS.passwordResetPerAddress, addressOf(client));
  if (!isUuid(input.uid)) throw new AppError('auth/invalid_password_reset_token');
  const check = await consumeUserSecret(ctx.db, userSecretKey(ctx), {
    userId: input.uid,
    purpose: 'password_reset',
    presented: input.resetPasswordToken,
  });
  if (check === 'invalid') throw new AppError('auth/invalid_password_reset_token');
  if (check === 'expired') throw new AppError('auth/password_reset_token_expired');
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, input.uid))
      .returning();
    if (!changed) throw new AppError('auth/invalid_password_reset_token');
    await revokeUserSessions(tx, changed.id, 'password_reset');
    return changed;
  });
  // Guesses at the old password say nothing about the new one. The limit of the address across
  // accounts stays: resetting one's own password must not wipe the guesses made at others.
  await ctx.rateLimiter.reset(LIMITS.signInFailuresPerAccount, user.email);
  await ctx.rateLimiter.reset(LIMITS.signInFailuresPerAccountAtAddress, accountAtAddress(user.email, client));
}

/**
 * Re-authentication before a sensitive change: the signed-in user gives their password again. Wrong ones
 * count against one limit per account, reserved before the (slow) check as every limit on guesses is.
 */
export async function confirmPassword(
  ctx: Pick<AccountContext, 'rateLimiter'>,
  user: UserRow,
  password: string,
): Promise<void> {
  const attempt = await ctx.rateLimiter.reserve([
    { rule: LIMITS.passwordChangeFailuresPerAccount, subject: user.id },
  ]);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('auth/wrong_password');
  await attempt.succeeded();
}

/**
 * Signs the account out on every other device: every session but the one asking ends, and every process
 * closes their live streams (the revocation is announced on the live bus). For a shopper who lost a phone or
 * signed in on a shared computer. Answers how many sessions were ended.
 */
export async function signOutElsewhere(ctx: AccountContext, account: ActiveAccount): Promise<number> {
  return ctx.db.transaction((tx) =>
    revokeUserSessions(tx, account.user.id, 'signed_out_elsewhere', account.session.id),
  );
}

/** Changes the password of a signed-in user and ends their other sessions. */
export async function changePassword(
  ctx: AccountContext,
  account: ActiveAccount,
  input: ChangePasswordOutput,
): Promise<void> {
  const { user, session } = account;
  await confirmPassword(ctx, user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'password_change', session.id);
  });
}
