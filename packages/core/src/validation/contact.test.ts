import { describe, expect, it } from 'vitest';
import { contactPhoneNumber, contactUsSchema } from './contact.js';

const valid = { email: ' Mei@Example.com ', name: ' Mei ', message: ' Hello ' };

const codeOf = (input: unknown) => contactUsSchema.safeParse(input).error?.issues[0]?.message;

describe('contactUsSchema', () => {
  it('trims the fields, lower-cases the email and leaves the phone number and token out when absent', () => {
    expect(contactUsSchema.parse(valid)).toEqual({
      email: 'mei@example.com',
      name: 'Mei',
      message: 'Hello',
      phoneNumber: null,
    });
  });

  it('keeps a phone number in E.164 form, reading one without a country code as Singaporean', () => {
    expect(contactPhoneNumber('9123 4567')).toBe('+6591234567');
    expect(contactPhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(contactPhoneNumber('12345')).toBeNull();
    expect(contactUsSchema.parse({ ...valid, phoneNumber: '+60 12-345 6789' }).phoneNumber).toBe(
      '+60123456789',
    );
  });

  it.each([
    [{ name: 'x'.repeat(101) }, 'contact/invalid_name'],
    [{ name: 'Mei\u0000' }, 'contact/invalid_name'],
    [{ email: 'mei@' }, 'contact/invalid_email'],
    [{ phoneNumber: 'call me' }, 'contact/invalid_phone_number'],
    [{ message: '' }, 'contact/invalid_message'],
    [{ message: 'x'.repeat(5001) }, 'contact/invalid_message'],
    [{ message: 'a\u0000b' }, 'contact/invalid_message'],
    [{ name: undefined }, 'general/missing_argument'],
  ])('refuses %j with %s', (change, code) => {
    expect(codeOf({ ...valid, ...change })).toBe(code);
  });

  it('takes a message of exactly the longest lengths', () => {
    expect(
      contactUsSchema.safeParse({ ...valid, name: 'n'.repeat(100), message: 'm'.repeat(5000) }).success,
    ).toBe(true);
  });
});
