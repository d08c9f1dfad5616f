import type { Database } from '../../db/client.js';
import { type AuditChange, type AuditFields, recordAudit } from '../audit/audit.service.js';
import { announceCatalogueChange } from '../catalogue/catalogue-caches.js';

// Every change the back office makes to the catalogue is audited and announced on the live bus in the
// changing transaction, so every server process forgets its cached copies when it commits
// (docs/decisions/0043-catalogue-products-for-staff.md, docs/architecture.md "Live updates").

/**
 * Records a staff member's change to the catalogue and announces it: a product's change forgets that
 * product, a category's or merchant's forgets every product, since any of them may show it.
 */
export async function recordCatalogueChange(tx: Database, change: AuditChange): Promise<void> {
  await recordAudit(tx, change);
  await announceCatalogueChange(tx, change.subject.type === 'product' ? change.subject.id : undefined);
}

/** The fields a change gives (those not undefined): as the row has them, and as the change sets them. */
export function givenFields<Row extends AuditFields, Field extends keyof Row & string>(
  row: Row,
  change: { [Name in Field]?: Row[Name] | undefined },
  fields: readonly Field[],
): { before: AuditFields; set: Partial<Pick<Row, Field>> } {
  const given = fields.filter((field) => change[field] !== undefined);
  return {
    before: Object.fromEntries(given.map((field) => [field, row[field]])),
    set: Object.fromEntries(given.map((field) => [field, change[field]])) as Partial<Pick<Row, Field>>,
  };
}
