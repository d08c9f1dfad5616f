import { createHash } from 'node:crypto';
import {
  PRODUCT_CSV_BASE_COLUMNS,
  PRODUCT_CSV_BASE_PRICE_COLUMN,
  PRODUCT_CSV_OPTION_COLUMNS,
  PRODUCT_CSV_STOCK_COLUMN,
  PRODUCT_MAX_OPTIONS,
  type ProductChange,
  type ProductImportPlanEntry,
  type ProductImportResult,
  type ProductVariant,
  parseVariantPath,
  regionPriceColumn,
  variantLabel,
  variantPathOf,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { type CurrencyCode, formatMoney, toDecimalAmount } from '@crossbuy/core/money';
import type { CsvLineError } from '@crossbuy/core/settings';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type CsvCell, csvRecords } from '../../lib/csv.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { type AuditFields, recordAudit } from '../audit/audit.service.js';
import {
  categories,
  merchants,
  type ProductRow,
  productRegionPrices,
  products,
  productVariants,
} from '../catalogue/catalogue.table.js';
import { announceCatalogueChange } from '../catalogue/catalogue-caches.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { regions } from '../regions/regions.table.js';
import { refreshProductSearchFields, touchProduct } from './product-admin.service.js';
import { lineError, type ProductLine, type RegionColumn, readProductFile } from './product-file.js';

// The catalogue as a spreadsheet, out and in (docs/features/csv-files.md). Out: one line per product without
// options or per variant, a page of products at a time. In: a file is read, checked against the catalogue
// and planned as changes; the preview shows the plan and its fingerprint, and applying plans again under the
// products' locks and writes only if the plan is still the one shown: every line or none.

/** Products read per statement of the export. */
const EXPORT_PAGE_SIZE = 200;

/** Every region's price column, in the regions' order: the columns an export writes and an import reads. */
async function regionColumnsOf(db: Database): Promise<RegionColumn[]> {
  const rows = await db
    .select({ countryCode: regions.countryCode, currency: regions.currency })
    .from(regions)
    .orderBy(asc(regions.position), asc(regions.countryCode));
  return rows.map((row) => ({ ...row, column: regionPriceColumn(row.countryCode, row.currency) }));
}

const decimal = (amountMinor: number, currency: CurrencyCode) => toDecimalAmount({ amountMinor, currency });

/** Variant paths in the order their options are listed ('0/2' before '0/10'). */
function byOptionOrder(a: string, b: string): number {
  const left = parseVariantPath(a) ?? [];
  const right = parseVariantPath(b) ?? [];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? -1) - (right[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The catalogue as CSV text in chunks: a byte-order mark and the header line, then a chunk per page of
 * products in key order, each product's variants in the order of their options.
 */
export async function* productExportCsv(db: Database): AsyncGenerator<string> {
  const regionColumns = await regionColumnsOf(db);
  const header = [
    ...PRODUCT_CSV_BASE_COLUMNS,
    ...PRODUCT_CSV_OPTION_COLUMNS,
    PRODUCT_CSV_BASE_PRICE_COLUMN,
    ...regionColumns.map((region) => region.column),
    PRODUCT_CSV_STOCK_COLUMN,
  ];
  yield `\uFEFF${csvRecords([header])}`;
  let after = '';
  for (;;) {
    const page = await db
      .select({
        id: products.id,
        paramName: products.paramName,
        name: products.name,
        categoryId: products.categoryId,
        merchantSlug: merchants.slug,
        disabled: products.disabled,
        priceMinor: products.priceMinor,
        stock: products.stock,
        options: products.variants,
      })
      .from(products)
      .innerJoin(merchants, eq(merchants.id, products.merchantId))
      .where(gt(products.paramName, after))
      .orderBy(asc(products.paramName))
      .limit(EXPORT_PAGE_SIZE);
    const last = page[page.length - 1];
    if (!last) return;
    const ids = page.map((product) => product.id);
    const [variantRows, priceRows] = await Promise.all([
      db.select().from(productVariants).where(inArray(productVariants.productId, ids)),
      db.select().from(productRegionPrices).where(inArray(productRegionPrices.productId, ids)),
    ]);
    const records: CsvCell[][] = [];
    for (const product of page) {
      const own = variantRows
        .filter((variant) => variant.productId === product.id)
        .sort((a, b) => byOptionOrder(a.path, b.path));
      const prices = new Map(
        priceRows
          .filter((price) => price.productId === product.id)
          .map((price) => [`${price.countryCode} ${price.variantPath}`, price]),
      );
      const sellable =
        own.length > 0
          ? own.map((variant) => ({ ...variant }))
          : [{ path: '', priceMinor: product.priceMinor, stock: product.stock }];
      for (const variant of sellable) {
        const indexes = parseVariantPath(variant.path) ?? [];
        const picks = PRODUCT_CSV_OPTION_COLUMNS.map((_, column) => {
          const kind = product.options[Math.floor(column / 2)];
          const index = indexes[Math.floor(column / 2)];
          if (!kind || index === undefined) return null;
          return column % 2 === 0 ? kind.name : (kind.options[index] ?? null);
        });
        // A price set in a currency the region no longer uses does not apply, so it is not the region's.
        const regionCells = regionColumns.map((region) => {
          const price = prices.get(`${region.countryCode} ${variant.path}`);
          return price && price.currency === region.currency
            ? decimal(price.amountMinor, region.currency)
            : null;
        });
        records.push([
          product.paramName,
          product.name,
          product.categoryId,
          product.merchantSlug,
          product.disabled ? 'no' : 'yes',
          ...picks,
          decimal(variant.priceMinor, BASE_CURRENCY),
          ...regionCells,
          variant.stock,
        ]);
      }
    }
    yield csvRecords(records);
    if (page.length < EXPORT_PAGE_SIZE) return;
    after = last.paramName;
  }
}

/** Who took the catalogue out of the store, before its first line is sent. */
export async function recordProductExport(db: Database, actorUserId: string): Promise<void> {
  await recordAudit(db, {
    actorUserId,
    action: 'product.export',
    subject: { type: 'product', id: 'export' },
    before: null,
    after: null,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Import

type PlannedVariant = {
  path: string;
  label: string | null;
  priceMinor: number;
  stock: number;
  regionPrices: Map<string, number | null>;
  existing: { priceMinor: number; stock: number } | null;
};

type PlannedProduct = ProductImportPlanEntry & {
  existing: ProductRow | null;
  merchantId: string;
  categoryId: string;
  sourceMarketPlace: string;
  disabled: boolean;
  options: ProductVariant[];
  variants: PlannedVariant[];
  /** Current region prices of the planned paths: `${countryCode} ${path}` to amount and currency. */
  currentPrices: Map<string, { amountMinor: number; currency: string }>;
};

export type ImportPlan = { products: PlannedProduct[]; regionColumns: RegionColumn[]; fingerprint: string };

export type ImportPlanning = { ok: true; plan: ImportPlan } | { ok: false; errors: CsvLineError[] };

const change = (
  field: ProductChange['field'],
  before: string | null,
  after: string | null,
  where: { variant?: string | null; region?: string | null } = {},
): ProductChange => ({ field, variant: where.variant ?? null, region: where.region ?? null, before, after });

const yesNo = (disabled: boolean) => (disabled ? 'no' : 'yes');

/**
 * The options a product will have: a new product's kinds and values in the order the file first names them;
 * an existing product's, with values the file adds put after those it has, so every variant keeps its path.
 */
function plannedOptions(
  current: readonly ProductVariant[],
  lines: readonly ProductLine[],
): ProductVariant[] | { error: CsvLineError } {
  const [first] = lines;
  if (!first) return [...current];
  const names = first.options.map((pick) => pick.name);
  const kinds: ProductVariant[] =
    current.length > 0
      ? current.map((kind) => ({ name: kind.name, options: [...kind.options] }))
      : names.map((name) => ({ name, options: [] }));
  for (const line of lines) {
    for (const [position, pick] of line.options.entries()) {
      const kind = kinds[position];
      if (!kind) continue;
      if (kind.options.includes(pick.value)) continue;
      if (kind.options.length >= PRODUCT_MAX_OPTIONS)
        return { error: lineError(line.line, 'product_import/too_many_options', [PRODUCT_MAX_OPTIONS]) };
      kind.options.push(pick.value);
    }
  }
  return kinds;
}

/**
 * Plans a checked file against the catalogue: which products it creates or changes, and how. With `lock`
 * (inside the applying transaction), the products' variants and then the products are locked first, in
 * the order placing an order locks them, so the plan holds until the transaction ends.
 */
async function planImport(
  tx: Database,
  lines: readonly ProductLine[],
  regionColumns: RegionColumn[],
  lock: boolean,
): Promise<ImportPlanning> {
  const byKey = new Map<string, ProductLine[]>();
  for (const line of lines) byKey.set(line.key, [...(byKey.get(line.key) ?? []), line]);
  const keys = [...byKey.keys()];
  if (lock) {
    await tx
      .select({ path: productVariants.path })
      .from(productVariants)
      .where(
        inArray(
          productVariants.productId,
          tx.select({ id: products.id }).from(products).where(inArray(products.paramName, keys)),
        ),
      )
      .orderBy(asc(productVariants.productId), asc(productVariants.path))
      .for('update');
  }
  const existingQuery = tx
    .select()
    .from(products)
    .where(inArray(products.paramName, keys))
    .orderBy(asc(products.id));
  const existingRows = lock ? await existingQuery.for('no key update') : await existingQuery;
  const existingByKey = new Map(existingRows.map((row) => [row.paramName, row]));
  const existingIds = existingRows.map((row) => row.id);
  const categoryIds = [...new Set(lines.map((line) => line.categoryId))];
  const merchantSlugs = [...new Set(lines.map((line) => line.merchantSlug))];
  const [categoryRows, merchantRows, variantRows, priceRows] = await Promise.all([
    tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds)),
    tx
      .select({ id: merchants.id, slug: merchants.slug, sourceMarketPlace: merchants.sourceMarketPlace })
      .from(merchants)
      .where(inArray(merchants.slug, merchantSlugs)),
    existingIds.length === 0
      ? []
      : tx.select().from(productVariants).where(inArray(productVariants.productId, existingIds)),
    existingIds.length === 0
      ? []
      : tx.select().from(productRegionPrices).where(inArray(productRegionPrices.productId, existingIds)),
  ]);
  const knownCategories = new Set(categoryRows.map((row) => row.id));
  const merchantBySlug = new Map(merchantRows.map((row) => [row.slug, row]));
  const merchantSlugById = new Map(merchantRows.map((row) => [row.id, row.slug]));
  const missingMerchantIds = existingRows
    .map((row) => row.merchantId)
    .filter((id) => !merchantSlugById.has(id));
  if (missingMerchantIds.length > 0) {
    const rows = await tx
      .select({ id: merchants.id, slug: merchants.slug })
      .from(merchants)
      .where(inArray(merchants.id, missingMerchantIds));
    for (const row of rows) merchantSlugById.set(row.id, row.slug);
  }

  const errors: CsvLineError[] = [];
  const planned: PlannedProduct[] = [];
  for (const [key, group] of byKey) {
    const first = group[0] as ProductLine;
    const existing = existingByKey.get(key) ?? null;
    const merchant = merchantBySlug.get(first.merchantSlug);
    if (!knownCategories.has(first.categoryId)) {
      errors.push(lineError(first.line, 'product_import/unknown_category', [first.categoryId]));
      continue;
    }
    if (!merchant) {
      errors.push(lineError(first.line, 'product_import/unknown_merchant', [first.merchantSlug]));
      continue;
    }
    const ownVariants = variantRows.filter((row) => row.productId === existing?.id);
    const currentOptions = existing?.variants ?? [];
    const kindNames = currentOptions.map((kind) => kind.name).join(', ');
    // An existing product's lines name its kinds in its order; one without variant rows yet may have a
    // single line for the product itself, as the export writes it.
    const wrongKinds = existing
      ? group.find((line) => {
          const names = line.options.map((pick) => pick.name).join(', ');
          return currentOptions.length === 0
            ? names !== ''
            : names !== kindNames && !(names === '' && ownVariants.length === 0 && group.length === 1);
        })
      : undefined;
    if (wrongKinds) {
      errors.push(
        currentOptions.length === 0
          ? lineError(wrongKinds.line, 'product_import/no_options')
          : lineError(wrongKinds.line, 'product_import/options_differ', [kindNames]),
      );
      continue;
    }
    const options = plannedOptions(currentOptions, group);
    if ('error' in options) {
      errors.push(options.error);
      continue;
    }
    const currentPrices = new Map(
      priceRows
        .filter((row) => row.productId === existing?.id)
        .map((row) => [`${row.countryCode} ${row.variantPath}`, row]),
    );
    const variants: PlannedVariant[] = group.map((line) => {
      const path =
        line.options.length === 0
          ? ''
          : variantPathOf(
              line.options.map((pick, position) => options[position]?.options.indexOf(pick.value) ?? 0),
            );
      const variantRow = ownVariants.find((row) => row.path === path);
      const current =
        path === ''
          ? existing
            ? { priceMinor: existing.priceMinor, stock: existing.stock }
            : null
          : variantRow;
      return {
        path,
        label: path === '' ? null : variantLabel(options, path),
        priceMinor: line.priceMinor,
        stock: line.stock,
        regionPrices: line.regionPrices,
        existing: current ? { priceMinor: current.priceMinor, stock: current.stock } : null,
      };
    });
    const disabled = first.enabled === undefined ? (existing?.disabled ?? true) : !first.enabled;
    const changes: ProductChange[] = [];
    const field = (name: ProductChange['field'], before: string | null, after: string) => {
      if (before !== after) changes.push(change(name, before, after));
    };
    field('name', existing?.name ?? null, first.name);
    field('category', existing?.categoryId ?? null, first.categoryId);
    field('merchant', existing ? (merchantSlugById.get(existing.merchantId) ?? null) : null, merchant.slug);
    field('enabled', existing ? yesNo(existing.disabled) : null, yesNo(disabled));
    for (const [position, kind] of options.entries()) {
      const before = currentOptions[position];
      const after = `${kind.name}: ${kind.options.join(', ')}`;
      const was = before ? `${before.name}: ${before.options.join(', ')}` : null;
      if (was !== after) changes.push(change('options', was, after));
    }
    for (const variant of variants) {
      const where = { variant: variant.label };
      if (variant.path !== '' && !variant.existing)
        changes.push(change('variant', null, variant.label, where));
      const price = (amountMinor: number) => formatMoney({ amountMinor, currency: BASE_CURRENCY });
      if (variant.existing?.priceMinor !== variant.priceMinor)
        changes.push(
          change(
            'price',
            variant.existing ? price(variant.existing.priceMinor) : null,
            price(variant.priceMinor),
            where,
          ),
        );
      if (variant.existing?.stock !== variant.stock)
        changes.push(
          change(
            'stock',
            variant.existing ? String(variant.existing.stock) : null,
            String(variant.stock),
            where,
          ),
        );
      for (const region of regionColumns) {
        const current = currentPrices.get(`${region.countryCode} ${variant.path}`);
        const shown = (amount: { amountMinor: number; currency: string } | undefined | null) =>
          amount ? formatMoney(amount as { amountMinor: number; currency: CurrencyCode }) : null;
        const next = variant.regionPrices.get(region.countryCode) ?? null;
        const before = shown(current);
        const after = shown(next === null ? null : { amountMinor: next, currency: region.currency });
        if (before !== after)
          changes.push(change('region_price', before, after, { ...where, region: region.countryCode }));
      }
    }
    planned.push({
      key,
      name: first.name,
      line: first.line,
      action: existing ? (changes.length > 0 ? 'update' : 'unchanged') : 'create',
      changes,
      existing,
      merchantId: merchant.id,
      categoryId: first.categoryId,
      sourceMarketPlace: merchant.sourceMarketPlace,
      disabled,
      options,
      variants,
      currentPrices,
    });
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  const shown = planned.map(({ key, action, changes }) => ({ key, action, changes }));
  const fingerprint = createHash('sha256').update(JSON.stringify(shown)).digest('base64url');
  return { ok: true, plan: { products: planned, regionColumns, fingerprint } };
}

async function regionCurrencies(db: Database): Promise<Map<string, CurrencyCode>> {
  const columns = await regionColumnsOf(db);
  return new Map(columns.map((region) => [region.countryCode, region.currency]));
}

const entryOf = ({ key, name, action, line, changes }: PlannedProduct): ProductImportPlanEntry => ({
  key,
  name,
  action,
  line,
  changes,
});

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
    await tx.update(products).set({ stock: own.stock, updatedAt: sql`now()` }).where(eq(products.id, row.id));
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
          await recordAudit(tx, {
            actorUserId,
            action: 'product.import',
            subject: { type: 'product', id },
            ...(planned.action === 'create'
              ? { before: null, after: { paramName: planned.key, ...auditFieldsOf(planned.changes).after } }
              : auditFieldsOf(planned.changes)),
          });
          await announceCatalogueChange(tx, id);
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
