import { OK, tfaCalls } from '@crossbuy/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info.js';
import { answerCall } from '../../lib/contract-routes.js';
import { linkOrigin } from '../../lib/link-origin.js';
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

/** Two-factor authentication with an authenticator app (TOTP): the calls of `tfaCalls`. */
export const tfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookies = cookieSettings(app);
  app.addHook('preHandler', requireUser);

  answerCall(app, tfaCalls.setup, async (request) => setupTfa(app, (await accountOf(request)).user));

  answerCall(app, tfaCalls.verify, async (request, reply) => {
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
  });

  answerCall(app, tfaCalls.skipSetup, async (request) => {
    await skipTfaSetup(app, (await accountOf(request)).user);
    return OK;
  });

  answerCall(app, tfaCalls.isEnabled, async (request) => ({
    enabled: (await accountOf(request)).user.tfaEnabledAt !== null,
  }));

  answerCall(app, tfaCalls.disable, async (request, reply) => {
    setAccessCookie(
      reply,
      cookies,
      await disableTfa(app, await accountOf(request), request.body.token, clientInfo(request)),
    );
    return OK;
  });

  answerCall(app, tfaCalls.recoveryCodesLeft, async (request) => ({
    remaining: await recoveryCodesLeft(app, (await accountOf(request)).user),
  }));

  answerCall(
    app,
    tfaCalls.newRecoveryCodes,
    async (request) => ({
      recoveryCodes: await regenerateRecoveryCodes(app, await accountOf(request), request.body.password),
    }),
    { preHandler: requireTfaPassed },
  );

  answerCall(app, tfaCalls.requestReset, async (request) => {
    await requestTfaReset(app, (await accountOf(request)).user, linkOrigin(request));
    return OK;
  });

  answerCall(app, tfaCalls.reset, async (request, reply) => {
    setAccessCookie(
      reply,
      cookies,
      await resetTfa(app, await accountOf(request), request.body.resetTfaToken, clientInfo(request)),
    );
    return OK;
  });
};
