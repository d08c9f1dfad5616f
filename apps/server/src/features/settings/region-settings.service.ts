import { getCountryAddressData } from '@crossbuy/core/address';
import { AppError } from '@crossbuy/core/errors';
import type { CurrencyCode } from '@crossbuy/core/money';
import type { AdminRegion, RegionUpdate } from '@crossbuy/core/settings';
import { and, asc, eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { publishLive } from '../../plugins/live-bus.js';
import { type AuditFields, recordAudit } from '../audit/audit.service.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { REGIONS_CHANGED_TOPIC, toRegion } from '../regions/regions.service.js';
import { exchangeRates, type RegionRow, regions } from '../regions/regions.table.js';

function toAdminRegion(row: RegionRow, rate: string | null): AdminRegion {
  return {
    ...toRegion(row),
    position: row.position,
    rate: row.currency === BASE_CURRENCY ? '1' : rate,
  };
}

/** Every region in the order shoppers see them, with the rate its prices are converted at. */
export async function listRegionSettings(db: Database): Promise<AdminRegion[]> {
  const rows = await db
    .select({ region: regions, rate: exchangeRates.rate })
    .from(regions)
    .leftJoin(
      exchangeRates,
      and(eq(exchangeRates.baseCurrency, BASE_CURRENCY), eq(exchangeRates.quoteCurrency, regions.currency)),
    )
    .orderBy(asc(regions.position), asc(regions.countryCode));
  return rows.map(({ region, rate }) => toAdminRegion(region, rate));
}

async function rateOf(tx: Database, currency: CurrencyCode): Promise<string | null> {
  if (currency === BASE_CURRENCY) return '1';
  const [row] = await tx
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.baseCurrency, BASE_CURRENCY), eq(exchangeRates.quoteCurrency, currency)))
    .for('share');
  return row?.rate ?? null;
}

const auditedFields = (row: RegionRow): AuditFields => ({
  currency: row.currency,
  enabled: row.enabled,
  default: row.isDefault,
  position: row.position,
});

/** A region on sale must have a rate, or none of its prices could be shown. */
async function assertPriceable(tx: Database, row: Pick<RegionRow, 'currency' | 'enabled'>) {
  if (row.enabled && (await rateOf(tx, row.currency)) === null) {
    throw new AppError('region/no_exchange_rate', [row.currency]);
  }
}

export async function createRegion(
  db: Database,
  actorUserId: string,
  input: { countryCode: string; currency: CurrencyCode; enabled: boolean; position?: number | undefined },
): Promise<AdminRegion> {
  if (!getCountryAddressData(input.countryCode)) throw new AppError('address/invalid_country');
  try {
    return await db.transaction(async (tx) => {
      await assertPriceable(tx, input);
      const [last] = await tx.select({ position: max(regions.position) }).from(regions);
      const [row] = await tx
        .insert(regions)
        .values({
          countryCode: input.countryCode,
          currency: input.currency,
          enabled: input.enabled,
          position: input.position ?? (last?.position ?? -1) + 1,
        })
        .returning();
      if (!row) throw new Error('region insert returned nothing');
      await recordAudit(tx, {
        actorUserId,
        action: 'region.create',
        subject: { type: 'region', id: row.countryCode },
        before: null,
        after: auditedFields(row),
      });
      await publishLive(tx, REGIONS_CHANGED_TOPIC);
      return toAdminRegion(row, await rateOf(tx, row.currency));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('region/exists', [input.countryCode]);
    throw error;
  }
}

/**
 * Changes a region. Every region row is locked (there are a few dozen at most), so two admins making two
 * regions the default one after the other leave exactly one default. The default region stays enabled,
 * and a region on sale keeps a rate.
 */
export async function updateRegion(
  db: Database,
  actorUserId: string,
  countryCode: string,
  patch: RegionUpdate,
): Promise<AdminRegion> {
  return db.transaction(async (tx) => {
    const all = await tx.select().from(regions).orderBy(asc(regions.countryCode)).for('update');
    const region = all.find((row) => row.countryCode === countryCode);
    if (!region) throw new AppError('region/not_found', [countryCode]);
    const next: RegionRow = {
      ...region,
      currency: patch.currency ?? region.currency,
      enabled: patch.enabled ?? region.enabled,
      isDefault: patch.default ?? region.isDefault,
      position: patch.position ?? region.position,
    };
    if (next.isDefault && !next.enabled) throw new AppError('region/default_required');
    await assertPriceable(tx, next);

    const formerDefault = next.isDefault && !region.isDefault ? all.find((row) => row.isDefault) : undefined;
    if (formerDefault) {
      const [demoted] = await tx
        .update(regions)
        .set({ isDefault: false })
        .where(eq(regions.countryCode, formerDefault.countryCode))
        .returning();
      if (!demoted) throw new Error('a locked region vanished');
      await recordAudit(tx, {
        actorUserId,
        action: 'region.update',
        subject: { type: 'region', id: demoted.countryCode },
        before: { default: true },
        after: { default: false },
      });
    }
    const [updated] = await tx
      .update(regions)
      .set({
        currency: next.currency,
        enabled: next.enabled,
        isDefault: next.isDefault,
        position: next.position,
      })
      .where(eq(regions.countryCode, countryCode))
      .returning();
    if (!updated) throw new Error('a locked region vanished');
    const before = auditedFields(region);
    const after = auditedFields(updated);
    const changed = Object.keys(after).filter((key) => before[key] !== after[key]);
    if (changed.length > 0) {
      await recordAudit(tx, {
        actorUserId,
        action: 'region.update',
        subject: { type: 'region', id: countryCode },
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      });
      await publishLive(tx, REGIONS_CHANGED_TOPIC);
    }
    return toAdminRegion(updated, await rateOf(tx, updated.currency));
  });
}
