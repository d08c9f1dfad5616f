/** A chosen CSV file's text, or the sentence saying why it was not read. */
export type CsvFileReading = { ok: true; text: string } | { ok: false; error: string };

/**
 * Reads a CSV file an import screen was given (exchange rates, products). A file that cannot be within
 * `maxCharacters` is refused before it is read: characters take one to four bytes, so a file beyond four
 * bytes a character is too large whatever it holds. The server counts the characters of what is sent.
 */
export async function readCsvFile(file: File, maxCharacters: number): Promise<CsvFileReading> {
  if (file.size > maxCharacters * 4) {
    return {
      ok: false,
      error: `The file is too large; import at most ${maxCharacters} characters at a time`,
    };
  }
  return { ok: true, text: await file.text() };
}
