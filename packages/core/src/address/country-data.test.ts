import { describe, expect, it } from 'vitest';
import {
  countryList,
  findState,
  getCountryAddressData,
  isCountryCode,
  isValidPostalCode,
  stateOptions,
} from './country-data.js';

describe('isCountryCode', () => {
  it('knows upper-case alpha-2 codes of the dataset only', () => {
    expect(isCountryCode('SG')).toBe(true);
    expect(isCountryCode('AC')).toBe(true);
    expect(isCountryCode('XK')).toBe(true);
    expect(isCountryCode('sg')).toBe(false);
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('')).toBe(false);
  });
});

describe('getCountryAddressData', () => {
  it('returns the entry or undefined', () => {
    expect(getCountryAddressData('MY')?.displayValue).toBe('Malaysia');
    expect(getCountryAddressData('QQ')).toBeUndefined();
  });
});

describe('isValidPostalCode', () => {
  const cases: [country: string, valid: string[], invalid: string[]][] = [
    ['AU', ['2000', '0800'], ['200', '20000', 'ABCD']],
    ['CA', ['K1A 0B1', 'K1A0B1', 'k1a 0b1'], ['K1A-0B1', '123 456', 'K1A 0B']],
    ['NL', ['1234 AB', '1234AB'], ['1234', '0123 AB', '1234 ABC']],
    ['LV', ['LV-1010', 'lv-1010'], ['1010', 'LV1010', 'LV-101']],
    ['JP', ['154-0023', '1540023'], ['154 0023', '15400233', '154-002']],
    ['US', ['95014', '22162-1010', '22162 1010'], ['9501', '950141', '22162-101']],
    ['TW', ['10603', '106030'], ['106', '1060', '1060301']],
    ['GB', ['SW1A 1AA', 'sw1a1aa', 'EC1Y 8SY', 'GIR 0AA', 'BFPO 12'], ['XXBFPO 12', 'SW1A 1AA X', 'QQ1 1AA']],
    ['SH', ['STHL 1ZZ', 'ASCN 1ZZ'], ['STHL1ZZ', 'FIQQ 1ZZ']],
    ['FK', ['FIQQ 1ZZ', 'fiqq 1zz'], ['STHL 1ZZ']],
    ['SG', ['048616'], ['48616', '0486161']],
    ['MY', ['50450'], ['5045', '504500']],
    ['BR', ['40301-110', '40301110'], ['40301 110', '4030-1110']],
    ['PL', ['00-950'], ['00950', '009-50']],
    ['PT', ['1000-001'], ['1000001', '1000-01']],
    ['FR', ['75008', '75 008'], ['7500', '750 08']],
    ['DE', ['10115'], ['1011']],
    ['RU', ['101000'], ['10100']],
  ];

  it.each(cases)('%s accepts %j and refuses %j', (country, valid, invalid) => {
    for (const code of valid) expect(`${code}: ${isValidPostalCode(country, code)}`).toBe(`${code}: true`);
    for (const code of invalid) expect(`${code}: ${isValidPostalCode(country, code)}`).toBe(`${code}: false`);
  });

  it('ignores surrounding spaces', () => {
    expect(isValidPostalCode('SG', '  048616 ')).toBe(true);
  });

  // A naive '^' + pattern + '$' would bind the anchors to the first and last alternatives only.
  it('anchors patterns with alternation as a whole', () => {
    expect(isValidPostalCode('GB', 'XXBFPO 12')).toBe(false);
    expect(isValidPostalCode('GB', 'GIR 0AAXX')).toBe(false);
    expect(isValidPostalCode('PE', 'LIMA 12')).toBe(true);
    expect(isValidPostalCode('PE', 'LIMA 12X')).toBe(false);
    expect(isValidPostalCode('CR', '1000')).toBe(true);
    expect(isValidPostalCode('CR', '1000-1234')).toBe(false);
  });

  it('accepts anything where the country has no pattern, and nothing for an unknown country', () => {
    expect(isValidPostalCode('HK', 'whatever')).toBe(true);
    expect(isValidPostalCode('ZZ', '12345')).toBe(false);
  });
});

describe('countryList', () => {
  const list = countryList();
  const names = list.map((country) => country.name);
  const collator = new Intl.Collator('en', { sensitivity: 'base' });

  it('puts Singapore then Malaysia first', () => {
    expect(list.slice(0, 2)).toEqual([
      { code: 'SG', name: 'Singapore' },
      { code: 'MY', name: 'Malaysia' },
    ]);
  });

  it('sorts the rest by name ignoring accents', () => {
    const rest = names.slice(2);
    expect(rest).toEqual([...rest].sort(collator.compare));
    expect(rest.indexOf('Åland Islands')).toBe(rest.indexOf('Afghanistan') + 1);
    expect(rest.indexOf('Albania')).toBe(rest.indexOf('Åland Islands') + 1);
    expect(rest.indexOf("Côte d'Ivoire")).toBeGreaterThan(rest.indexOf('Costa Rica'));
    expect(rest.indexOf("Côte d'Ivoire")).toBeLessThan(rest.indexOf('Croatia'));
    expect(rest).not.toContain('Singapore');
  });

  it('lists every country once, with names for AC and TA', () => {
    expect(new Set(list.map((country) => country.code)).size).toBe(list.length);
    expect(list).toContainEqual({ code: 'AC', name: 'Ascension Island' });
    expect(list).toContainEqual({ code: 'TA', name: 'Tristan da Cunha' });
  });
});

describe('findState', () => {
  it('matches a code or a name, ignoring case and accents', () => {
    expect(findState('US', 'CA')?.stateValue).toBe('CA');
    expect(findState('US', 'ca')?.stateValue).toBe('CA');
    expect(findState('US', ' California ')?.stateValue).toBe('CA');
    expect(findState('US', 'CALIFORNIA')?.stateValue).toBe('CA');
    expect(findState('ES', 'alava')?.displayValue).toBe('Álava');
    expect(findState('JP', 'tokyo')?.stateValue).toBe('13');
    expect(findState('HK', 'kowloon')?.stateValue).toBe('Kowloon');
  });

  it('prefers a code over a name', () => {
    expect(findState('US', 'AS')?.displayValue).toBe('American Samoa');
  });

  it('finds nothing for unknown input, an empty string or a country without a list', () => {
    expect(findState('US', 'Narnia')).toBeUndefined();
    expect(findState('US', '  ')).toBeUndefined();
    expect(findState('SG', 'Central')).toBeUndefined();
    expect(findState('ZZ', 'CA')).toBeUndefined();
  });
});

describe('stateOptions', () => {
  it('lists states by name', () => {
    const names = stateOptions('JP').map((state) => state.displayValue);
    expect(names).toHaveLength(47);
    expect(names[0]).toBe('Aichi');
    expect(stateOptions('SG')).toEqual([]);
  });
});
