import type { CurrencyCode } from '@crossbuy/core/money';
import { describe, expect, it } from 'vitest';
import { readProductFile } from './product-file.js';

const REGIONS = new Map<string, CurrencyCode>([
  ['SG', 'SGD'],
  ['MY', 'MYR'],
  ['JP', 'JPY'],
]);
const HEADER =
  'product,name,category,merchant,enabled,option_1,value_1,option_2,value_2,price_SGD,price_MY_MYR,price_JP_JPY,stock';

const read = (text: string) => readProductFile(text, REGIONS);
const errorsOf = (text: string) => {
  const reading = read(text);
  return reading.errors.map((error) => [error.line, error.code, error.message]);
};

describe('readProductFile', () => {
  it('reads a line per product or variant, prices exact in their currencies, guarded cells as written', () => {
    const reading = read(
      `\uFEFF${HEADER}\r\n` +
        "earbuds,'=Earbuds,audio,tokyo-audio,yes,,,,,19.90,52.5,2300,12\r\n" +
        'tee,"Tee, cotton",shoes,basics,NO,Colour,Black,Size,M,12,,1200,0\r\n' +
        'tee,"Tee, cotton",shoes,basics,no,Colour,Black,Size,L,12.5,40.00,,3\r\n',
    );
    expect(reading.errors).toEqual([]);
    expect(reading.regionColumns.map((region) => region.column)).toEqual(['price_MY_MYR', 'price_JP_JPY']);
    expect(reading.lines[0]).toEqual({
      line: 2,
      key: 'earbuds',
      name: '=Earbuds',
      categoryId: 'audio',
      merchantSlug: 'tokyo-audio',
      enabled: true,
      options: [],
      priceMinor: 1990,
      regionPrices: new Map([
        ['MY', 5250],
        ['JP', 2300],
      ]),
      stock: 12,
    });
    expect(reading.lines[2]).toMatchObject({
      enabled: false,
      options: [
        { name: 'Colour', value: 'Black' },
        { name: 'Size', value: 'L' },
      ],
      priceMinor: 1250,
      regionPrices: new Map([
        ['MY', 4000],
        ['JP', null],
      ]),
    });
  });

  it('takes the columns in any order and leaves out the optional ones', () => {
    const reading = read('stock,price_SGD,merchant,category,name,product\n4,1,m,c,Cap,cap\n');
    expect(reading.lines[0]).toMatchObject({
      key: 'cap',
      enabled: undefined,
      stock: 4,
      priceMinor: 100,
    });
  });

  it('names every wrong line and why, so one upload shows every fix', () => {
    const lines = [
      HEADER,
      'Bad Key,Name,audio,m,yes,,,,,1,,,1',
      'ok-1,,audio,m,yes,,,,,1,,,1',
      'ok-2,Name,audio,m,maybe,,,,,1,,,1',
      'ok-3,Name,audio,m,yes,Colour,,,,1,,,1',
      'ok-4,Name,audio,m,yes,,,Size,M,1,,,1',
      'ok-5,Name,audio,m,yes,,,,,1.999,,,1',
      'ok-6,Name,audio,m,yes,,,,,-1,,,1',
      'ok-7,Name,audio,m,yes,,,,,1,,12.5,1',
      'ok-8,Name,audio,m,yes,,,,,1,,,1.5',
      'ok-9,Name,audio,m,yes,,,,,1,,,1,extra',
      'ok-10,"Name,audio,m,yes,,,,,1,,,1',
      'ok-11,Name,audio,m,yes,,,,,1,,,2000000',
      'ok-12,Name,audio,m,yes,,,,,1,,,1',
    ];
    expect(errorsOf(lines.join('\n')).map(([line, code]) => [line, code])).toEqual([
      [2, 'product_import/invalid_key'],
      [3, 'product_import/invalid_name'],
      [4, 'product_import/invalid_enabled'],
      [5, 'product_import/invalid_option'],
      [6, 'product_import/invalid_option'],
      [7, 'product_import/invalid_price'],
      [8, 'product_import/invalid_price'],
      [9, 'product_import/invalid_price'],
      [10, 'product_import/invalid_stock'],
      [11, 'product_import/malformed_line'],
      // A quote that no later line closes: named as such, and the lines after it are still read.
      [12, 'product_import/unclosed_quote'],
      [13, 'product_import/invalid_stock'],
    ]);
    expect(errorsOf(`${HEADER}\nx,Name,audio,m,yes,,,,,1,,12.5,1`)[0]?.[2]).toBe(
      'The price_JP_JPY column must be an amount such as 12.50, with at most the decimals its currency has',
    );
  });

  it('holds the lines of one product to its first line', () => {
    const lines = [
      HEADER,
      'tee,Tee,shoes,m,yes,Colour,Black,Size,M,1,,,1',
      'tee,Tea,shoes,m,yes,Colour,Black,Size,L,1,,,1',
      'tee,Tee,shoes,m,yes,Size,L,Colour,Black,1,,,1',
      'tee,Tee,shoes,m,yes,Colour,Black,Size,M,2,,,1',
      'cap,Cap,shoes,m,yes,,,,,1,,,1',
      'cap,Cap,shoes,m,yes,,,,,2,,,1',
    ];
    expect(errorsOf(lines.join('\n'))).toEqual([
      [
        3,
        'product_import/differs_from_first_line',
        'The name differs from line 2, which names the same product',
      ],
      [4, 'product_import/options_differ', expect.stringContaining('Colour, Size')],
      [5, 'product_import/duplicate_variant', 'This variant is already on line 2'],
      [7, 'product_import/duplicate_variant', 'This variant is already on line 6'],
    ]);
  });

  it('refuses a header it cannot read, on its line', () => {
    expect(errorsOf('product,name,category,merchant,price_SGD\nx,X,c,m,1').map(([, code]) => code)).toEqual([
      'product_import/missing_column',
    ]);
    expect(errorsOf(`${HEADER},colour\nx`).map(([, code]) => code)).toEqual([
      'product_import/unknown_column',
    ]);
    expect(errorsOf(`${HEADER},price_GB_GBP\nx`).map(([, code]) => code)).toEqual([
      'product_import/unknown_region',
    ]);
    expect(errorsOf(`${HEADER.replace('price_MY_MYR', 'price_MY_SGD')}\nx`).map(([, code]) => code)).toEqual([
      'product_import/unknown_region',
    ]);
    expect(errorsOf(`${HEADER},stock\nx`).map(([, code]) => code)).toEqual([
      'product_import/duplicate_column',
    ]);
    expect(errorsOf(`\n\n${HEADER.replace(',option_2', '')}\nx`)).toEqual([
      [3, 'product_import/missing_column', 'The header line has no option_2 column'],
    ]);
  });

  it('refuses an empty file and one with more lines than an import takes', () => {
    expect(() => read(`${HEADER}\n`)).toThrow(expect.objectContaining({ code: 'product_import/empty' }));
    expect(() => read('')).toThrow(expect.objectContaining({ code: 'product_import/empty' }));
    expect(() => read(`${HEADER}\n${'x\n'.repeat(5000)}`)).toThrow(
      expect.objectContaining({ code: 'product_import/too_many_lines', status: 413 }),
    );
  });
});
