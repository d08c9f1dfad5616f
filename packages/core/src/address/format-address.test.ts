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
  const phone = { phoneNumber: null };

  it('Japan: 〒postal code, prefecture and city or ward, then the street, the building, the name', () => {
    const address = {
      fullName: 'Yamada Taro',
      address: 'Marunouchi 1-1-1',
      unitNumber: 'Palace Building 5F',
      city: 'Chiyoda-ku',
      state: '13',
      postalCode: '100-0005',
      ...phone,
    };
    expect(formatAddressLines(address, 'JP')).toEqual([
      '〒100-0005',
      'Tokyo Chiyoda-ku',
      'Marunouchi 1-1-1',
      'Palace Building 5F',
      'Yamada Taro',
      'Japan',
    ]);
    expect(formatAddressLines({ ...address, address: '丸の内1-1-1', city: '千代田区' }, 'JP')).toContain(
      'Tokyo 千代田区',
    );
  });

  it('South Korea: province and city, the road address, the detail, the name, then the postal code', () => {
    const address = {
      fullName: 'Kim Minji',
      address: '209 Sejong-daero',
      unitNumber: '3F',
      city: 'Jongno-gu',
      state: '11',
      postalCode: '03172',
    };
    expect(formatAddressLines(address, 'KR')).toEqual([
      'Seoul Jongno-gu',
      '209 Sejong-daero',
      '3F',
      'Kim Minji',
      '03172',
      'South Korea',
    ]);
  });

  it('China: the postal code, province and city, then the street, the name', () => {
    const address = {
      fullName: 'Wang Fang',
      address: 'Futian District, 5001 Shennan Boulevard',
      unitNumber: 'Room 1203',
      city: 'Shenzhen',
      state: '44',
      postalCode: '518048',
    };
    expect(formatAddressLines(address, 'CN')).toEqual([
      '518048',
      'Guangdong Sheng Shenzhen',
      'Futian District, 5001 Shennan Boulevard',
      'Room 1203',
      'Wang Fang',
      'China',
    ]);
  });

  it('Taiwan: the postal code, city or county and district, then the road, the name', () => {
    const address = {
      fullName: 'Chen Mei-ling',
      address: 'No. 7, Section 5, Xinyi Road',
      unitNumber: '89F',
      city: 'Xinyi District',
      state: 'TPE',
      postalCode: '11049',
    };
    expect(formatAddressLines(address, 'TW')).toEqual([
      '11049',
      'Taipei City Xinyi District',
      'No. 7, Section 5, Xinyi Road',
      '89F',
      'Chen Mei-ling',
      'Taiwan',
    ]);
  });

  it('Hong Kong: the area and the district first, no postal code', () => {
    const address = {
      fullName: 'Chan Tai Man',
      address: '1 Austin Road West, International Commerce Centre',
      unitNumber: 'Flat A, 20/F',
      city: 'Tsim Sha Tsui',
      state: 'Kowloon',
      postalCode: null,
    };
    expect(formatAddressLines(address, 'HK')).toEqual([
      'Kowloon',
      'Tsim Sha Tsui',
      '1 Austin Road West, International Commerce Centre',
      'Flat A, 20/F',
      'Chan Tai Man',
      'Hong Kong',
    ]);
  });

  it('United Kingdom: the post town in capitals, then the postcode on a line of its own', () => {
    const address = {
      fullName: 'Jane Smith',
      address: '10 Downing Street',
      unitNumber: null,
      city: 'London',
      postalCode: 'sw1a 2aa',
      phoneNumber: '+442079250918',
    };
    expect(formatAddressLines(address, 'GB')).toEqual([
      'Jane Smith',
      '10 Downing Street',
      'LONDON',
      'SW1A 2AA',
      'United Kingdom',
      '+44 20 7925 0918',
    ]);
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
