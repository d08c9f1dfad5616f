import { AppError, type ErrorCode, formatErrorMessage, limitError } from '@crossbuy/core/errors';
import { type CurrencyCode, isCurrencyCode } from '@crossbuy/core/money';
import {
  type CsvLineError,
  EXCHANGE_RATE_CSV_MAX_LINES,
  type ExchangeRate,
  normalizeExchangeRate,
} from '@crossbuy/core/settings';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cellsOf, csvLines } from '../../lib/csv.js';
import { publishLive } from '../../plugins/live-bus.js';
import { recordAudit } from '../audit/audit.service.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { REGIONS_CHANGED_TOPIC } from '../regions/regions.service.js';
import { exchangeRates } from '../regions/regions.table.js';

type RateRow = typeof exchangeRates.$inferSelect;

function toExchangeRate(row: RateRow): ExchangeRate {
  return { currency: row.quoteCurrency, rate: row.rate, updatedAt: row.updatedAt.toISOString() };
}

/** Every rate from the base currency, by currency code. */
export async function listExchangeRates(db: Database): Promise<ExchangeRate[]> {
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.baseCurrency, BASE_CURRENCY))
    .orderBy(asc(exchangeRates.quoteCurrency));
  return rows.map(toExchangeRate);
}

export type RateChange = { currency: CurrencyCode; before: string | null; after: string };

/**
 * Writes rates in one transaction under the lock of every base-currency rate (read "before" there), audits
 * each rate that changed, and announces the change so catalogue prices follow at once. Quotes already given
 * keep their prices: they were fixed when given.
 */
async function writeRates(
  db: Database,
  actorUserId: string,
  rates: ReadonlyMap<CurrencyCode, string>,
  action: 'exchange_rate.set' | 'exchange_rate.import',
): Promise<RateChange[]> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(exchangeRates)
      .where(eq(exchangeRates.baseCurrency, BASE_CURRENCY))
      .orderBy(asc(exchangeRates.quoteCurrency))
      .for('update');
    const current = new Map(locked.map((row) => [row.quoteCurrency, row.rate]));
    const changes: RateChange[] = [];
    for (const [currency, rate] of rates) {
      const before = current.get(currency) ?? null;
      // numeric keeps what was written, so equal text is an equal rate; '1.50' was normalised to '1.5'.
      if (before !== null && normalizeExchangeRate(before) === rate) continue;
      await tx
        .insert(exchangeRates)
        .values({ baseCurrency: BASE_CURRENCY, quoteCurrency: currency, rate })
        .onConflictDoUpdate({
          target: [exchangeRates.baseCurrency, exchangeRates.quoteCurrency],
          set: { rate, updatedAt: sql`now()` },
        });
      await recordAudit(tx, {
        actorUserId,
        action,
        subject: { type: 'exchange_rate', id: currency },
        before: { baseCurrency: BASE_CURRENCY, rate: before },
        after: { baseCurrency: BASE_CURRENCY, rate },
      });
      changes.push({ currency, before, after: rate });
    }
    if (changes.length > 0) await publishLive(tx, REGIONS_CHANGED_TOPIC);
    return changes;
  });
}

function assertQuoteCurrency(currency: string): CurrencyCode {
  if (!isCurrencyCode(currency)) throw new AppError('settings/unknown_currency', [currency]);
  if (currency === BASE_CURRENCY) throw new AppError('settings/base_currency_rate', [BASE_CURRENCY]);
  return currency;
}

/** Sets one rate by hand; `rate` is already a normalised decimal string. */
export async function setExchangeRate(
  db: Database,
  actorUserId: string,
  currency: string,
  rate: string,
): Promise<ExchangeRate> {
  const code = assertQuoteCurrency(currency);
  await writeRates(db, actorUserId, new Map([[code, rate]]), 'exchange_rate.set');
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.baseCurrency, BASE_CURRENCY), eq(exchangeRates.quoteCurrency, code)));
  if (!row) throw new Error('a rate just written is not there');
  return toExchangeRate(row);
}

export type RateFileReading =
  | { ok: true; rates: Map<CurrencyCode, string> }
  | { ok: false; errors: CsvLineError[] };

const lineError = (line: number, code: ErrorCode, params: string[] = []): CsvLineError => ({
  line,
  code,
  message: formatErrorMessage(code, params),
});

/**
 * Reads a rate file: one `currency,rate` per line, units of the currency per one unit of the base currency,
 * with an optional `currency,rate` header; a byte-order mark, CRLF line ends, blank lines and quoted fields
 * are fine. Each line is parsed on its own, so one stray quote cannot hide the lines after it and every
 * wrong line is reported with its number: one upload shows all the fixes. Rates stay text from file to table.
 */
export function readRateFile(text: string): RateFileReading {
  const lines = csvLines(text);
  if (lines.length > EXCHANGE_RATE_CSV_MAX_LINES) throw limitError('settings/csv_too_many_lines');
  const [first] = lines;
  const rows = first && /^"?currency"?\s*,/i.test(first.content.trim()) ? lines.slice(1) : lines;
  if (rows.length === 0) throw new AppError('settings/csv_empty');

  const rates = new Map<CurrencyCode, string>();
  const errors: CsvLineError[] = [];
  for (const { number, content } of rows) {
    const cells = cellsOf(content);
    const [currencyCell = '', rateCell = ''] = cells ?? [];
    const currency = currencyCell.toUpperCase();
    if (cells?.length !== 2) {
      errors.push(lineError(number, 'settings/csv_malformed_line'));
    } else if (!isCurrencyCode(currency)) {
      errors.push(lineError(number, 'settings/unknown_currency', [currencyCell.slice(0, 10)]));
    } else if (currency === BASE_CURRENCY) {
      errors.push(lineError(number, 'settings/base_currency_rate', [BASE_CURRENCY]));
    } else if (rates.has(currency)) {
      errors.push(lineError(number, 'settings/csv_duplicate_currency', [currency]));
    } else {
      const rate = normalizeExchangeRate(rateCell);
      if (rate === null) errors.push(lineError(number, 'settings/invalid_exchange_rate'));
      else rates.set(currency, rate);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rates };
}

/** Imports every rate of a checked file, or none. */
export function importExchangeRates(
  db: Database,
  actorUserId: string,
  rates: ReadonlyMap<CurrencyCode, string>,
): Promise<RateChange[]> {
  return writeRates(db, actorUserId, rates, 'exchange_rate.import');
}
