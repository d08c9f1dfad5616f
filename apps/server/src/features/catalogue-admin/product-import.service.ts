import type { ProductChange, ProductImportPlanEntry, ProductImportResult } from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import type { CurrencyCode } from '@crossbuy/core/money';
import type { CsvLineError } from '@crossbuy/core/settings';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { AuditFields } from '../audit/audit.service.js';
import {
  type ProductRow,
  productRegionPrices,
  products,
  productVariants,
} from '../catalogue/catalogue.table.js';
import { recordCatalogueChange } from './catalogue-change.js';
import { regionColumnsOf } from './product-export.service.js';
import { type RegionColumn, readProductFile } from './product-file.js';
import { entryOf, type PlannedProduct, planImport } from './product-import-plan.js';
import { refreshProductSearchFields } from './product-search-fields.js';
import { setProductStock, touchProduct } from './product-version.js';

// The catalogue as a spreadsheet, in (docs/features/csv-files.md): a file is read, checked against the
// catalogue and planned as changes (product-import-plan.ts); the preview shows the plan and its fingerprint,
// and applying plans again under the products' locks and writes only if the plan is still the one shown:
// every line or none.

async function regionCurrencies(db: Database): Promise<Map<string, CurrencyCode>> {
  const columns = await regionColumnsOf(db);
  return new Map(columns.map((region) => [region.countryCode, region.currency]));
}

/** What a file would change, without changing anything: every wrong line, or the plan and its fingerprint. */
export async function previewProductImport(
  db: Database,
  csv: string,
): Promise<
  | { ok: true; products: ProductImportPlanEntry[]; fingerprint: string }
  | { ok: false; errors: CsvLineError[] }
> {
  const reading = readProductFile(csv, await regionCurrencies(db));
  const planning = await planImport(db, reading.lines, reading.regionColumns, false);
  const errors = [...reading.errors, ...(planning.ok ? [] : planning.errors)];
  if (errors.length > 0 || !planning.ok) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, products: planning.plan.products.map(entryOf), fingerprint: planning.plan.fingerprint };
}

/** One audit field per change, named so the log reads as the preview did: 'price (Colour: Black)'. */
function auditFieldsOf(changes: readonly ProductChange[]): { before: AuditFields; after: AuditFields } {
  const before: AuditFields = {};
  const after: AuditFields = {};
  for (const item of changes) {
    const name = [
      item.field === 'region_price' ? `price in ${item.region}` : item.field,
      item.variant ? `(${item.variant})` : '',
      item.field === 'options' ? `(${(item.after ?? '').split(':')[0]})` : '',
    ]
      .filter(Boolean)
      .join(' ');
    before[name] = item.before;
    after[name] = item.after;
  }
  return { before, after };
}

async function writeRegionPrices(
  tx: Database,
  productId: string,
  planned: PlannedProduct,
  regionColumns: RegionColumn[],
) {
  for (const variant of planned.variants) {
    for (const region of regionColumns) {
      const amountMinor = variant.regionPrices.get(region.countryCode) ?? null;
      const where = and(
        eq(productRegionPrices.productId, productId),
        eq(productRegionPrices.countryCode, region.countryCode),
        eq(productRegionPrices.variantPath, variant.path),
      );
      if (amountMinor === null) {
        await tx.delete(productRegionPrices).where(where);
      } else {
        await tx
          .insert(productRegionPrices)
          .values({
            productId,
            countryCode: region.countryCode,
            variantPath: variant.path,
            amountMinor,
            currency: region.currency,
          })
          .onConflictDoUpdate({
            target: [
              productRegionPrices.productId,
              productRegionPrices.countryCode,
              productRegionPrices.variantPath,
            ],
            set: { amountMinor, currency: region.currency },
          });
      }
    }
  }
}

async function createPlanned(
  tx: Database,
  planned: PlannedProduct,
  regionColumns: RegionColumn[],
): Promise<string> {
  const [own] = planned.variants;
  const hasVariants = own?.path !== '';
  const [created] = await tx
    .insert(products)
    .values({
      paramName: planned.key,
      name: planned.name,
      priceMinor: Math.min(...planned.variants.map((variant) => variant.priceMinor)),
      stock: hasVariants ? 0 : (own?.stock ?? 0),
      disabled: planned.disabled,
      merchantId: planned.merchantId,
      categoryId: planned.categoryId,
      sourceMarketPlace: planned.sourceMarketPlace,
      variants: planned.options,
    })
    .returning({ id: products.id });
  if (!created) throw new Error('product insert returned nothing');
  if (hasVariants) {
    await tx.insert(productVariants).values(
      planned.variants.map((variant) => ({
        productId: created.id,
        path: variant.path,
        priceMinor: variant.priceMinor,
        stock: variant.stock,
      })),
    );
  }
  await writeRegionPrices(tx, created.id, planned, regionColumns);
  await refreshProductSearchFields(tx, { productId: created.id });
  return created.id;
}

async function updatePlanned(
  tx: Database,
  row: ProductRow,
  planned: PlannedProduct,
  regionColumns: RegionColumn[],
) {
  const onlyStock = planned.changes.every((item) => item.field === 'stock');
  for (const variant of planned.variants) {
    if (variant.path === '') continue;
    const where = and(eq(productVariants.productId, row.id), eq(productVariants.path, variant.path));
    if (!variant.existing) {
      await tx.insert(productVariants).values({
        productId: row.id,
        path: variant.path,
        priceMinor: variant.priceMinor,
        stock: variant.stock,
      });
    } else if (
      variant.existing.priceMinor !== variant.priceMinor ||
      variant.existing.stock !== variant.stock
    ) {
      await tx
        .update(productVariants)
        .set({ priceMinor: variant.priceMinor, stock: variant.stock })
        .where(where);
    }
  }
  await writeRegionPrices(tx, row.id, planned, regionColumns);
  const own = planned.variants.find((variant) => variant.path === '');
  if (own && own.stock !== row.stock) {
    await setProductStock(tx, row.id, own.stock);
  }
  // Stock moves with every order and does not raise the version (decision 0043); every other change does.
  if (!onlyStock) {
    await touchProduct(tx, row.id, {
      name: planned.name,
      categoryId: planned.categoryId,
      merchantId: planned.merchantId,
      sourceMarketPlace: planned.sourceMarketPlace,
      disabled: planned.disabled,
      variants: planned.options,
      ...(own && { priceMinor: own.priceMinor }),
    });
    if (row.merchantId !== planned.merchantId || row.categoryId !== planned.categoryId)
      await refreshProductSearchFields(tx, { productId: row.id });
  }
}

/**
 * Applies a file: every line or none. The file is read and planned again inside one transaction under the
 * products' locks; if the plan is not the one the preview showed (`fingerprint`), nothing is written and the
 * answer is product_import/stale_preview. Each product created or changed is audited with its changes and
 * announced, so every process forgets its cached copy when the transaction commits.
 */
export async function applyProductImport(
  db: Database,
  actorUserId: string,
  csv: string,
  fingerprint: string,
): Promise<{ ok: true; result: ProductImportResult } | { ok: false; errors: CsvLineError[] }> {
  const reading = readProductFile(csv, await regionCurrencies(db));
  if (reading.errors.length > 0) return { ok: false, errors: reading.errors };
  try {
    return await db.transaction(async (tx) => {
      const planning = await planImport(tx, reading.lines, reading.regionColumns, true);
      if (!planning.ok) return planning;
      const { plan } = planning;
      if (fingerprint !== plan.fingerprint) throw new AppError('product_import/stale_preview');
      const written: ProductImportResult['products'] = [];
      for (const planned of plan.products) {
        let id = planned.existing?.id ?? '';
        if (planned.action === 'create') id = await createPlanned(tx, planned, plan.regionColumns);
        else if (planned.action === 'update' && planned.existing)
          await updatePlanned(tx, planned.existing, planned, plan.regionColumns);
        if (planned.action !== 'unchanged') {
          await recordCatalogueChange(tx, {
            actorUserId,
            action: 'product.import',
            subject: { type: 'product', id },
            ...(planned.action === 'create'
              ? { before: null, after: { paramName: planned.key, ...auditFieldsOf(planned.changes).after } }
              : auditFieldsOf(planned.changes)),
          });
        }
        written.push({ ...entryOf(planned), id });
      }
      const count = (action: ProductImportPlanEntry['action']) =>
        plan.products.filter((planned) => planned.action === action).length;
      return {
        ok: true as const,
        result: {
          created: count('create'),
          updated: count('update'),
          unchanged: count('unchanged'),
          products: written,
        },
      };
    });
  } catch (error) {
    // Another import created a product of the same key after this one planned it: the plan is not what
    // the preview showed.
    if (isUniqueViolation(error))
      throw new AppError('product_import/stale_preview', [], undefined, { cause: error });
    throw error;
  }
}
