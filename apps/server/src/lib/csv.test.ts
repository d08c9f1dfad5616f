import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellsOf, csvLines, csvRecords, guardCell, unguardCell } from './csv.js';

describe('csvRecords', () => {
  it('writes a header and records with CRLF line ends, quoting only what needs quoting', () => {
    expect(
      csvRecords([
        ['name', 'note'],
        ['Mei Tan', 'plain'],
        ['Doe, Jane', 'said "hi"'],
        ['two\nlines', null],
        [12, 'x'],
      ]),
    ).toBe('name,note\r\nMei Tan,plain\r\n"Doe, Jane","said ""hi"""\r\n"two\nlines",\r\n12,x\r\n');
  });

  it('keeps a cell that would start a formula from running: = + - @ tab and carriage return', () => {
    expect(csvRecords([['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', 'a=b', '1-2']])).toBe(
      `'=1+1,'+SUM(A1),'-2,'@cmd,'\tx,a=b,1-2\r\n`,
    );
    expect(csvRecords([['=HYPERLINK("http://evil.example","x")']])).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"\r\n`,
    );
  });

  it('writes numbers as they are: only text is guarded', () => {
    expect(csvRecords([[-5, 0, 'ok']])).toBe('-5,0,ok\r\n');
  });

  it('reads back what it wrote, guarded cells included, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc
              .string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', '=', "'", '-', ' ', 'é') })
              .filter((text) => text.trim() === text),
            {
              minLength: 1,
              maxLength: 5,
            },
          ),
          { minLength: 1, maxLength: 5 },
        ),
        (records) => {
          const width = records[0]?.length ?? 1;
          const rows = records.map((record) =>
            Array.from({ length: width }, (_, index) => record[index] ?? ''),
          );
          const read = (parse(csvRecords(rows), { relax_column_count: true }) as string[][]).map((row) =>
            row.map(unguardCell),
          );
          expect(read).toEqual(rows);
        },
      ),
    );
  });
});

describe('guardCell and unguardCell', () => {
  it('round-trip every text, and leave an apostrophe the guard did not add alone', () => {
    for (const text of ['=x', '-3', "'=x", "'hello", 'hello', '', "'"]) {
      expect(unguardCell(guardCell(text))).toBe(text);
    }
    expect(unguardCell("'hello")).toBe("'hello");
  });
});

describe('csvLines and cellsOf', () => {
  it('number lines as an editor does, skipping blank ones, after a byte-order mark and any line end', () => {
    expect(csvLines('\uFEFFa,b\r\n\r\nc,d\re,f\n  \ng,h')).toEqual([
      { number: 1, content: 'a,b' },
      { number: 3, content: 'c,d' },
      { number: 4, content: 'e,f' },
      { number: 6, content: 'g,h' },
    ]);
  });

  it('run a line that ends inside a quoted cell on to the line closing it, keeping its line ends', () => {
    const written = csvRecords([
      ['key', 'name'],
      ['tea-set', 'Tea set\nfor two'],
      ['mugs', 'Mugs\r\n\r\n"blue"\rand red'],
      ['cups', 'Cups'],
    ]);
    const lines = csvLines(written);
    expect(lines.map((line) => line.number)).toEqual([1, 2, 4, 8]);
    expect(lines.map((line) => cellsOf(line.content))).toEqual([
      ['key', 'name'],
      ['tea-set', 'Tea set\nfor two'],
      ['mugs', 'Mugs\r\n\r\n"blue"\rand red'],
      ['cups', 'Cups'],
    ]);
  });

  it('leave a stray quote on its own line, so the lines after it are read on their own', () => {
    expect(csvLines('a,b"c\nd,e\nf,"g\nh,i')).toEqual([
      { number: 1, content: 'a,b"c' },
      { number: 2, content: 'd,e' },
      { number: 3, content: 'f,"g' },
      { number: 4, content: 'h,i' },
    ]);
    // A quote never closed reads no further than CSV_RECORD_MAX_CHARACTERS.
    const long = ['x,"open', ...Array.from({ length: 3_000 }, (_, index) => `row,${index}`)].join('\n');
    expect(csvLines(long)).toHaveLength(3_001);
  });

  it('read one line’s cells, trimmed and unquoted, or null for a line that is not CSV', () => {
    expect(cellsOf(' a , "b, c" ,"say ""hi"""')).toEqual(['a', 'b, c', 'say "hi"']);
    expect(cellsOf('a,"b')).toBeNull();
    expect(cellsOf('a,b"c"d')).toBeNull();
  });
});
