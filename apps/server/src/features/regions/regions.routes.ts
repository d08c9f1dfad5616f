import { countryCodeSchema, regionSchema } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visitorOrUser } from '../../plugins/authentication.js';
import { preferredRegionOfUser, type RegionDirectory, setPreferredRegionOfUser } from './regions.service.js';

export const PREFERRED_REGION_COOKIE = 'preferred_region';
const PREFERRED_REGION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const regionsResponse = z.object({ regions: z.array(regionSchema) });
const countryCodeResponse = z.object({ countryCode: z.string() });

export type RegionRoutesOptions = { regions: RegionDirectory };

/** Regions (docs/rules/catalogue-and-regions.md): where the store sells, the default, and the shopper's preferred one. */
export const regionRoutes: FastifyPluginAsyncZod<RegionRoutesOptions> = async (app, { regions }) => {
  const secureCookie = app.config.publicUrl.startsWith('https://');
  const publicCache = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60');

  app.get(
    '/region',
    {
      schema: {
        tags: ['region'],
        summary: 'Every region, enabled or not',
        response: { 200: regionsResponse },
      },
    },
    async (_request, reply) => {
      publicCache(reply);
      return { regions: await regions.all() };
    },
  );

  app.get(
    '/region/enabled',
    {
      schema: {
        tags: ['region'],
        summary: 'The regions shoppers may choose',
        response: { 200: regionsResponse },
      },
    },
    async (_request, reply) => {
      publicCache(reply);
      return { regions: await regions.enabled() };
    },
  );

  app.get(
    '/region/default',
    {
      schema: {
        tags: ['region'],
        summary: 'The region used when a shopper has chosen none',
        response: { 200: z.object({ region: regionSchema }) },
      },
    },
    async (_request, reply) => {
      publicCache(reply);
      return { region: await regions.defaultRegion() };
    },
  );

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

  app.get(
    '/region/preferred',
    {
      schema: {
        tags: ['region'],
        summary: "The shopper's preferred region, else the default region",
        response: { 200: countryCodeResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { countryCode: await preferredCountryCode(request) };
    },
  );

  app.post(
    '/region/prefer',
    {
      schema: {
        tags: ['region'],
        summary: 'Choose a preferred region: kept on the account when signed in, and in a cookie',
        body: z.object({ countryCode: countryCodeSchema }),
        response: { 200: countryCodeResponse },
      },
    },
    async (request, reply) => {
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
    },
  );
};
