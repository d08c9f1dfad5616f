import type { CurrencyCode } from '@crossbuy/core/money';
import { BASE_CURRENCY } from '@crossbuy/server/features/regions/pricing.js';
import { exchangeRates, regions } from '@crossbuy/server/features/regions/regions.table.js';
import type { DemoSeeder } from '../demo-data.js';

/** Units of each currency per 1 SGD, roughly as they stood when the demo store was made. */
export const DEMO_EXCHANGE_RATES: Partial<Record<CurrencyCode, string>> = {
  MYR: '3.4875',
  JPY: '112.35',
  KRW: '1024.5',
  USD: '0.7412',
  GBP: '0.5821',
  AUD: '1.1345',
};

export const DEMO_REGIONS: (typeof regions.$inferInsert)[] = [
  { countryCode: 'SG', currency: 'SGD', enabled: true, isDefault: true, position: 0 },
  { countryCode: 'MY', currency: 'MYR', enabled: true, position: 1 },
  { countryCode: 'JP', currency: 'JPY', enabled: true, position: 2 },
  { countryCode: 'KR', currency: 'KRW', enabled: true, position: 3 },
  { countryCode: 'US', currency: 'USD', enabled: true, position: 4 },
  { countryCode: 'GB', currency: 'GBP', enabled: false, position: 5 },
  { countryCode: 'AU', currency: 'AUD', enabled: false, position: 6 },
];

export const regionsDemoSeeder: DemoSeeder = {
  name: 'regions',
  async seed(db) {
    await db.insert(regions).values(DEMO_REGIONS);
    await db.insert(exchangeRates).values(
      Object.entries(DEMO_EXCHANGE_RATES).map(([quoteCurrency, rate]) => ({
        baseCurrency: BASE_CURRENCY,
        quoteCurrency: quoteCurrency as CurrencyCode,
        rate,
      })),
    );
  },
};
