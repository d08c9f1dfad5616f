import { tfaCodeSchema, tfaResetSchema } from '@crossbuy/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../lib/client-info.js';
import { linkOrigin } from '../../lib/link-origin.js';
import { OK, okSchema } from '../../lib/schemas.js';
import { accountOf, requireUser } from '../../plugins/authentication.js';
import { cookieSettings, setAccessCookie } from '../auth/session-cookies.js';
import { currentUserResponseSchema, toProfile } from '../users/profile.js';
import { disableTfa, requestTfaReset, resetTfa, setupTfa, skipTfaSetup, verifyTfa } from './tfa.service.js';

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
          'Check a code: the first success after setup turns two-factor on; each success marks this session as passed',
        body: tfaCodeSchema,
        response: { 200: currentUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { accessToken, user } = await verifyTfa(
        app,
        await accountOf(request),
        request.body.token,
        clientInfo(request),
      );
      setAccessCookie(reply, cookies, accessToken);
      return { signedIn: true, tfaPassed: true, profile: toProfile(user) };
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
        summary: 'Turn two-factor off with a current code',
        body: tfaCodeSchema,
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
