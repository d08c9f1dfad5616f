import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

// The store's CSV files, in and out: csv-parse reads a line's cells and csv-stringify writes them (RFC 4180
// quoting), so the two halves of a round trip agree on what a quote, comma or line end inside a cell means.

/**
 * One non-blank record of an uploaded file: the number of its first line as an editor shows it (the first
 * line is 1), and its text, which holds the line ends of a quoted cell that spans lines.
 */
export type CsvLine = { number: number; content: string };

/**
 * The longest record a quoted line end may make of several lines. Past it the first line stands alone,
 * so a stray quote costs at most this much reading before the lines after it are read on their own.
 */
export const CSV_RECORD_MAX_CHARACTERS = 4_000;

/**
 * The non-blank records of an uploaded file, a byte-order mark and any line end (CRLF, LF, CR) taken. Each
 * record is parsed on its own afterwards (see {@link cellsOf}), so one stray quote cannot swallow the lines
 * after it and every wrong record can be reported by its line's number. A line that ends inside a quoted
 * cell (a name with a line break, as csvRecords writes it) runs on to the line that closes the quote, when
 * the lines together are one record of CSV; otherwise it stays a line of its own, to be refused.
 */
export function csvLines(text: string): CsvLine[] {
  // Split with the line ends kept (at the odd places), so a cell spanning lines reads back as written.
  const parts = text.replace(/^\uFEFF/, '').split(/(\r\n|\n|\r)/);
  const lines: CsvLine[] = [];
  for (let start = 0; start < parts.length; ) {
    const first = parts[start] ?? '';
    let content = first;
    let next = start + 2;
    let openQuote = quotesAreOpen(first);
    while (openQuote && next < parts.length && content.length <= CSV_RECORD_MAX_CHARACTERS) {
      const line = parts[next] ?? '';
      content += (parts[next - 1] ?? '') + line;
      if (quotesAreOpen(line)) openQuote = false;
      next += 2;
    }
    const runsOn = next > start + 2 && !openQuote && cellsOf(content) !== null;
    lines.push({ number: start / 2 + 1, content: runsOn ? content : first });
    start = runsOn ? next : start + 2;
  }
  return lines.filter((line) => line.content.trim() !== '');
}

/** Whether a quote is left open at the end of `text`: an odd number of quotes (a doubled one counts two). */
export function quotesAreOpen(text: string): boolean {
  let open = false;
  for (const character of text) if (character === '"') open = !open;
  return open;
}

/** One record's cells, trimmed, or null when it is not CSV (a stray quote, a second record). */
export function cellsOf(line: string): string[] | null {
  try {
    const records = parse(line, { trim: true, relax_column_count: true }) as string[][];
    return records.length === 1 ? (records[0] ?? null) : null;
  } catch (error) {
    if (error instanceof CsvError) return null;
    throw error;
  }
}

/**
 * What a spreadsheet reads as a formula when a cell starts with it (OWASP's CSV injection list): '=', '+',
 * '-', '@', and the tab and carriage return some spreadsheets skip before looking.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A guarded cell: a text that starts a formula once its leading apostrophes are taken away. */
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * A text cell made safe to open in a spreadsheet: one that would start a formula is prefixed with an
 * apostrophe, which spreadsheets show as text and do not run. A shopper's name '=HYPERLINK(...)' stays a name.
 */
export function guardCell(text: string): string {
  // A text that already starts with apostrophes before a formula gets one more, so reading it back is exact.
  return FORMULA_START.test(text) || GUARDED.test(text) ? `'${text}` : text;
}

/** The text a guarded cell stood for: a file exported by the store reads back as it was written. */
export function unguardCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

/** A cell as the store writes it: text is guarded, numbers are written as they are, null is empty. */
export type CsvCell = string | number | null;

/** CSV records, each ending CRLF as RFC 4180 writes them, with every text cell guarded. */
export function csvRecords(records: readonly (readonly CsvCell[])[]): string {
  return stringify(
    records.map((record) =>
      record.map((cell) => (cell === null ? '' : typeof cell === 'number' ? String(cell) : guardCell(cell))),
    ),
    // csv-stringify quotes a cell holding the record delimiter (CRLF) but not a lone LF or CR, which a
    // spreadsheet would still read as a line end.
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}
