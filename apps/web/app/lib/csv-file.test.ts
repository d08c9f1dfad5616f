import { describe, expect, it } from 'vitest';
import { readCsvFile } from './csv-file';

const fileOf = (text: string) => new File([text], 'rates.csv', { type: 'text/csv' });

describe('readCsvFile', () => {
  it('reads a file that can be within the limit, whatever its characters', async () => {
    expect(await readCsvFile(fileOf('a,b\r\n1,2'), 10)).toEqual({ ok: true, text: 'a,b\r\n1,2' });
    // Twelve bytes, three characters of four bytes each: within a limit of three characters.
    expect(await readCsvFile(fileOf('😀😀😀'), 3)).toEqual({ ok: true, text: '😀😀😀' });
  });

  it('refuses, unread, a file larger than four bytes a character, saying the limit', async () => {
    const file = fileOf('x'.repeat(13));
    let read = false;
    file.text = async () => {
      read = true;
      return '';
    };
    expect(await readCsvFile(file, 3)).toEqual({
      ok: false,
      error: 'The file is too large; import at most 3 characters at a time',
    });
    expect(read).toBe(false);
  });
});
