import { AppError } from '@crossbuy/core/errors';
import type {
  ShippingLocationSettings,
  ShippingRule,
  ShippingRuleInput,
  TaxRate,
  TaxRateInput,
} from '@crossbuy/core/settings';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { isUuid } from '../../lib/ids.js';
import { type AuditFields, recordAudit } from '../audit/audit.service.js';
import { regions } from '../regions/regions.table.js';
import {
  type ShippingRateRow,
  shippingLocations,
  shippingRates,
  type TaxRateRow,
  taxRates,
} from './shipping.table.js';

function toRule(row: ShippingRateRow): ShippingRule {
  return {
    id: row.id,
    originCountry: row.originCountry,
    method: row.method,
    baseFeeMinor: row.baseFeeMinor,
    stepFeeMinor: row.stepFeeMinor,
    stepGrams: row.stepGrams,
    freeAboveMinor: row.freeAboveMinor,
    currency: row.currency,
  };
}

const ruleFields = ({ id: _id, ...fields }: ShippingRule): AuditFields => fields;

/** Every shipping location, enabled or not, with the fee rules checkout prices delivery to it by. */
export async function listShippingSettings(db: Database): Promise<ShippingLocationSettings[]> {
  const [locations, rules] = await Promise.all([
    db
      .select()
      .from(shippingLocations)
      .orderBy(asc(shippingLocations.position), asc(shippingLocations.countryCode)),
    db.select().from(shippingRates).orderBy(asc(shippingRates.originCountry)),
  ]);
  return locations.map((location) => ({
    id: location.id,
    countryCode: location.countryCode,
    name: location.name,
    enabled: location.enabled,
    rules: rules.filter((rule) => rule.shippingLocationId === location.id).map(toRule),
  }));
}

/** The countries the store delivers to now, for the shopper's address form. */
export async function enabledShippingLocations(db: Database) {
  return db
    .select({
      id: shippingLocations.id,
      countryCode: shippingLocations.countryCode,
      name: shippingLocations.name,
    })
    .from(shippingLocations)
    .where(eq(shippingLocations.enabled, true))
    .orderBy(asc(shippingLocations.position), asc(shippingLocations.name));
}

async function lockLocation(tx: Database, id: string) {
  const [location] = isUuid(id)
    ? await tx.select().from(shippingLocations).where(eq(shippingLocations.id, id)).for('update')
    : [];
  if (!location) throw new AppError('shipping/location_not_found');
  return location;
}

/** Opens or closes delivery to a location; its fee rules stay for when it opens again. */
export async function setShippingLocationEnabled(
  db: Database,
  actorUserId: string,
  id: string,
  enabled: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const location = await lockLocation(tx, id);
    if (location.enabled === enabled) return;
    await tx.update(shippingLocations).set({ enabled }).where(eq(shippingLocations.id, id));
    await recordAudit(tx, {
      actorUserId,
      action: 'shipping_location.update',
      subject: { type: 'shipping_location', id },
      before: { countryCode: location.countryCode, enabled: location.enabled },
      after: { countryCode: location.countryCode, enabled },
    });
  });
}

function ruleColumns(rule: ShippingRuleInput) {
  return {
    originCountry: rule.originCountry,
    method: rule.method,
    baseFeeMinor: rule.baseFeeMinor,
    stepFeeMinor: rule.stepFeeMinor,
    // A per-item fee has no weight step; keeping one would only confuse the next reader.
    stepGrams: rule.method === 'by_weight' ? rule.stepGrams : null,
    freeAboveMinor: rule.freeAboveMinor,
  };
}

/** One rule per location and origin (the unique index says so); a second answers shipping/rule_exists. */
async function refuseDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('shipping/rule_exists');
    throw error;
  }
}

export function createShippingRule(
  db: Database,
  actorUserId: string,
  shippingLocationId: string,
  rule: ShippingRuleInput,
): Promise<ShippingRule> {
  return refuseDuplicates(() =>
    db.transaction(async (tx) => {
      await lockLocation(tx, shippingLocationId);
      const [row] = await tx
        .insert(shippingRates)
        .values({ shippingLocationId, ...ruleColumns(rule) })
        .returning();
      if (!row) throw new Error('shipping rule insert returned nothing');
      const created = toRule(row);
      await recordAudit(tx, {
        actorUserId,
        action: 'shipping_rule.create',
        subject: { type: 'shipping_rule', id: row.id },
        before: null,
        after: { shippingLocationId, ...ruleFields(created) },
      });
      return created;
    }),
  );
}

async function lockRule(tx: Database, id: string): Promise<ShippingRateRow> {
  const [row] = isUuid(id)
    ? await tx.select().from(shippingRates).where(eq(shippingRates.id, id)).for('update')
    : [];
  if (!row) throw new AppError('shipping/rule_not_found');
  return row;
}

export function updateShippingRule(
  db: Database,
  actorUserId: string,
  id: string,
  rule: ShippingRuleInput,
): Promise<ShippingRule> {
  return refuseDuplicates(() =>
    db.transaction(async (tx) => {
      const before = toRule(await lockRule(tx, id));
      const [row] = await tx
        .update(shippingRates)
        .set({ ...ruleColumns(rule), updatedAt: new Date() })
        .where(eq(shippingRates.id, id))
        .returning();
      if (!row) throw new Error('a locked shipping rule vanished');
      const after = toRule(row);
      await recordAudit(tx, {
        actorUserId,
        action: 'shipping_rule.update',
        subject: { type: 'shipping_rule', id },
        before: ruleFields(before),
        after: ruleFields(after),
      });
      return after;
    }),
  );
}

export async function deleteShippingRule(db: Database, actorUserId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockRule(tx, id);
    await tx.delete(shippingRates).where(eq(shippingRates.id, id));
    await recordAudit(tx, {
      actorUserId,
      action: 'shipping_rule.delete',
      subject: { type: 'shipping_rule', id },
      before: { shippingLocationId: before.shippingLocationId, ...ruleFields(toRule(before)) },
      after: null,
    });
  });
}

const toTaxRate = (row: TaxRateRow): TaxRate => ({
  countryCode: row.countryCode,
  name: row.name,
  ratePercent: row.ratePercent,
  inclusive: row.inclusive,
});
const taxFields = ({ countryCode: _region, ...fields }: TaxRate): AuditFields => fields;

export async function listTaxRates(db: Database): Promise<TaxRate[]> {
  return (await db.select().from(taxRates).orderBy(asc(taxRates.countryCode))).map(toTaxRate);
}

/**
 * Sets a region's tax. The region's row is locked first, so the first rate of a region is written once
 * even by two admins at the same moment, and its "before" is honest.
 */
export async function setTaxRate(
  db: Database,
  actorUserId: string,
  countryCode: string,
  input: TaxRateInput,
): Promise<TaxRate> {
  return db.transaction(async (tx) => {
    const [region] = await tx
      .select({ countryCode: regions.countryCode })
      .from(regions)
      .where(eq(regions.countryCode, countryCode))
      .for('update');
    if (!region) throw new AppError('region/not_found', [countryCode]);
    const [current] = await tx.select().from(taxRates).where(eq(taxRates.countryCode, countryCode));
    const [row] = await tx
      .insert(taxRates)
      .values({ countryCode, ...input })
      .onConflictDoUpdate({ target: taxRates.countryCode, set: { ...input, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error('tax rate upsert returned nothing');
    const after = toTaxRate(row);
    await recordAudit(tx, {
      actorUserId,
      action: 'tax_rate.set',
      subject: { type: 'tax_rate', id: countryCode },
      before: current ? taxFields(toTaxRate(current)) : null,
      after: taxFields(after),
    });
    return after;
  });
}

export async function deleteTaxRate(db: Database, actorUserId: string, countryCode: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(taxRates)
      .where(eq(taxRates.countryCode, countryCode))
      .for('update');
    if (!current) throw new AppError('tax/not_found', [countryCode]);
    await tx.delete(taxRates).where(eq(taxRates.countryCode, countryCode));
    await recordAudit(tx, {
      actorUserId,
      action: 'tax_rate.delete',
      subject: { type: 'tax_rate', id: countryCode },
      before: taxFields(toTaxRate(current)),
      after: null,
    });
  });
}
