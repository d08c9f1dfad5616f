import { AppError } from '@crossbuy/core/errors';
import { formatRecoveryCode, type TfaAnswer } from '@crossbuy/core/validation';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { ClientInfo } from '../../lib/client-info.js';
import { decryptSecret, deriveKey, encryptSecret } from '../../lib/secrets.js';
import {
  type AccountContext,
  confirmPassword,
  issueAccessToken,
  mailSecretLink,
  userSecretKey,
} from '../auth/auth.service.js';
import { LIMITS, tfaLimits } from '../auth/rate-limits.js';
import { type ActiveAccount, clearTfaPassed, setSessionTfaPassed } from '../auth/sessions.service.js';
import { consumeUserSecret } from '../auth/user-secrets.service.js';
import { tfaResetMail } from '../mail/templates.js';
import { type UserRow, users } from '../users/users.table.js';
import {
  deleteRecoveryCodes,
  recoveryCodeKey,
  replaceRecoveryCodes,
  unusedRecoveryCodes,
  useRecoveryCode,
} from './recovery-codes.js';

export const TFA_ISSUER = 'Crossbuy';
// One 30-second step either side absorbs a phone clock that is a little off.
const EPOCH_TOLERANCE_SECONDS = 30;

/** The key two-factor seeds are kept under, derived from the store's session secret. */
export function tfaSeedKey(sessionSecret: string): Buffer {
  return deriveKey(sessionSecret, 'tfa-seed:v1');
}

function seedKey(ctx: Pick<AccountContext, 'config'>): Buffer {
  return tfaSeedKey(ctx.config.sessionSecret);
}

function recoveryKey(ctx: Pick<AccountContext, 'config'>): Buffer {
  return recoveryCodeKey(ctx.config.sessionSecret);
}

export type TfaSetup = { secret: string; otpauthUrl: string; qrCode: string };

/** Starts (or restarts) setup with a new seed; two-factor is on only once a code from it is verified. */
export async function setupTfa(ctx: AccountContext, user: UserRow): Promise<TfaSetup> {
  if (user.tfaEnabledAt) throw new AppError('auth/tfa_already_setup');
  const secret = generateSecret();
  await ctx.db
    .update(users)
    .set({ tfaSecret: encryptSecret(seedKey(ctx), secret), tfaLastTimeStep: null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const otpauthUrl = generateURI({ issuer: TFA_ISSUER, label: user.email, secret });
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/**
 * Accepts the authenticator's current code, once: its time step is recorded with a compare-and-set, so
 * the same code (or an older one) can never be used again, even by two requests at the same moment.
 */
async function acceptAuthenticatorCode(ctx: AccountContext, user: UserRow, tfaSecret: string, code: string) {
  const result = await verify({
    secret: decryptSecret(seedKey(ctx), tfaSecret),
    token: code,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(user.tfaLastTimeStep === null ? {} : { afterTimeStep: user.tfaLastTimeStep }),
  });
  // The functional verify is typed for HOTP too; a TOTP match always carries its time step.
  const timeStep = result.valid && 'timeStep' in result ? result.timeStep : undefined;
  return (
    timeStep !== undefined &&
    (
      await ctx.db
        .update(users)
        .set({ tfaLastTimeStep: timeStep })
        .where(
          and(eq(users.id, user.id), or(isNull(users.tfaLastTimeStep), lt(users.tfaLastTimeStep, timeStep))),
        )
        .returning({ id: users.id })
    ).length > 0
  );
}

/**
 * Accepts an authenticator code, or once two-factor is on one of the account's recovery codes, each of
 * them once. Failures of either kind count per account and per address against the same limits: the
 * attempt takes its place before the code is checked and keeps it if the code is wrong.
 */
async function acceptCode(
  ctx: AccountContext,
  user: UserRow,
  answer: TfaAnswer,
  client: ClientInfo,
): Promise<void> {
  if (!user.tfaSecret) throw new AppError('auth/tfa_not_setup');
  const attempt = await ctx.rateLimiter.reserve(tfaLimits(user.id, client));
  const accepted =
    answer.kind === 'authenticator'
      ? await acceptAuthenticatorCode(ctx, user, user.tfaSecret, answer.code)
      : user.tfaEnabledAt !== null && (await useRecoveryCode(ctx.db, recoveryKey(ctx), user.id, answer.code));
  if (!accepted) throw new AppError('auth/tfa_wrong_code');
  await attempt.succeeded();
}

/**
 * Turns two-factor on after setup's first good code, and makes the account's recovery codes, answered
 * here in the form shown to the user and never again. Only the request that turned it on makes them,
 * should two first codes arrive at once.
 */
async function turnOn(
  ctx: AccountContext,
  user: UserRow,
): Promise<{ user: UserRow; recoveryCodes?: string[] }> {
  return ctx.db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(users)
      .set({ tfaEnabledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.tfaEnabledAt)))
      .returning();
    if (!enabled) {
      const [current] = await tx.select().from(users).where(eq(users.id, user.id));
      return { user: current ?? user };
    }
    const codes = await replaceRecoveryCodes(tx, recoveryKey(ctx), user.id);
    return { user: enabled, recoveryCodes: codes.map(formatRecoveryCode) };
  });
}

export type TfaVerified = { accessToken: string; user: UserRow; recoveryCodes?: string[] };

/**
 * Verifies a code: the first success after setup turns two-factor on and hands out the recovery codes;
 * every success marks this session as having passed it. Returns the access token to set, which now
 * carries that.
 */
export async function verifyTfa(
  ctx: AccountContext,
  account: ActiveAccount,
  answer: TfaAnswer,
  client: ClientInfo,
): Promise<TfaVerified> {
  await acceptCode(ctx, account.user, answer, client);
  const turnedOn = account.user.tfaEnabledAt ? { user: account.user } : await turnOn(ctx, account.user);
  await setSessionTfaPassed(ctx.db, account.session.id);
  const accessToken = await issueAccessToken(ctx, turnedOn.user, { ...account.session, tfaPassed: true });
  return { accessToken, ...turnedOn };
}

/** How many of the account's recovery codes are still unused. */
export function recoveryCodesLeft(ctx: AccountContext, user: UserRow): Promise<number> {
  return unusedRecoveryCodes(ctx.db, user.id);
}

/**
 * Replaces the account's recovery codes with new ones, answered in the form shown to the user. The
 * route lets only a session that passed two-factor ask; the password is asked again, as for changing it,
 * so a session left open on someone else's computer cannot mint a lasting way past two-factor.
 */
export async function regenerateRecoveryCodes(
  ctx: AccountContext,
  account: ActiveAccount,
  password: string,
): Promise<string[]> {
  const { user } = account;
  if (!user.tfaEnabledAt) throw new AppError('auth/tfa_not_enabled');
  await confirmPassword(ctx, user, password);
  const codes = await ctx.db.transaction((tx) => replaceRecoveryCodes(tx, recoveryKey(ctx), user.id));
  return codes.map(formatRecoveryCode);
}

/**
 * Turns two-factor off; no session of the user counts as having passed it any more, and its recovery
 * codes are gone, so turning it on again starts with new ones.
 */
async function turnOff(ctx: AccountContext, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ tfaSecret: null, tfaEnabledAt: null, tfaLastTimeStep: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await deleteRecoveryCodes(tx, userId);
    await clearTfaPassed(tx, userId);
  });
}

/**
 * Turns two-factor off with a current code or a recovery code (the way off for someone whose phone is
 * gone). Returns the access token to set (no longer two-factor).
 */
export async function disableTfa(
  ctx: AccountContext,
  account: ActiveAccount,
  answer: TfaAnswer,
  client: ClientInfo,
): Promise<string> {
  if (!account.user.tfaEnabledAt) throw new AppError('auth/tfa_not_enabled');
  await acceptCode(ctx, account.user, answer, client);
  await turnOff(ctx, account.user.id);
  return issueAccessToken(ctx, account.user, { ...account.session, tfaPassed: false });
}

/** Records that the user chose not to set up two-factor now, so the prompt is not shown again. */
export async function skipTfaSetup(ctx: AccountContext, user: UserRow): Promise<void> {
  if (user.tfaEnabledAt) throw new AppError('auth/tfa_already_setup');
  await ctx.db.update(users).set({ tfaSetupSkippedAt: new Date() }).where(eq(users.id, user.id));
}

/**
 * For a user who lost their authenticator: mails a single-use link, on `linkOrigin` (see
 * lib/link-origin), that turns two-factor off.
 */
export async function requestTfaReset(ctx: AccountContext, user: UserRow, linkOrigin: string): Promise<void> {
  if (!user.tfaEnabledAt) throw new AppError('auth/tfa_not_enabled');
  await ctx.rateLimiter.consume(LIMITS.tfaResetMailsPerAccount, user.id);
  await mailSecretLink(ctx, user, 'tfa_reset', new URL('/tfa/reset', linkOrigin), tfaResetMail);
}

/**
 * Turns two-factor off with the mailed token. The caller must be signed in as the token's owner, so
 * the reset needs both the password and the mailbox.
 */
export async function resetTfa(
  ctx: AccountContext,
  account: ActiveAccount,
  resetToken: string,
  client: ClientInfo,
): Promise<string> {
  const { user } = account;
  const attempt = await ctx.rateLimiter.reserve(tfaLimits(user.id, client));
  const check = await consumeUserSecret(ctx.db, userSecretKey(ctx), {
    userId: user.id,
    purpose: 'tfa_reset',
    presented: resetToken,
  });
  if (check !== 'ok') throw new AppError('auth/tfa_reset_token_invalid');
  await attempt.succeeded();
  await turnOff(ctx, user.id);
  return issueAccessToken(ctx, user, { ...account.session, tfaPassed: false });
}
