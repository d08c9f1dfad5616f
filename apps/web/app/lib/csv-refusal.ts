import { ApiError } from '@crossbuy/core/errors';
import type { CsvLineError } from '@crossbuy/core/settings';

/** The wrong lines of a refused CSV import (exchange rates, products), each with its number and why. */
export function refusedLines(error: unknown): CsvLineError[] {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return [];
  const { lines } = error.body as { lines?: unknown };
  return Array.isArray(lines) ? (lines as CsvLineError[]) : [];
}
