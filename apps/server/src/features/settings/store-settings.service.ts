import { type StoreSettings, storeSettingsSchema } from '@crossbuy/core/settings';
import { inArray, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../audit/audit.service.js';
import { storeSettings } from './settings.table.js';

const SETTING_KEYS = Object.keys(storeSettingsSchema.shape) as (keyof StoreSettings)[];

/** What a store has before an admin changes anything: the server's environment. */
export function storeSettingDefaults(config: AppConfig): StoreSettings {
  return {
    quoteValidDays: config.quoteValidDays,
    quoteFeePercent: config.quoteFeePercent,
    maxAddressesPerUser: config.maxAddressesPerUser,
    ...config.shopperLimits,
  };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The settings the stored rows give, each key the rows lack or hold a value no longer accepted by default. */
export function settingsFrom(
  rows: readonly { key: string; value: string }[],
  defaults: StoreSettings,
): StoreSettings {
  const stored = new Map(rows.map((row) => [row.key, parsedJson(row.value)]));
  const settings = { ...defaults };
  for (const key of SETTING_KEYS) {
    // A value the current rules no longer accept (a bound tightened since it was saved) yields the default.
    const parsed = storeSettingsSchema.shape[key].safeParse(stored.get(key));
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
  }
  return settings;
}

/**
 * The settings now. Read per call, not cached: it is one primary-key scan of a few rows (about 0.1 ms on
 * PGlite, see docs/features/store-settings.md), made only by calls that already write, so a change holds for the very
 * next quote or address in every process without any invalidation.
 */
export async function readStoreSettings(db: Database, defaults: StoreSettings): Promise<StoreSettings> {
  return settingsFrom(await db.select().from(storeSettings), defaults);
}

/**
 * Saves the given settings, auditing each key that changed with its value before and after. The rows are
 * created with their defaults first, so even the first change of a key reads its "before" under a lock.
 */
export async function updateStoreSettings(
  db: Database,
  actorUserId: string,
  defaults: StoreSettings,
  patch: Partial<StoreSettings>,
): Promise<StoreSettings> {
  const keys = SETTING_KEYS.filter((key) => patch[key] !== undefined);
  if (keys.length === 0) return readStoreSettings(db, defaults);
  return db.transaction(async (tx) => {
    await tx
      .insert(storeSettings)
      .values(keys.map((key) => ({ key, value: JSON.stringify(defaults[key]) })))
      .onConflictDoNothing();
    const locked = await tx
      .select()
      .from(storeSettings)
      .where(inArray(storeSettings.key, keys))
      .orderBy(storeSettings.key)
      .for('update');
    const before = settingsFrom(locked, defaults);
    for (const key of keys) {
      const value = patch[key];
      if (value === undefined || value === before[key]) continue;
      await tx
        .insert(storeSettings)
        .values({ key, value: JSON.stringify(value) })
        .onConflictDoUpdate({
          target: storeSettings.key,
          set: { value: JSON.stringify(value), updatedAt: sql`now()` },
        });
      await recordAudit(tx, {
        actorUserId,
        action: 'setting.update',
        subject: { type: 'setting', id: key },
        before: { [key]: before[key] },
        after: { [key]: value },
      });
    }
    return settingsFrom(await tx.select().from(storeSettings), defaults);
  });
}
