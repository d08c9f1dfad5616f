import { createHash } from 'node:crypto';
import {
  PRODUCT_MAX_OPTIONS,
  type ProductChange,
  type ProductImportPlanEntry,
  type ProductVariant,
  variantLabel,
  variantPathOf,
} from '@crossbuy/core/catalogue';
import { type CurrencyCode, formatMoney } from '@crossbuy/core/money';
import type { CsvLineError } from '@crossbuy/core/settings';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  categories,
  merchants,
  type ProductRow,
  productRegionPrices,
  products,
  productVariants,
} from '../catalogue/catalogue.table.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { lineError, type ProductLine, type RegionColumn } from './product-file.js';

// An import's plan (docs/features/csv-files.md): a file's lines checked against the catalogue and turned
// into the changes the preview shows, with a fingerprint of them, so applying can tell the plan it makes
// under the products' locks is still the one shown.

type PlannedVariant = {
  path: string;
  label: string | null;
  priceMinor: number;
  stock: number;
  regionPrices: Map<string, number | null>;
  existing: { priceMinor: number; stock: number } | null;
};

export type PlannedProduct = ProductImportPlanEntry & {
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
export async function planImport(
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
    // A field is listed only where the file changes it, compared as the preview shows it.
    const field = (
      name: ProductChange['field'],
      before: string | null,
      after: string | null,
      where?: { variant?: string | null; region?: string | null },
    ) => {
      if (before !== after) changes.push(change(name, before, after, where));
    };
    field('name', existing?.name ?? null, first.name);
    field('category', existing?.categoryId ?? null, first.categoryId);
    field('merchant', existing ? (merchantSlugById.get(existing.merchantId) ?? null) : null, merchant.slug);
    field('enabled', existing ? yesNo(existing.disabled) : null, yesNo(disabled));
    for (const [position, kind] of options.entries()) {
      const before = currentOptions[position];
      const after = `${kind.name}: ${kind.options.join(', ')}`;
      const was = before ? `${before.name}: ${before.options.join(', ')}` : null;
      field('options', was, after);
    }
    for (const variant of variants) {
      const where = { variant: variant.label };
      if (variant.path !== '' && !variant.existing)
        changes.push(change('variant', null, variant.label, where));
      const price = (amountMinor: number) => formatMoney({ amountMinor, currency: BASE_CURRENCY });
      field(
        'price',
        variant.existing ? price(variant.existing.priceMinor) : null,
        price(variant.priceMinor),
        where,
      );
      field('stock', variant.existing ? String(variant.existing.stock) : null, String(variant.stock), where);
      for (const region of regionColumns) {
        const current = currentPrices.get(`${region.countryCode} ${variant.path}`);
        const shown = (amount: { amountMinor: number; currency: string } | undefined | null) =>
          amount ? formatMoney(amount as { amountMinor: number; currency: CurrencyCode }) : null;
        const next = variant.regionPrices.get(region.countryCode) ?? null;
        const before = shown(current);
        const after = shown(next === null ? null : { amountMinor: next, currency: region.currency });
        field('region_price', before, after, { ...where, region: region.countryCode });
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

export const entryOf = ({ key, name, action, line, changes }: PlannedProduct): ProductImportPlanEntry => ({
  key,
  name,
  action,
  line,
  changes,
});
