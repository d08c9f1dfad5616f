import type { Region } from '@crossbuy/core/catalogue';
import { DEFAULT_CURRENCY } from '@crossbuy/core/money';
import type { PublicConfig } from '@crossbuy/core/settings';
import { useRouteLoaderData } from 'react-router';
import type { CurrentUser } from './user-store';

/**
 * `GET /config`: the store settings pages need before they can show prices and forms. Only the currency
 * is sure to be there: while the call fails, pages show the default currency and the rest is unknown.
 */
export type AppConfig = Pick<PublicConfig, 'app_currency'> & Partial<Omit<PublicConfig, 'app_currency'>>;

export const DEFAULT_APP_CONFIG: AppConfig = { app_currency: DEFAULT_CURRENCY };

export type RootData = {
  config: AppConfig;
  /** The catalogue message of a failed config call, for the config error slot. */
  configError: string | null;
  defaultRegion: Region | null;
  /** The regions shoppers may choose (`GET /region/enabled`). */
  regions: Region[];
  /** The shopper's preferred region when the page was loaded (`GET /region/preferred`). */
  preferredRegion: string | null;
  /**
   * Who the page was rendered for (`GET /auth/me`), so its first HTML already shows the shopper; null
   * when the server could not tell, and the browser asks itself.
   */
  currentUser: CurrentUser | null;
};

/** The config loaded once by the root loader, or the defaults while it is unavailable. */
export function useAppConfig(): AppConfig {
  return useRouteLoaderData<RootData>('root')?.config ?? DEFAULT_APP_CONFIG;
}
