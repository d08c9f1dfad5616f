import { describe, expect, it } from 'vitest';
import { readRateFile } from './exchange-rates.service.js';

const codesOf = (text: string) => {
  const reading = readRateFile(text);
  return reading.ok ? [] : reading.errors.map((error) => [error.line, error.code]);
};

describe('readRateFile', () => {
  it('reads one currency and rate per line, the rates as exact text', () => {
    const reading = readRateFile('currency,rate\nMYR,3.4875\njpy,112.350\n');
    expect(reading).toEqual({
      ok: true,
      rates: new Map([
        ['MYR', '3.4875'],
        ['JPY', '112.35'],
      ]),
    });
  });

  it('takes a byte-order mark, CRLF and CR line ends, blank lines, spaces and quoted fields', () => {
    const reading = readRateFile('\uFEFF"currency","rate"\r\n\r\n "KRW" , "1024.5"\rUSD,0.7412\r\n');
    expect(reading.ok && [...reading.rates]).toEqual([
      ['KRW', '1024.5'],
      ['USD', '0.7412'],
    ]);
  });

  it('reports every wrong line by the number an editor shows, a stray quote hiding none after it', () => {
    expect(codesOf('MYR,3.5\n"JPY,100\n\nGBP\nGBP,0.5,1\nEUR,1\nSGD,1\nGBP,x\nMYR,3.6')).toEqual([
      [2, 'settings/csv_malformed_line'],
      [4, 'settings/csv_malformed_line'],
      [5, 'settings/csv_malformed_line'],
      [6, 'settings/unknown_currency'],
      [7, 'settings/base_currency_rate'],
      [8, 'settings/invalid_exchange_rate'],
      [9, 'settings/csv_duplicate_currency'],
    ]);
  });

  it('refuses a file without rates and one with more lines than any rate file needs', () => {
    expect(() => readRateFile('currency,rate\n')).toThrow(
      expect.objectContaining({ code: 'settings/csv_empty' }),
    );
    expect(() => readRateFile('MYR,1\n'.repeat(101))).toThrow(
      expect.objectContaining({ code: 'settings/csv_too_many_lines' }),
    );
  });
});
