import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { appErrorFromZodIssues } from '../errors/index.js';
import {
  acceptTermsSchema,
  birthDateSchema,
  countrySchema,
  firstNameSchema,
  genderSchema,
  lastNameSchema,
  normalisePhoneNumber,
  phoneNumberSchema,
  profileUpdateSchema,
  type RegisterInput,
  registerSchema,
} from './user.js';

/** The distinct issues as 'path: message', so tests can assert the exact codes produced. */
function issuesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))];
}

function codesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}

// Just after midnight UTC on 21 November 2026; in UTC+14 it is already the afternoon of the same day.
const NOW = new Date('2026-11-21T00:30:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('firstNameSchema / lastNameSchema', () => {
  it.each([
    [firstNameSchema, 'user/invalid_first_name'],
    [lastNameSchema, 'user/invalid_last_name'],
  ] as const)('trims and accepts 1 to 100 characters (%#)', (schema, code) => {
    expect(schema.parse('  Ann ')).toBe('Ann');
    expect(schema.parse('A')).toBe('A');
    expect(schema.parse('x'.repeat(100))).toBe('x'.repeat(100));
    expect(schema.parse(`  ${'x'.repeat(100)}  `)).toHaveLength(100);
    expect(schema.parse('Zoë-Ånne O’Brien')).toBe('Zoë-Ånne O’Brien');

    expect(codesOf(schema, '')).toEqual([code]);
    expect(codesOf(schema, '   ')).toEqual([code]);
    expect(codesOf(schema, 'x'.repeat(101))).toEqual([code]);
    expect(codesOf(schema, 42)).toEqual([code]);
    expect(codesOf(schema, null)).toEqual([code]);
    expect(codesOf(schema, undefined)).toEqual(['general/missing_argument']);
  });
});

describe('acceptTermsSchema', () => {
  it('accepts only literal true', () => {
    expect(acceptTermsSchema.parse(true)).toBe(true);
    for (const value of [false, 'true', 1, null]) {
      expect(codesOf(acceptTermsSchema, value), String(value)).toEqual(['user/invalid_accept_terms']);
    }
    expect(codesOf(acceptTermsSchema, undefined)).toEqual(['general/missing_argument']);
  });
});

describe('countrySchema', () => {
  it('accepts country codes of the address data, normalised to upper case', () => {
    expect(countrySchema.parse('SG')).toBe('SG');
    expect(countrySchema.parse(' my ')).toBe('MY');
    expect(countrySchema.parse('GB')).toBe('GB');
  });

  it('rejects anything else with user/invalid_country', () => {
    for (const value of ['', 'ZZ', 'SGP', 'S', 'Singapore', 65]) {
      expect(codesOf(countrySchema, value), String(value)).toEqual(['user/invalid_country']);
    }
    expect(codesOf(countrySchema, undefined)).toEqual(['general/missing_argument']);
  });
});

describe('birthDateSchema', () => {
  it('accepts real dates of people aged 13 to 120', () => {
    for (const value of ['1990-05-17', '2013-11-21', '1906-11-21', '1905-11-22', '2012-02-29']) {
      expect(birthDateSchema.parse(value), value).toBe(value);
    }
  });

  it('rejects the under-13s, the over-120s and future dates', () => {
    for (const value of [
      '2013-11-22',
      '2020-01-01',
      '2026-11-21',
      '2027-01-01',
      '1905-11-21',
      '1800-01-01',
    ]) {
      expect(codesOf(birthDateSchema, value), value).toEqual(['user/invalid_birthdate']);
    }
  });

  it('rejects impossible dates and other shapes', () => {
    for (const value of [
      '1990-02-30',
      '1990-13-01',
      '17/05/1990',
      '1990-5-17',
      '1990-05-17T00:00:00Z',
      '',
      19900517,
    ]) {
      expect(codesOf(birthDateSchema, value), String(value)).toEqual(['user/invalid_birthdate']);
    }
    expect(codesOf(birthDateSchema, undefined)).toEqual(['general/missing_argument']);
  });

  it('counts a 29 February birthday as reached on 1 March in other years', () => {
    vi.setSystemTime(new Date('2025-02-28T00:30:00Z'));
    expect(codesOf(birthDateSchema, '2012-02-29')).toEqual(['user/invalid_birthdate']);
    vi.setSystemTime(new Date('2025-03-01T00:30:00Z'));
    expect(birthDateSchema.parse('2012-02-29')).toBe('2012-02-29');
  });

  it('accepts a 13th birthday as soon as it has begun anywhere in the world', () => {
    // 10:00 UTC on the 20th is midnight of the 21st in UTC+14.
    vi.setSystemTime(new Date('2026-11-20T09:59:59Z'));
    expect(codesOf(birthDateSchema, '2013-11-21')).toEqual(['user/invalid_birthdate']);
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    expect(birthDateSchema.parse('2013-11-21')).toBe('2013-11-21');
  });
});

describe('genderSchema', () => {
  it('accepts male, female and other only', () => {
    for (const value of ['male', 'female', 'other']) expect(genderSchema.parse(value)).toBe(value);
    for (const value of ['Male', '', 'x', 1]) {
      expect(codesOf(genderSchema, value), String(value)).toEqual(['user/invalid_gender']);
    }
    expect(codesOf(genderSchema, undefined)).toEqual(['general/missing_argument']);
  });
});

describe('phoneNumberSchema', () => {
  it('needs some text; the number itself is checked with its country', () => {
    expect(phoneNumberSchema.parse(' 9123 4567 ')).toBe('9123 4567');
    expect(codesOf(phoneNumberSchema, '  ')).toEqual(['user/invalid_phone_number']);
    expect(codesOf(phoneNumberSchema, 91234567)).toEqual(['user/invalid_phone_number']);
  });
});

describe('normalisePhoneNumber', () => {
  it.each([
    ['9123 4567', 'SG', '+6591234567'],
    ['+65 6123-4567', 'SG', '+6561234567'],
    ['012-345 6789', 'MY', '+60123456789'],
    ['(201) 555-0123', 'US', '+12015550123'],
    ['07400 123456', 'GB', '+447400123456'],
    ['030 123456', 'DE', '+4930123456'],
    ['03-1234-5678', 'JP', '+81312345678'],
    ['+65 9123 4567 ext. 12', 'SG', '+6591234567'],
    ['9123 4567', 'sg', '+6591234567'],
  ])('%s in %s -> %s', (raw, country, e164) => {
    expect(normalisePhoneNumber(raw, country)).toBe(e164);
  });

  it.each([
    ['', 'SG'],
    ['1234', 'SG'],
    ['1234 5678', 'SG'],
    ['abc', 'SG'],
    ['+60 12-345 6789', 'SG'],
    ['+1 613 555 0123', 'US'],
    ['+999 1234', 'SG'],
  ])('rejects %s in %s', (raw, country) => {
    expect(normalisePhoneNumber(raw, country)).toBeNull();
  });

  it('accepts any valid international number for a country without numbering data', () => {
    expect(normalisePhoneNumber('+65 9123 4567', 'AQ')).toBe('+6591234567');
    expect(normalisePhoneNumber('9123 4567', 'AQ')).toBeNull();
  });
});

const validRegistration: RegisterInput = {
  email: ' Ann@Example.com ',
  password: 'Secret123',
  firstName: ' Ann ',
  lastName: 'Lee',
  phoneNumber: '9123 4567',
  country: 'SG',
  birthDate: '1990-05-17',
  gender: 'female',
  acceptTerms: true,
};

describe('registerSchema', () => {
  it('accepts a valid registration and normalises it', () => {
    expect(registerSchema.parse(validRegistration)).toEqual({
      email: 'ann@example.com',
      password: 'Secret123',
      firstName: 'Ann',
      lastName: 'Lee',
      phoneNumber: '+6591234567',
      country: 'SG',
      birthDate: '1990-05-17',
      gender: 'female',
      acceptTerms: true,
    });
  });

  it('drops unknown fields', () => {
    expect(registerSchema.parse({ ...validRegistration, role: 'admin' })).not.toHaveProperty('role');
  });

  it('checks the phone number against the given country', () => {
    expect(
      registerSchema.parse({ ...validRegistration, phoneNumber: '012-345 6789', country: 'MY' }).phoneNumber,
    ).toBe('+60123456789');
    expect(
      issuesOf(registerSchema, { ...validRegistration, phoneNumber: '+65 9123 4567', country: 'MY' }),
    ).toEqual(['phoneNumber: user/invalid_phone_number']);
    expect(issuesOf(registerSchema, { ...validRegistration, phoneNumber: '1234' })).toEqual([
      'phoneNumber: user/invalid_phone_number',
    ]);
  });

  it('reports the phone number alongside other field problems', () => {
    expect(issuesOf(registerSchema, { ...validRegistration, firstName: '', phoneNumber: '1234' })).toEqual([
      'firstName: user/invalid_first_name',
      'phoneNumber: user/invalid_phone_number',
    ]);
  });

  it('reports the phone number while other fields have the wrong type or no value', () => {
    expect(
      issuesOf(registerSchema, {
        ...validRegistration,
        gender: '',
        acceptTerms: false,
        birthDate: '',
        phoneNumber: '1234',
      }),
    ).toEqual([
      'birthDate: user/invalid_birthdate',
      'gender: user/invalid_gender',
      'acceptTerms: user/invalid_accept_terms',
      'phoneNumber: user/invalid_phone_number',
    ]);
  });

  it('reports an unknown country once, without a phone issue', () => {
    expect(issuesOf(registerSchema, { ...validRegistration, country: 'ZZ' })).toEqual([
      'country: user/invalid_country',
    ]);
  });

  it('reports an empty phone number once', () => {
    expect(issuesOf(registerSchema, { ...validRegistration, phoneNumber: ' ' })).toEqual([
      'phoneNumber: user/invalid_phone_number',
    ]);
  });

  it.each([
    ['email', 'not-an-email', 'user/invalid_email'],
    ['password', 'password', 'user/invalid_password'],
    ['firstName', '', 'user/invalid_first_name'],
    ['lastName', 'x'.repeat(101), 'user/invalid_last_name'],
    ['country', 'XX', 'user/invalid_country'],
    ['birthDate', '2020-01-01', 'user/invalid_birthdate'],
    ['gender', 'unknown', 'user/invalid_gender'],
    ['acceptTerms', false, 'user/invalid_accept_terms'],
  ])('reports an invalid %s with its own code', (field, value, code) => {
    const input = { ...validRegistration, [field]: value };
    expect(issuesOf(registerSchema, input)).toEqual([`${field}: ${code}`]);
    expect(appErrorFromZodIssues(registerSchema.safeParse(input).error?.issues ?? []).code).toBe(code);
  });

  it('turns a missing field into general/missing_argument naming it', () => {
    const { acceptTerms: _, ...withoutTerms } = validRegistration;
    const error = appErrorFromZodIssues(registerSchema.safeParse(withoutTerms).error?.issues ?? []);
    expect(error.code).toBe('general/missing_argument');
    expect(error.message).toBe('Missing argument acceptTerms');
  });
});

describe('profileUpdateSchema', () => {
  it('accepts any non-empty subset of the profile fields', () => {
    expect(profileUpdateSchema.parse({ firstName: ' Bo ' })).toEqual({ firstName: 'Bo' });
    expect(profileUpdateSchema.parse({ gender: 'other', birthDate: '1990-05-17' })).toEqual({
      gender: 'other',
      birthDate: '1990-05-17',
    });
    expect(profileUpdateSchema.parse({ country: 'my' })).toEqual({ country: 'MY' });
  });

  it('needs at least one field', () => {
    expect(issuesOf(profileUpdateSchema, {})).toEqual([': general/argument_error']);
    expect(issuesOf(profileUpdateSchema, { email: 'a@b.co', password: 'Secret123' })).toEqual([
      ': general/argument_error',
    ]);
  });

  it('does not take email or password', () => {
    expect(profileUpdateSchema.parse({ lastName: 'Lee', email: 'a@b.co', password: 'x' })).toEqual({
      lastName: 'Lee',
    });
  });

  it('checks and normalises a phone number against the given country', () => {
    expect(profileUpdateSchema.parse({ phoneNumber: '9123 4567', country: 'SG' })).toEqual({
      phoneNumber: '+6591234567',
      country: 'SG',
    });
    expect(issuesOf(profileUpdateSchema, { phoneNumber: '9123 4567', country: 'US' })).toEqual([
      'phoneNumber: user/invalid_phone_number',
    ]);
  });

  it('needs the country when a phone number is given', () => {
    expect(issuesOf(profileUpdateSchema, { phoneNumber: '9123 4567' })).toEqual([
      'country: user/invalid_country',
    ]);
  });

  it('reports each invalid field with its own code', () => {
    expect(issuesOf(profileUpdateSchema, { firstName: '', gender: 'x', birthDate: '2026-02-30' })).toEqual([
      'firstName: user/invalid_first_name',
      'birthDate: user/invalid_birthdate',
      'gender: user/invalid_gender',
    ]);
    expect(issuesOf(profileUpdateSchema, { acceptTerms: false })).toEqual([
      'acceptTerms: user/invalid_accept_terms',
    ]);
  });
});

describe('non-object input', () => {
  it.each([null, 'str', [], 123, true])(
    'is refused by the object schemas without running their checks (%j)',
    (input) => {
      for (const schema of [registerSchema, profileUpdateSchema]) {
        expect(issuesOf(schema, input)).toHaveLength(1);
      }
    },
  );

  it('skips the phone check while the phone number or country has the wrong type', () => {
    expect(issuesOf(profileUpdateSchema, { phoneNumber: 5, country: 'SG' })).toEqual([
      'phoneNumber: user/invalid_phone_number',
    ]);
    expect(issuesOf(profileUpdateSchema, { phoneNumber: '9123 4567', country: null })).toEqual([
      'country: user/invalid_country',
    ]);
  });
});
