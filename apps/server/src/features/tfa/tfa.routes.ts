import {
  currentUserResponseSchema,
  regenerateRecoveryCodesSchema,
  tfaAnswerSchema,
  tfaResetSchema,
} from '@crossbuy/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../lib/client-info.js';
import { linkOrigin } from '../../lib/link-origin.js';
import { OK, okSchema } from '../../lib/schemas.js';
import { accountOf, requireTfaPassed, requireUser } from '../../plugins/authentication.js';
import { cookieSettings, setAccessCookie } from '../auth/session-cookies.js';
import { toProfile } from '../users/profile.js';
import {
  disableTfa,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  requestTfaReset,
  resetTfa,
  setupTfa,
  skipTfaSetup,
  verifyTfa,
} from './tfa.service.js';

const recoveryCodesSchema = z
  .array(z.string())
  .describe('The recovery codes, shown to the user now and never again; each passes two-factor once');

/** Two-factor authentication with an authenticator app (TOTP). Every call needs a signed-in user. */
export const tfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookies = cookieSettings(app);
  app.addHook('preHandler', requireUser);

  app.post(
    '/tfa/setup',
    {
      schema: {
        tags: ['tfa'],
        summary: 'Start two-factor setup: a new secret, its otpauth URL and a QR code image (data URL)',
        response: {
          200: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }),
        },
      },
    },
    async (request) => setupTfa(app, (await accountOf(request)).user),
  );

  app.post(
    '/tfa/verify',
    {
      schema: {
        tags: ['tfa'],
        summary:
          'Check an authenticator code or a recovery code: the first success after setup turns two-factor on and answers the recovery codes; each success marks this session as passed',
        body: tfaAnswerSchema,
        response: {
          200: currentUserResponseSchema.extend({ recoveryCodes: recoveryCodesSchema.optional() }),
        },
      },
    },
    async (request, reply) => {
      const { accessToken, user, recoveryCodes } = await verifyTfa(
        app,
        await accountOf(request),
        request.body.token,
        clientInfo(request),
      );
      setAccessCookie(reply, cookies, accessToken);
      return {
        signedIn: true,
        tfaPassed: true,
        profile: toProfile(user),
        ...(recoveryCodes && { recoveryCodes }),
      };
    },
  );

  app.post(
    '/tfa/skip_setup',
    { schema: { tags: ['tfa'], summary: 'Decline two-factor setup for now', response: { 200: okSchema } } },
    async (request) => {
      await skipTfaSetup(app, (await accountOf(request)).user);
      return OK;
    },
  );

  app.get(
    '/tfa/is_enabled',
    {
      schema: {
        tags: ['tfa'],
        summary: 'Whether two-factor is on for the signed-in user',
        response: { 200: z.object({ enabled: z.boolean() }) },
      },
    },
    async (request) => ({ enabled: (await accountOf(request)).user.tfaEnabledAt !== null }),
  );

  app.post(
    '/tfa/disable_tfa',
    {
      schema: {
        tags: ['tfa'],
        summary: 'Turn two-factor off with a current code or a recovery code; the recovery codes go with it',
        body: tfaAnswerSchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      setAccessCookie(
        reply,
        cookies,
        await disableTfa(app, await accountOf(request), request.body.token, clientInfo(request)),
      );
      return OK;
    },
  );

  app.get(
    '/tfa/recovery_codes',
    {
      schema: {
        tags: ['tfa'],
        summary: 'How many recovery codes the signed-in user has left unused',
        response: { 200: z.object({ remaining: z.int().nonnegative() }) },
      },
    },
    async (request) => ({ remaining: await recoveryCodesLeft(app, (await accountOf(request)).user) }),
  );

  app.post(
    '/tfa/recovery_codes',
    {
      preHandler: requireTfaPassed,
      schema: {
        tags: ['tfa'],
        summary:
          'Replace the recovery codes with new ones; needs two-factor passed this session and the password again',
        body: regenerateRecoveryCodesSchema,
        response: { 200: z.object({ recoveryCodes: recoveryCodesSchema }) },
      },
    },
    async (request) => ({
      recoveryCodes: await regenerateRecoveryCodes(app, await accountOf(request), request.body.password),
    }),
  );

  app.post(
    '/tfa/requestReset',
    {
      schema: {
        tags: ['tfa'],
        summary: 'Lost the authenticator: mail a link that turns two-factor off',
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await requestTfaReset(app, (await accountOf(request)).user, linkOrigin(request));
      return OK;
    },
  );

  app.post(
    '/tfa/reset',
    {
      schema: {
        tags: ['tfa'],
        summary: 'Turn two-factor off with the mailed reset token',
        body: tfaResetSchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      setAccessCookie(
        reply,
        cookies,
        await resetTfa(app, await accountOf(request), request.body.resetTfaToken, clientInfo(request)),
      );
      return OK;
    },
  );
};
