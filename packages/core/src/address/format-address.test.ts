import { describe, expect, it } from 'vitest';
import { addressSchema } from './address-schema.js';
import { addressDisplayFields, formatAddressLines } from './format-address.js';

describe('formatAddressLines', () => {
  it('prints a Singapore address with its town line and no country line', () => {
    const address = addressSchema.parse({
      fullName: 'Tan Ah Kow',
      phoneNumber: '8123 4567',
      address: '1 Raffles Place',
      unitNumber: '#10-01',
      postalCode: '048616',
      country: 'SG',
    });
    expect(formatAddressLines(address, address.country)).toEqual([
      'Tan Ah Kow',
      '1 Raffles Place',
      '#10-01',
      'SINGAPORE 048616',
      '+65 8123 4567',
    ]);
  });

  it('prints a US address with the state name and the country', () => {
    const address = {
      fullName: 'Jane Doe',
      phoneNumber: '+16502530000',
      address: '1600 Amphitheatre Parkway',
      postalCode: '94043',
      state: 'CA',
      city: 'Mountain View',
    };
    expect(formatAddressLines(address, 'US')).toEqual([
      'Jane Doe',
      '1600 Amphitheatre Parkway',
      'Mountain View, California 94043',
      'United States',
      '+1 650 253 0000',
    ]);
  });

  it('drops separators next to an empty field and lines with nothing in them', () => {
    const springfield = {
      fullName: 'Jane Doe',
      address: '1 Main St',
      city: 'Springfield',
      postalCode: '12345',
    };
    expect(formatAddressLines(springfield, 'US')).toEqual([
      'Jane Doe',
      '1 Main St',
      'Springfield, 12345',
      'United States',
    ]);
    expect(formatAddressLines({ ...springfield, city: null, state: 'CA' }, 'US')).toContain(
      'California 12345',
    );
    expect(
      formatAddressLines({ address: '1-1 Marunouchi', state: '13', postalCode: '100-0005' }, 'JP'),
    ).toEqual(['1-1 Marunouchi', 'Tokyo', '100-0005', 'Japan']);
    expect(
      formatAddressLines({ address: 'Rua A, 10', city: 'Salvador', postalCode: '40301-110' }, 'BR'),
    ).toEqual(['Rua A, 10', 'Salvador', '40301-110', 'Brazil']);
  });

  it('keeps a postal prefix', () => {
    expect(
      formatAddressLines({ address: 'Bahnhofstrasse 1', city: 'Zürich', postalCode: '8001' }, 'CH'),
    ).toEqual(['Bahnhofstrasse 1', 'CH-8001 Zürich', 'Switzerland']);
  });

  it('still prints an address whose country the data does not know', () => {
    expect(formatAddressLines({ fullName: 'A B', address: 'Street 1', city: 'Town' }, 'QQ')).toEqual([
      'A B',
      'Street 1',
      'Town',
      'QQ',
    ]);
  });
});

describe('addressDisplayFields', () => {
  it('follows the order of spec section 3', () => {
    expect(addressDisplayFields).toEqual([
      'fullName',
      'address',
      'unitNumber',
      'city',
      'country',
      'phoneNumber',
      'postalCode',
      'state',
    ]);
  });
});
