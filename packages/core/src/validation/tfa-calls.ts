import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { regenerateRecoveryCodesSchema, tfaAnswerSchema, tfaResetSchema } from './auth.js';
import { currentUserResponseSchema } from './profile.js';
import { okSchema } from './wire.js';

const recoveryCodesSchema = z
  .array(z.string())
  .describe('The recovery codes, shown to the user now and never again; each passes two-factor once');

/** Two-factor authentication with an authenticator app (TOTP). Every call needs a signed-in user. */
export const tfaCalls = {
  setup: defineCall({
    method: 'post',
    path: '/tfa/setup',
    tag: 'tfa',
    summary: 'Start two-factor setup: a new secret, its otpauth URL and a QR code image (data URL)',
    responses: { 200: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }) },
  }),
  verify: defineCall({
    method: 'post',
    path: '/tfa/verify',
    tag: 'tfa',
    summary:
      'Check an authenticator code or a recovery code: the first success after setup turns two-factor on and answers the recovery codes; each success marks this session as passed',
    body: tfaAnswerSchema,
    responses: { 200: currentUserResponseSchema.extend({ recoveryCodes: recoveryCodesSchema.optional() }) },
  }),
  skipSetup: defineCall({
    method: 'post',
    path: '/tfa/skip_setup',
    tag: 'tfa',
    summary: 'Decline two-factor setup for now',
    responses: { 200: okSchema },
  }),
  isEnabled: defineCall({
    method: 'get',
    path: '/tfa/is_enabled',
    tag: 'tfa',
    summary: 'Whether two-factor is on for the signed-in user',
    responses: { 200: z.object({ enabled: z.boolean() }) },
  }),
  disable: defineCall({
    method: 'post',
    path: '/tfa/disable_tfa',
    tag: 'tfa',
    summary: 'Turn two-factor off with a current code or a recovery code; the recovery codes go with it',
    body: tfaAnswerSchema,
    responses: { 200: okSchema },
  }),
  recoveryCodesLeft: defineCall({
    method: 'get',
    path: '/tfa/recovery_codes',
    tag: 'tfa',
    summary: 'How many recovery codes the signed-in user has left unused',
    responses: { 200: z.object({ remaining: z.int().nonnegative() }) },
  }),
  newRecoveryCodes: defineCall({
    method: 'post',
    path: '/tfa/recovery_codes',
    tag: 'tfa',
    summary:
      'Replace the recovery codes with new ones; needs two-factor passed this session and the password again',
    body: regenerateRecoveryCodesSchema,
    responses: { 200: z.object({ recoveryCodes: recoveryCodesSchema }) },
  }),
  requestReset: defineCall({
    method: 'post',
    path: '/tfa/requestReset',
    tag: 'tfa',
    summary: 'Lost the authenticator: mail a link that turns two-factor off',
    responses: { 200: okSchema },
  }),
  reset: defineCall({
    method: 'post',
    path: '/tfa/reset',
    tag: 'tfa',
    summary: 'Turn two-factor off with the mailed reset token',
    body: tfaResetSchema,
    responses: { 200: okSchema },
  }),
};
