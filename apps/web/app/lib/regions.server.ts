import type { Region } from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import type { AppLoadContext } from 'react-router';
import { answerOf } from './contract-client';
import { loaderClient } from './server-api.server';

// Failures of region fetches (docs/rules/api-and-errors.md) are only logged; without a region the API prices in the
// default region, so pages still work.

// The root loader and a page's loader both need the regions while rendering one request; each load
// context serves one request, so a lookup made for it is shared rather than repeated.
const lookupsByRequest = new WeakMap<AppLoadContext, Map<string, Promise<unknown>>>();

function oncePerRequest<T>(context: AppLoadContext, key: string, load: () => Promise<T>): Promise<T> {
  let lookups = lookupsByRequest.get(context);
  if (!lookups) {
    lookups = new Map();
    lookupsByRequest.set(context, lookups);
  }
  let lookup = lookups.get(key) as Promise<T> | undefined;
  if (!lookup) {
    lookup = load();
    lookups.set(key, lookup);
  }
  return lookup;
}

export function loadEnabledRegions(context: AppLoadContext, request: Request): Promise<Region[]> {
  return oncePerRequest(context, 'enabled', () => fetchEnabledRegions(context, request));
}

/** The region the shopper chose (kept by the server: a cookie, or the account), else the default's code. */
export function loadPreferredRegion(context: AppLoadContext, request: Request): Promise<string | null> {
  return oncePerRequest(context, 'preferred', () => fetchPreferredRegion(context, request));
}

async function fetchEnabledRegions(context: AppLoadContext, request: Request): Promise<Region[]> {
  try {
    return answerOf(await loaderClient(context, request).GET('/region/enabled')).regions;
  } catch (error) {
    console.warn('Loading the regions failed', messageForError(error));
    return [];
  }
}

async function fetchPreferredRegion(context: AppLoadContext, request: Request): Promise<string | null> {
  try {
    return answerOf(await loaderClient(context, request).GET('/region/preferred')).countryCode;
  } catch (error) {
    console.warn('Loading the preferred region failed', messageForError(error));
    return null;
  }
}

/**
 * The region a page prices in. Catalogue calls take the region as a parameter and do not read the
 * preference themselves, so every page that shows prices asks for it first.
 */
export async function loadShopperRegion(context: AppLoadContext, request: Request): Promise<Region | null> {
  const [regions, preferred] = await Promise.all([
    loadEnabledRegions(context, request),
    loadPreferredRegion(context, request),
  ]);
  return (
    regions.find((region) => region.countryCode === preferred) ??
    regions.find((region) => region.default) ??
    null
  );
}
