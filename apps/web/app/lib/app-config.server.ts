import type { Region } from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import type { AppLoadContext } from 'react-router';
import { type AppConfig, DEFAULT_APP_CONFIG, type RootData } from './app-config';
import { answerOf } from './contract-client';
import { loadEnabledRegions, loadPreferredRegion } from './regions.server';
import { loaderClient } from './server-api.server';
import type { CurrentUser } from './user-store';

async function loadConfig(
  context: AppLoadContext,
  request: Request,
): Promise<Pick<RootData, 'config' | 'configError'>> {
  try {
    const config: AppConfig = answerOf(await loaderClient(context, request).GET('/config'));
    return { config, configError: null };
  } catch (error) {
    console.error('Loading the store config failed', error);
    return { config: DEFAULT_APP_CONFIG, configError: messageForError(error) };
  }
}

// Region failures (docs/rules/api-and-errors.md) are only logged; pages work without a default region.
async function loadDefaultRegion(context: AppLoadContext, request: Request): Promise<Region | null> {
  try {
    return answerOf(await loaderClient(context, request).GET('/region/default')).region;
  } catch (error) {
    console.warn('Loading the default region failed', messageForError(error));
    return null;
  }
}

// The server has already refreshed an expired session for a page (decision 0022); any failure here
// leaves the question to the browser, which refreshes and asks again.
async function loadCurrentUser(context: AppLoadContext, request: Request): Promise<CurrentUser | null> {
  try {
    return answerOf(await loaderClient(context, request).GET('/auth/me'));
  } catch {
    return null;
  }
}

export async function loadRootData(context: AppLoadContext, request: Request): Promise<RootData> {
  const [config, defaultRegion, regions, preferredRegion, currentUser] = await Promise.all([
    loadConfig(context, request),
    loadDefaultRegion(context, request),
    loadEnabledRegions(context, request),
    loadPreferredRegion(context, request),
    loadCurrentUser(context, request),
  ]);
  return { ...config, defaultRegion, regions, preferredRegion, currentUser };
}
