import { describe, expect, it } from 'vitest';
import { addressSchema } from './address-schema.js';
import { addressDisplayFields, formatAddressLines, formatPhoneNumber } from './format-address.js';

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
    ).toEqual(['〒100-0005', 'Tokyo', '1-1 Marunouchi', 'Japan']);
    expect(formatAddressLines({ address: '1-1 Marunouchi', city: 'Chiyoda-ku' }, 'JP')).toEqual([
      'Chiyoda-ku',
      '1-1 Marunouchi',
      'Japan',
    ]);
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

describe('formatAddressLines as a letter to each country is addressed', () => {
  it.each([
    [
      'Japan: 〒postal code, prefecture and city or ward, then the street, the building, the name',
      'JP',
      ['Yamada Taro', 'Marunouchi 1-1-1', 'Palace Building 5F', 'Chiyoda-ku', '13', '100-0005'],
      ['〒100-0005', 'Tokyo Chiyoda-ku', 'Marunouchi 1-1-1', 'Palace Building 5F', 'Yamada Taro', 'Japan'],
    ],
    [
      'South Korea: province and city, the road address, the detail, the name, then the postal code',
      'KR',
      ['Kim Minji', '209 Sejong-daero', '3F', 'Jongno-gu', '11', '03172'],
      ['Seoul Jongno-gu', '209 Sejong-daero', '3F', 'Kim Minji', '03172', 'South Korea'],
    ],
    [
      'China: the postal code, province and city, then the street, the name',
      'CN',
      ['Wang Fang', 'Futian District, 5001 Shennan Boulevard', 'Room 1203', 'Shenzhen', '44', '518048'],
      [
        '518048',
        'Guangdong Sheng Shenzhen',
        'Futian District, 5001 Shennan Boulevard',
        'Room 1203',
        'Wang Fang',
        'China',
      ],
    ],
    [
      'Taiwan: the postal code, city or county and district, then the road, the name',
      'TW',
      ['Chen Mei-ling', 'No. 7, Section 5, Xinyi Road', '89F', 'Xinyi District', 'TPE', '11049'],
      [
        '11049',
        'Taipei City Xinyi District',
        'No. 7, Section 5, Xinyi Road',
        '89F',
        'Chen Mei-ling',
        'Taiwan',
      ],
    ],
    [
      'Hong Kong: the area and the district first, no postal code',
      'HK',
      ['Chan Tai Man', '1 Austin Road West', 'Flat A, 20/F', 'Tsim Sha Tsui', 'Kowloon', null],
      ['Kowloon', 'Tsim Sha Tsui', '1 Austin Road West', 'Flat A, 20/F', 'Chan Tai Man', 'Hong Kong'],
    ],
    [
      'United Kingdom: the post town in capitals, then the postcode on a line of its own',
      'GB',
      ['Jane Smith', '10 Downing Street', null, 'London', null, 'sw1a 2aa'],
      ['Jane Smith', '10 Downing Street', 'LONDON', 'SW1A 2AA', 'United Kingdom'],
    ],
  ] as const)('%s', (_title, country, [fullName, address, unitNumber, city, state, postalCode], letter) => {
    expect(formatAddressLines({ fullName, address, unitNumber, city, state, postalCode }, country)).toEqual(
      letter,
    );
  });

  it('prints what the shopper wrote in Japanese script in the same order', () => {
    const address = { address: '丸の内1-1-1', city: '千代田区', state: '13', postalCode: '100-0005' };
    expect(formatAddressLines(address, 'JP')).toEqual([
      '〒100-0005',
      'Tokyo 千代田区',
      '丸の内1-1-1',
      'Japan',
    ]);
  });

  it('ends with the phone number in international form', () => {
    expect(
      formatAddressLines({ address: '10 Downing Street', phoneNumber: '+442079250918' }, 'GB').at(-1),
    ).toBe('+44 20 7925 0918');
  });

  it('leaves the name out for a card that shows it as its heading, wherever the format puts it', () => {
    const japan = { fullName: 'Yamada Taro', address: 'Marunouchi 1-1-1', city: 'Chiyoda-ku', state: '13' };
    expect(formatAddressLines(japan, 'JP', { withName: false })).not.toContain('Yamada Taro');
    const britain = { fullName: 'Jane Smith', address: '10 Downing Street', city: 'London' };
    expect(formatAddressLines(britain, 'GB', { withName: false })[0]).toBe('10 Downing Street');
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

describe('formatPhoneNumber', () => {
  it('groups a stored number as its country writes it, with the country code', () => {
    expect(formatPhoneNumber('+6591234567')).toBe('+65 9123 4567');
    expect(formatPhoneNumber('+819012345678')).toBe('+81 90 1234 5678');
  });

  it('shows a value that is not a phone number as it was stored', () => {
    expect(formatPhoneNumber('call the front desk')).toBe('call the front desk');
  });
});
