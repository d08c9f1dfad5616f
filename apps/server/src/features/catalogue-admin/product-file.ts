import {
  PRODUCT_CSV_BASE_COLUMNS,
  PRODUCT_CSV_BASE_PRICE_COLUMN,
  PRODUCT_CSV_MAX_LINES,
  PRODUCT_CSV_OPTION_COLUMNS,
  PRODUCT_CSV_STOCK_COLUMN,
  PRODUCT_MAX_PRICE_MINOR,
  PRODUCT_MAX_STOCK,
  PRODUCT_NAME_MAX_LENGTH,
  REGION_PRICE_COLUMN,
} from '@crossbuy/core/catalogue';
import { AppError, type ErrorCode, formatErrorMessage, limitError } from '@crossbuy/core/errors';
import { type CurrencyCode, parseExactAmount } from '@crossbuy/core/money';
import type { CsvLineError } from '@crossbuy/core/settings';
import { cellsOf, csvLines, quotesAreOpen, unguardCell } from '../../lib/csv.js';
import { BASE_CURRENCY } from '../regions/pricing.js';

// Reading a product file (docs/features/csv-files.md) into lines the catalogue can check: every rule that needs
// only the file is here, so a wrong file is refused before the database is asked anything.

export type OptionPick = { name: string; value: string };

/** One line of a product file: a product without options, or one variant of a product. */
export type ProductLine = {
  line: number;
  key: string;
  name: string;
  categoryId: string;
  merchantSlug: string;
  /** Absent when the file has no `enabled` column: the product keeps its state (a new one starts disabled). */
  enabled: boolean | undefined;
  options: OptionPick[];
  priceMinor: number;
  /** A region's own price in its currency, or null to have none; only regions the file has a column for. */
  regionPrices: Map<string, number | null>;
  stock: number;
};

export type RegionColumn = { countryCode: string; currency: CurrencyCode; column: string };

/**
 * The lines read right and the wrong ones: the right lines are still checked against the catalogue, so one
 * answer names every wrong line, but a file with any error is never applied.
 */
export type ProductFileReading = {
  lines: ProductLine[];
  regionColumns: RegionColumn[];
  errors: CsvLineError[];
};

export const lineError = (line: number, code: ErrorCode, params: (string | number)[] = []): CsvLineError => ({
  line,
  code,
  message: formatErrorMessage(code, params),
});

const KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KEY_MAX_LENGTH = 100;
const OPTION_MAX_LENGTH = 50;
const REQUIRED_COLUMNS = [
  'product',
  'name',
  'category',
  'merchant',
  PRODUCT_CSV_BASE_PRICE_COLUMN,
  PRODUCT_CSV_STOCK_COLUMN,
];
const KNOWN_COLUMNS = new Set<string>([
  ...PRODUCT_CSV_BASE_COLUMNS,
  ...PRODUCT_CSV_OPTION_COLUMNS,
  PRODUCT_CSV_BASE_PRICE_COLUMN,
  PRODUCT_CSV_STOCK_COLUMN,
]);

type Header = { index: Map<string, number>; regionColumns: RegionColumn[] };

/** The header line's columns, or the first thing wrong with it. */
function readHeader(
  cells: string[] | null,
  regionCurrencies: ReadonlyMap<string, CurrencyCode>,
): Header | { error: CsvLineError } {
  if (cells === null) return { error: lineError(1, 'product_import/malformed_line') };
  const index = new Map<string, number>();
  const regionColumns: RegionColumn[] = [];
  for (const [position, rawName] of cells.entries()) {
    const name = rawName.trim();
    if (index.has(name))
      return { error: lineError(1, 'product_import/duplicate_column', [name.slice(0, 40)]) };
    index.set(name, position);
    if (KNOWN_COLUMNS.has(name)) continue;
    const region = REGION_PRICE_COLUMN.exec(name);
    if (!region) return { error: lineError(1, 'product_import/unknown_column', [name.slice(0, 40)]) };
    const [, countryCode = '', currency = ''] = region;
    if (regionCurrencies.get(countryCode) !== currency)
      return { error: lineError(1, 'product_import/unknown_region', [countryCode, currency]) };
    regionColumns.push({ countryCode, currency: currency as CurrencyCode, column: name });
  }
  const missing = REQUIRED_COLUMNS.find((column) => !index.has(column));
  if (missing) return { error: lineError(1, 'product_import/missing_column', [missing]) };
  for (let kind = 1; kind * 2 <= PRODUCT_CSV_OPTION_COLUMNS.length; kind += 1) {
    const [option, value] = [`option_${kind}`, `value_${kind}`];
    if (index.has(option) !== index.has(value))
      return { error: lineError(1, 'product_import/missing_column', [index.has(option) ? value : option]) };
  }
  return { index, regionColumns };
}

const ENABLED_WORDS = new Map([
  ['yes', true],
  ['no', false],
  ['true', true],
  ['false', false],
]);

function amountOf(cell: string, currency: CurrencyCode): number | null {
  const amount = parseExactAmount(cell, currency);
  return amount && amount.amountMinor <= PRODUCT_MAX_PRICE_MINOR ? amount.amountMinor : null;
}

/** One data line, or why it is wrong: the first thing wrong, which is what its author fixes first. */
function readLine(
  number: number,
  content: string,
  header: Header,
): { line: ProductLine } | { error: CsvLineError } {
  const raw = cellsOf(content);
  if (raw === null && quotesAreOpen(content))
    return { error: lineError(number, 'product_import/unclosed_quote') };
  if (raw === null || raw.length !== header.index.size)
    return { error: lineError(number, 'product_import/malformed_line') };
  const cells = raw.map(unguardCell);
  const cell = (column: string) => {
    const position = header.index.get(column);
    return position === undefined ? undefined : (cells[position] ?? '');
  };
  const fail = (code: ErrorCode, params: (string | number)[] = []) => ({
    error: lineError(number, code, params),
  });

  const key = cell('product') ?? '';
  if (key.length > KEY_MAX_LENGTH || !KEY_PATTERN.test(key)) return fail('product_import/invalid_key');
  const name = cell('name') ?? '';
  if (name.length === 0 || name.length > PRODUCT_NAME_MAX_LENGTH) return fail('product_import/invalid_name');
  const categoryId = cell('category') ?? '';
  if (!KEY_PATTERN.test(categoryId))
    return fail('product_import/unknown_category', [categoryId.slice(0, 60)]);
  const merchantSlug = cell('merchant') ?? '';
  if (!KEY_PATTERN.test(merchantSlug))
    return fail('product_import/unknown_merchant', [merchantSlug.slice(0, 60)]);
  const enabledCell = cell('enabled');
  const enabled = enabledCell === undefined ? undefined : ENABLED_WORDS.get(enabledCell.toLowerCase());
  if (enabledCell !== undefined && enabled === undefined) return fail('product_import/invalid_enabled');

  const options: OptionPick[] = [];
  for (let kind = 1; kind * 2 <= PRODUCT_CSV_OPTION_COLUMNS.length; kind += 1) {
    const optionName = cell(`option_${kind}`) ?? '';
    const value = cell(`value_${kind}`) ?? '';
    if (optionName === '' && value === '') continue;
    // A pick needs both halves, at most the length a product's options have, and no gap before it.
    if (
      optionName === '' ||
      value === '' ||
      optionName.length > OPTION_MAX_LENGTH ||
      value.length > OPTION_MAX_LENGTH ||
      options.length !== kind - 1
    )
      return fail('product_import/invalid_option');
    options.push({ name: optionName, value });
  }

  const priceMinor = amountOf(cell(PRODUCT_CSV_BASE_PRICE_COLUMN) ?? '', BASE_CURRENCY);
  if (priceMinor === null) return fail('product_import/invalid_price', [PRODUCT_CSV_BASE_PRICE_COLUMN]);
  const regionPrices = new Map<string, number | null>();
  for (const region of header.regionColumns) {
    const text = cell(region.column) ?? '';
    const amount = text === '' ? null : amountOf(text, region.currency);
    if (text !== '' && amount === null) return fail('product_import/invalid_price', [region.column]);
    regionPrices.set(region.countryCode, amount);
  }
  const stockText = cell(PRODUCT_CSV_STOCK_COLUMN) ?? '';
  const stock = /^\d{1,7}$/.test(stockText) ? Number(stockText) : Number.NaN;
  if (!(stock <= PRODUCT_MAX_STOCK)) return fail('product_import/invalid_stock');

  return {
    line: {
      line: number,
      key,
      name,
      categoryId,
      merchantSlug,
      enabled,
      options,
      priceMinor,
      regionPrices,
      stock,
    },
  };
}

const optionNames = (line: ProductLine) => line.options.map((option) => option.name).join(', ');
const pickOf = (line: ProductLine) => JSON.stringify(line.options.map((option) => option.value));

/**
 * What the lines of one product must agree on, whatever the catalogue holds: the product's own fields, the
 * kinds of option in one order, and each variant named once. Later lines are measured against the first.
 */
function productLineErrors(lines: readonly ProductLine[]): CsvLineError[] {
  const [first, ...rest] = lines;
  if (!first) return [];
  const errors: CsvLineError[] = [];
  const seen = new Map([[pickOf(first), first.line]]);
  for (const line of rest) {
    const differing = (
      [
        ['name', line.name !== first.name],
        ['category', line.categoryId !== first.categoryId],
        ['merchant', line.merchantSlug !== first.merchantSlug],
        ['enabled', line.enabled !== first.enabled],
      ] as const
    ).find(([, differs]) => differs);
    if (differing) {
      errors.push(lineError(line.line, 'product_import/differs_from_first_line', [differing[0], first.line]));
    } else if (optionNames(line) !== optionNames(first)) {
      errors.push(lineError(line.line, 'product_import/options_differ', [optionNames(first) || 'none']));
    } else if (seen.has(pickOf(line))) {
      errors.push(lineError(line.line, 'product_import/duplicate_variant', [seen.get(pickOf(line)) ?? 0]));
    } else {
      seen.set(pickOf(line), line.line);
    }
  }
  return errors;
}

/**
 * Reads a product file: a header line naming its columns (any order; `enabled`, the option pairs and the
 * region price columns may be left out), then one line per product or variant. Each line is parsed on its
 * own, so every wrong line is reported with its number, and a cell the export guarded against spreadsheet
 * formulas reads back as written. `regionCurrencies`: each region's currency, which its column must name.
 */
export function readProductFile(
  text: string,
  regionCurrencies: ReadonlyMap<string, CurrencyCode>,
): ProductFileReading {
  const lines = csvLines(text);
  if (lines.length > PRODUCT_CSV_MAX_LINES) throw limitError('product_import/too_many_lines');
  const [headerLine, ...dataLines] = lines;
  if (!headerLine || dataLines.length === 0) throw new AppError('product_import/empty');
  const header = readHeader(cellsOf(headerLine.content), regionCurrencies);
  if ('error' in header)
    return { lines: [], regionColumns: [], errors: [{ ...header.error, line: headerLine.number }] };

  const errors: CsvLineError[] = [];
  const byKey = new Map<string, ProductLine[]>();
  for (const { number, content } of dataLines) {
    const read = readLine(number, content, header);
    if ('error' in read) {
      errors.push(read.error);
      continue;
    }
    const group = byKey.get(read.line.key);
    if (group) group.push(read.line);
    else byKey.set(read.line.key, [read.line]);
  }
  for (const group of byKey.values()) errors.push(...productLineErrors(group));
  const wrong = new Set(errors.map((error) => error.line));
  return {
    lines: [...byKey.values()].flat().filter((line) => !wrong.has(line.line)),
    regionColumns: header.regionColumns,
    errors: errors.sort((a, b) => a.line - b.line),
  };
}
