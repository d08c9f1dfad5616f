import { type Carrier, carrierListSchema, DEFAULT_CARRIERS } from '@crossbuy/core/order';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../audit/audit.service.js';
import { storeSettings } from './settings.table.js';

/** The store_settings row of the carrier list; a store without it ships with DEFAULT_CARRIERS. */
const CARRIERS_KEY = 'carriers';

function carriersFrom(value: string | undefined): Carrier[] {
  if (value === undefined) return [...DEFAULT_CARRIERS];
  try {
    const parsed = carrierListSchema.shape.carriers.safeParse(JSON.parse(value));
    // A list the current rules no longer accept is not half used: the defaults stand until it is saved again.
    return parsed.success ? parsed.data : [...DEFAULT_CARRIERS];
  } catch {
    return [...DEFAULT_CARRIERS];
  }
}

/** The carriers an operator chooses from when an order ships, in the order the admin put them. */
export async function readCarriers(db: Database): Promise<Carrier[]> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, CARRIERS_KEY));
  return carriersFrom(row?.value);
}

/**
 * Replaces the carrier list, audited with the list before and after. The row is locked while it is read,
 * so two admins saving at once each see the other's list as their "before". Orders already shipped keep
 * the carrier and tracking link they left with.
 */
export async function saveCarriers(
  db: Database,
  actorUserId: string,
  carriers: readonly Carrier[],
): Promise<Carrier[]> {
  return db.transaction(async (tx) => {
    await tx
      .insert(storeSettings)
      .values({ key: CARRIERS_KEY, value: JSON.stringify(DEFAULT_CARRIERS) })
      .onConflictDoNothing();
    const [locked] = await tx
      .select({ value: storeSettings.value })
      .from(storeSettings)
      .where(eq(storeSettings.key, CARRIERS_KEY))
      .for('update');
    const before = carriersFrom(locked?.value);
    const after = [...carriers];
    if (JSON.stringify(before) === JSON.stringify(after)) return after;
    await tx
      .update(storeSettings)
      .set({ value: JSON.stringify(after), updatedAt: sql`now()` })
      .where(eq(storeSettings.key, CARRIERS_KEY));
    await recordAudit(tx, {
      actorUserId,
      action: 'setting.update',
      subject: { type: 'setting', id: CARRIERS_KEY },
      before: { carriers: before },
      after: { carriers: after },
    });
    return after;
  });
}
