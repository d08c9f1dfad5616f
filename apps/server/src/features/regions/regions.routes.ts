import { regionCalls } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { visitorOrUser } from '../../plugins/authentication.js';
import { preferredRegionOfUser, type RegionDirectory, setPreferredRegionOfUser } from './regions.service.js';

export const PREFERRED_REGION_COOKIE = 'preferred_region';
const PREFERRED_REGION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type RegionRoutesOptions = { regions: RegionDirectory };

/** Regions: the calls of `regionCalls`, and the preferred-region cookie. */
export const regionRoutes: FastifyPluginAsyncZod<RegionRoutesOptions> = async (app, { regions }) => {
  const secureCookie = app.config.publicUrl.startsWith('https://');
  const publicCache = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60');

  answerCall(app, regionCalls.all, async (_request, reply) => {
    publicCache(reply);
    return { regions: await regions.all() };
  });

  answerCall(app, regionCalls.enabled, async (_request, reply) => {
    publicCache(reply);
    return { regions: await regions.enabled() };
  });

  answerCall(app, regionCalls.default, async (_request, reply) => {
    publicCache(reply);
    return { region: await regions.defaultRegion() };
  });

  // The signed-in shopper's stored choice wins over the browser's cookie; a choice whose region has since
  // been switched off falls back to the default.
  async function preferredCountryCode(request: FastifyRequest): Promise<string> {
    const user = await visitorOrUser(request);
    const candidates = [
      user ? await preferredRegionOfUser(app.db, user.userId) : null,
      request.cookies[PREFERRED_REGION_COOKIE] ?? null,
    ];
    for (const candidate of candidates) {
      if (candidate && (await regions.isEnabled(candidate))) return candidate;
    }
    return (await regions.defaultRegion()).countryCode;
  }

  answerCall(app, regionCalls.preferred, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { countryCode: await preferredCountryCode(request) };
  });

  answerCall(app, regionCalls.prefer, async (request, reply) => {
    const { countryCode } = request.body;
    if (!(await regions.isEnabled(countryCode))) throw new AppError('region/not_enabled', [countryCode]);
    const user = await visitorOrUser(request);
    if (user) await setPreferredRegionOfUser(app.db, user.userId, countryCode);
    reply.setCookie(PREFERRED_REGION_COOKIE, countryCode, {
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure: secureCookie,
      maxAge: PREFERRED_REGION_MAX_AGE_SECONDS,
    });
    return { countryCode };
  });
};
