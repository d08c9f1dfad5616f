import { describe, expect, it } from 'vitest';
import { addressFields } from './address-fields.js';

/** Each country-dependent field as 'label *' (required), 'label' (optional), or null (not asked). */
function asked(country: string) {
  const fields = addressFields(country);
  const show = ({ shown, required, label }: { shown: boolean; required: boolean; label: string }) =>
    shown ? `${label}${required ? ' *' : ''}` : null;
  return { city: show(fields.city), state: show(fields.state), postalCode: show(fields.postalCode) };
}

describe('addressFields', () => {
  it.each([
    ['JP', { city: 'City / ward *', state: 'Prefecture *', postalCode: 'Postal code *' }],
    [
      'KR',
      {
        city: 'City / county / district *',
        state: 'Province / metropolitan city *',
        postalCode: 'Postal code *',
      },
    ],
    ['CN', { city: 'City *', state: 'Province *', postalCode: 'Postal code *' }],
    ['TW', { city: 'District / township *', state: 'City / county *', postalCode: 'Postal code *' }],
    ['HK', { city: 'District', state: 'Area *', postalCode: null }],
    ['GB', { city: 'Post town *', state: null, postalCode: 'Postal code *' }],
    ['SG', { city: null, state: null, postalCode: 'Postal code *' }],
  ])('asks a %s address for what its postal service needs', (country, expected) => {
    expect(asked(country)).toEqual(expected);
  });

  it('offers the prefectures of Japan and the areas of Hong Kong to choose from', () => {
    expect(addressFields('JP').state.options).toHaveLength(47);
    expect(addressFields('HK').state.options.map((option) => option.label)).toEqual([
      'Hong Kong Island',
      'Kowloon',
      'New Territories',
    ]);
  });

  it('asks for the parts of an address in the order the country writes them', () => {
    expect(addressFields('JP').order).toEqual(['postalCode', 'state', 'city', 'address', 'unitNumber']);
    expect(addressFields('KR').order).toEqual(['state', 'city', 'address', 'unitNumber', 'postalCode']);
    expect(addressFields('HK').order).toEqual(['state', 'city', 'address', 'unitNumber', 'postalCode']);
    expect(addressFields('GB').order).toEqual(['address', 'unitNumber', 'city', 'postalCode', 'state']);
    expect(addressFields('US').order).toEqual(['address', 'unitNumber', 'city', 'state', 'postalCode']);
  });

  it('says what the street line holds where it differs', () => {
    expect(addressFields('JP').addressHint).toMatch(/Town, block and building number/);
    expect(addressFields('US').addressHint).toBe('Street, building and house number.');
  });

  it('falls back to Singapore for a country the data does not know', () => {
    expect(asked('QQ')).toEqual(asked('SG'));
  });
});
