import { describe, expect, it } from 'vitest';
import { appErrorFromZodIssues } from '../errors/index.js';
import { type AddressInput, addressSchema, addressUpdateSchema, validateAddress } from './address-schema.js';

const singapore: AddressInput = {
  fullName: '  Tan Ah Kow ',
  phoneNumber: '8123 4567',
  address: '1 Raffles Place',
  unitNumber: '#10-01',
  postalCode: '048616',
  main: true,
  country: 'SG',
};

const california: AddressInput = {
  fullName: 'Jane Doe',
  phoneNumber: '(650) 253-0000',
  address: '1600 Amphitheatre Parkway',
  postalCode: '94043',
  main: false,
  country: 'US',
  state: 'California',
  city: 'Mountain View',
};

function messages(input: unknown): Record<string, string> {
  const result = addressSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('addressSchema', () => {
  it('trims and normalises a valid address', () => {
    expect(addressSchema.parse(singapore)).toEqual({
      fullName: 'Tan Ah Kow',
      phoneNumber: '+6581234567',
      address: '1 Raffles Place',
      unitNumber: '#10-01',
      postalCode: '048616',
      main: true,
      country: 'SG',
    });
    expect(addressSchema.parse(california)).toMatchObject({ phoneNumber: '+16502530000', state: 'CA' });
  });

  it('gives the same result when a parsed address is parsed again', () => {
    const once = addressSchema.parse(california);
    expect(addressSchema.parse(once)).toEqual(once);
  });

  it('accepts a lower-case country code and stores it upper-case', () => {
    expect(addressSchema.parse({ ...singapore, country: 'sg' }).country).toBe('SG');
  });

  it('defaults main to false and refuses anything but a boolean', () => {
    const { main: _, ...withoutMain } = singapore;
    expect(addressSchema.parse(withoutMain).main).toBe(false);
    expect(messages({ ...singapore, main: 'yes' })).toEqual({ main: 'address/invalid_main' });
  });

  it('checks lengths with catalogue codes', () => {
    expect(messages({ ...singapore, fullName: '   ' })).toEqual({ fullName: 'address/invalid_full_name' });
    expect(messages({ ...singapore, fullName: 'x'.repeat(201) })).toEqual({
      fullName: 'address/invalid_full_name',
    });
    expect(messages({ ...singapore, address: '' })).toEqual({ address: 'address/invalid_address' });
    expect(messages({ ...singapore, address: 'x'.repeat(201) })).toEqual({
      address: 'address/invalid_address',
    });
    expect(messages({ ...singapore, unitNumber: 'x'.repeat(31) })).toEqual({
      unitNumber: 'address/invalid_unit_number',
    });
    expect(messages({ ...singapore, postalCode: '12' })).toEqual({
      postalCode: 'address/invalid_postal_code',
    });
    expect(messages({ ...california, city: 'x'.repeat(101) })).toEqual({ city: 'address/invalid_city' });
    expect(messages({ ...singapore, fullName: 42 })).toEqual({ fullName: 'address/invalid_full_name' });
  });

  it('leaves a missing field to the server as a missing argument', () => {
    const { fullName: _, ...withoutName } = singapore;
    const result = addressSchema.safeParse(withoutName);
    expect(result.success).toBe(false);
    const error = appErrorFromZodIssues(result.error?.issues ?? []);
    expect([error.code, error.params]).toEqual(['general/missing_argument', ['fullName']]);
  });

  it('refuses an unknown country', () => {
    expect(messages({ ...singapore, country: 'ZZ' })).toEqual({ country: 'address/invalid_country' });
    expect(messages({ ...singapore, country: 12 })).toEqual({ country: 'address/invalid_country' });
  });

  it('wants a phone number of the address country, stored in E.164', () => {
    expect(messages({ ...singapore, phoneNumber: '12' })).toEqual({
      phoneNumber: 'address/invalid_phone_number',
    });
    expect(messages({ ...singapore, phoneNumber: '+60 12-345 6789' })).toEqual({
      phoneNumber: 'address/invalid_phone_number',
    });
    expect(addressSchema.parse({ ...singapore, phoneNumber: '+65 8123 4567' }).phoneNumber).toBe(
      '+6581234567',
    );
    const kualaLumpur = { ...singapore, country: 'MY', postalCode: '50450', city: 'Kuala Lumpur' };
    expect(addressSchema.parse({ ...kualaLumpur, phoneNumber: '012-345 6789' }).phoneNumber).toBe(
      '+60123456789',
    );
  });

  it('accepts a number sharing the country calling code', () => {
    const puertoRico = { ...california, country: 'PR', state: undefined, postalCode: '00901' };
    expect(addressSchema.parse(puertoRico).phoneNumber).toBe('+16502530000');
  });

  it('requires the postal code where the country does and checks its pattern', () => {
    const { postalCode: _, ...withoutPostalCode } = singapore;
    expect(messages(withoutPostalCode)).toEqual({ postalCode: 'address/invalid_postal_code' });
    expect(messages({ ...singapore, postalCode: '' })).toEqual({ postalCode: 'address/invalid_postal_code' });
    expect(messages({ ...singapore, postalCode: '04861' })).toEqual({
      postalCode: 'address/invalid_postal_code',
    });
    expect(messages({ ...california, postalCode: '9404' })).toEqual({
      postalCode: 'address/invalid_postal_code',
    });
  });

  it('leaves an optional postal code out but still checks one that is given', () => {
    const ascension = {
      ...singapore,
      country: 'AC',
      phoneNumber: '+247 6 1234',
      postalCode: undefined,
      city: 'Georgetown',
    };
    expect(addressSchema.parse(ascension).postalCode).toBeUndefined();
    expect(addressSchema.parse({ ...ascension, postalCode: 'ascn 1zz' }).postalCode).toBe('ASCN 1ZZ');
    expect(messages({ ...ascension, postalCode: 'STHL 1ZZ' })).toEqual({
      postalCode: 'address/invalid_postal_code',
    });
  });

  it('requires a state from the list where the country does, and stores its code', () => {
    expect(addressSchema.parse({ ...california, state: 'ca' }).state).toBe('CA');
    expect(messages({ ...california, state: undefined })).toEqual({ state: 'address/invalid_state' });
    expect(messages({ ...california, state: 'Narnia' })).toEqual({ state: 'address/invalid_state' });
  });

  it('checks a given state against the list even where none is required', () => {
    const ireland = {
      ...california,
      country: 'IE',
      phoneNumber: '01 234 5678',
      postalCode: 'D02 X285',
      city: 'Dublin',
      state: 'co. dublin',
    };
    expect(addressSchema.parse(ireland).state).toBe('D');
    expect(addressSchema.parse({ ...ireland, state: undefined }).state).toBeUndefined();
    expect(messages({ ...ireland, state: 'Leinster' })).toEqual({ state: 'address/invalid_state' });
  });

  it('takes free text where a state is required but the country has no list', () => {
    const costaRica = {
      ...california,
      country: 'CR',
      phoneNumber: '2222 3333',
      postalCode: '10101',
      state: 'San José',
    };
    expect(addressSchema.parse(costaRica).state).toBe('San José');
    expect(messages({ ...costaRica, state: '' })).toEqual({ state: 'address/invalid_state' });
  });

  it('requires a city only where the country does', () => {
    expect(messages({ ...california, city: ' ' })).toEqual({ city: 'address/invalid_city' });
    expect(addressSchema.parse(singapore).city).toBeUndefined();
    const hongKong = {
      ...singapore,
      country: 'HK',
      phoneNumber: '2123 4567',
      postalCode: undefined,
      state: 'Kowloon',
    };
    expect(addressSchema.parse(hongKong)).toMatchObject({ state: 'Kowloon', phoneNumber: '+85221234567' });
  });

  it('reports country rules alongside other field failures', () => {
    expect(messages({ ...california, fullName: '', postalCode: '1', state: 'Narnia', city: '' })).toEqual({
      fullName: 'address/invalid_full_name',
      postalCode: 'address/invalid_postal_code',
      state: 'address/invalid_state',
      city: 'address/invalid_city',
    });
  });

  it('treats null and empty optional fields as absent', () => {
    const parsed = addressSchema.parse({
      ...california,
      unitNumber: null,
      city: 'Mountain View',
      state: 'CA',
    });
    expect(parsed).not.toHaveProperty('unitNumber');
    expect(addressSchema.parse({ ...singapore, unitNumber: '' })).not.toHaveProperty('unitNumber');
  });
});

describe('addressUpdateSchema', () => {
  it('checks only the fields given', () => {
    expect(addressUpdateSchema.parse({})).toEqual({});
    expect(addressUpdateSchema.parse({ fullName: ' Jo ' })).toEqual({ fullName: 'Jo' });
    expect(addressUpdateSchema.safeParse({ postalCode: '12' }).error?.issues[0]?.message).toBe(
      'address/invalid_postal_code',
    );
    expect(addressUpdateSchema.safeParse({ main: 1 }).error?.issues[0]?.message).toBe('address/invalid_main');
  });
});

describe('validateAddress', () => {
  it('validates a stored address merged with a patch', () => {
    const stored = addressSchema.parse(california);
    const merged = validateAddress({ ...stored, ...addressUpdateSchema.parse({ postalCode: '94044' }) });
    expect(merged.success && merged.data.postalCode).toBe('94044');
    const broken = validateAddress({ ...stored, country: 'SG' });
    expect(broken.success).toBe(false);
    expect(broken.error?.issues.map((issue) => issue.message)).toContain('address/invalid_phone_number');
  });
});

describe('non-object input', () => {
  it.each([null, 'str', [], 123, true])('is refused without running the country rules (%j)', (input) => {
    for (const schema of [addressSchema, addressUpdateSchema]) {
      const result = schema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toHaveLength(1);
    }
  });
});
