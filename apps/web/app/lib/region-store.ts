import type { Region } from '@crossbuy/core/catalogue';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from './app-config';
import { storeClient } from './contract-client';
import { createStore, useStore } from './store';

/**
 * Region state (docs/rules/catalogue-and-regions.md). The default and preferred regions come with the page (the server keeps
 * the preference: a cookie for visitors, the account for signed-in shoppers); the last chosen one is what
 * the shopper picked during this visit, which wins until the page is loaded again.
 */
export type RegionState = {
  defaultRegion: Region | null;
  preferredRegion: string | null;
  lastChosenRegion: string | null;
};

const lastChosenRegion = createStore<string | null>(null);

export type ShopperRegions = RegionState & {
  /** The regions shoppers may choose. */
  regions: Region[];
  /** The region prices are shown in. */
  current: Region | null;
};

export function useShopperRegions(): ShopperRegions {
  const root = useRouteLoaderData<RootData>('root');
  const chosen = useStore(lastChosenRegion);
  const defaultRegion = root?.defaultRegion ?? null;
  const preferredRegion = root?.preferredRegion ?? null;
  const regions = root?.regions ?? [];
  const code = chosen ?? preferredRegion ?? defaultRegion?.countryCode;
  const current = regions.find((region) => region.countryCode === code) ?? defaultRegion;
  return { defaultRegion, preferredRegion, lastChosenRegion: chosen, regions, current };
}

/** `POST /region/prefer`: the server remembers the choice; pages must then load again to show its prices. */
export async function preferRegion(countryCode: string): Promise<void> {
  await storeClient.POST('/region/prefer', { body: { countryCode } });
  lastChosenRegion.set(countryCode);
}
