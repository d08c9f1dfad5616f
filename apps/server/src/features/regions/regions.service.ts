import { getCountryAddressData } from '@crossbuy/core/address';
import type { Region } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import type { CurrencyCode } from '@crossbuy/core/money';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { BASE_CURRENCY, type PricingRegion } from './pricing.js';
import { exchangeRates, type RegionRow, regions, userPreferences } from './regions.table.js';

/**
 * Until an operator configures regions, the store sells to Singapore in the base currency, so a fresh
 * installation without demo data still prices its products.
 */
const FALLBACK_REGION: RegionRow = {
  countryCode: 'SG',
  currency: BASE_CURRENCY,
  enabled: true,
  isDefault: true,
  position: 0,
};

type Snapshot = {
  regions: RegionRow[];
  defaultRegion: RegionRow;
  rates: Map<string, string>;
  loadedAt: number;
};

export type RegionDirectory = {
  all(): Promise<Region[]>;
  enabled(): Promise<Region[]>;
  defaultRegion(): Promise<Region>;
  /** The enabled region with this code, or the default region when none is given; else region/not_enabled. */
  pricing(countryCode?: string): Promise<PricingRegion>;
  /** Whether the code names a region shoppers may choose. */
  isEnabled(countryCode: string): Promise<boolean>;
  /** Drops the snapshot, so the next call reads regions and rates afresh. */
  forget(): void;
};

/** The live-bus topic announcing that regions or exchange rates changed, so snapshots are dropped at once. */
export const REGIONS_CHANGED_TOPIC = 'regions';

/** A region as shoppers see it, named as its country is in the address data. */
export function toRegion(row: RegionRow): Region {
  return {
    countryCode: row.countryCode,
    name: getCountryAddressData(row.countryCode)?.displayValue ?? row.countryCode,
    currency: row.currency,
    enabled: row.enabled,
    default: row.isDefault,
  };
}

/**
 * Regions and rates are read on every catalogue call but change rarely, so they are held in memory and
 * re-read after `ttlMs`. A change announced on REGIONS_CHANGED_TOPIC calls `forget` in every process, so
 * prices follow it on the next call; the time limit covers an announcement lost with a dropped connection.
 */
export function createRegionDirectory(db: Database, options: { ttlMs?: number } = {}): RegionDirectory {
  const ttlMs = options.ttlMs ?? 30_000;
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  // Counts `forget` calls: a read begun before a change must not become the snapshot after it.
  let generation = 0;

  async function load(): Promise<Snapshot> {
    const [regionRows, rateRows] = await Promise.all([
      db.select().from(regions).orderBy(asc(regions.position), asc(regions.countryCode)),
      db.select().from(exchangeRates).where(eq(exchangeRates.baseCurrency, BASE_CURRENCY)),
    ]);
    return {
      regions: regionRows,
      defaultRegion: regionRows.find((row) => row.isDefault) ?? FALLBACK_REGION,
      rates: new Map(rateRows.map((row) => [row.quoteCurrency, row.rate])),
      loadedAt: Date.now(),
    };
  }

  async function current(): Promise<Snapshot> {
    if (snapshot && Date.now() - snapshot.loadedAt < ttlMs) return snapshot;
    const started = generation;
    if (!loading) {
      const pending = load().finally(() => {
        if (loading === pending) loading = undefined;
      });
      loading = pending;
    }
    const loaded = await loading;
    if (started === generation) snapshot = loaded;
    return loaded;
  }

  function findEnabled(state: Snapshot, countryCode: string): RegionRow | undefined {
    if (countryCode === state.defaultRegion.countryCode) return state.defaultRegion;
    return state.regions.find((row) => row.countryCode === countryCode && row.enabled);
  }

  return {
    forget() {
      generation += 1;
      snapshot = undefined;
      loading = undefined;
    },
    async all() {
      return (await current()).regions.map(toRegion);
    },
    async enabled() {
      return (await current()).regions.filter((row) => row.enabled).map(toRegion);
    },
    async defaultRegion() {
      return toRegion((await current()).defaultRegion);
    },
    async isEnabled(countryCode) {
      return findEnabled(await current(), countryCode) !== undefined;
    },
    async pricing(countryCode) {
      const state = await current();
      const row = countryCode === undefined ? state.defaultRegion : findEnabled(state, countryCode);
      if (!row) throw new AppError('region/not_enabled', [countryCode ?? '']);
      const rate = row.currency === BASE_CURRENCY ? '1' : state.rates.get(row.currency);
      // A region on sale without a rate is a configuration mistake to fix, not a shopper's error.
      if (rate === undefined) throw new Error(`No exchange rate from ${BASE_CURRENCY} to ${row.currency}`);
      return { countryCode: row.countryCode, currency: row.currency, rate };
    },
  };
}

export async function preferredRegionOfUser(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ preferredRegion: userPreferences.preferredRegion })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.preferredRegion ?? null;
}

export async function setPreferredRegionOfUser(
  db: Database,
  userId: string,
  countryCode: string,
): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, preferredRegion: countryCode })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { preferredRegion: countryCode, updatedAt: sql`now()` },
    });
}

/** What a quote is priced from: every region (a price kind) with its currency, and the rates of the day. */
export type QuotingRates = {
  priceKinds: { countryCode: string; currency: RegionRow['currency'] }[];
  /** Units of each currency per one unit of the base currency; the base currency itself is '1'. */
  rateFromBase(currency: string): string | undefined;
  /** The currencies with a rate, the base currency first, then alphabetically. */
  currencies: CurrencyCode[];
};

/**
 * Regions and rates read from the tables now, not from the directory's snapshot: a quote fixes prices for
 * days, so it must use the rates an operator just saved.
 */
export async function quotingRates(db: Database): Promise<QuotingRates> {
  const [regionRows, rateRows] = await Promise.all([
    db.select().from(regions).orderBy(asc(regions.position), asc(regions.countryCode)),
    db.select().from(exchangeRates).where(eq(exchangeRates.baseCurrency, BASE_CURRENCY)),
  ]);
  const rates = new Map(rateRows.map((row) => [row.quoteCurrency as string, row.rate]));
  rates.set(BASE_CURRENCY, '1');
  const rows = regionRows.length > 0 ? regionRows : [FALLBACK_REGION];
  return {
    priceKinds: rows.map((row) => ({ countryCode: row.countryCode, currency: row.currency })),
    rateFromBase: (currency) => rates.get(currency),
    currencies: [
      BASE_CURRENCY,
      ...rateRows
        .map((row) => row.quoteCurrency)
        .filter((currency) => currency !== BASE_CURRENCY)
        .sort(),
    ],
  };
}
