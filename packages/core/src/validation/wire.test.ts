import { describe, expect, it } from 'vitest';
import { toErrorEnvelope } from '../errors/index.js';
import { errorEnvelopeSchema, instantSchema, moneySchema } from './wire.js';

describe('moneySchema', () => {
  it('accepts the wire shape', () => {
    expect(moneySchema.parse({ amountMinor: 1250, currency: 'SGD' })).toEqual({
      amountMinor: 1250,
      currency: 'SGD',
    });
  });

  it('rejects fractional amounts, unknown currencies and missing fields', () => {
    expect(moneySchema.safeParse({ amountMinor: 12.5, currency: 'SGD' }).success).toBe(false);
    expect(moneySchema.safeParse({ amountMinor: 1, currency: 'EUR' }).success).toBe(false);
    expect(moneySchema.safeParse({ amountMinor: '1', currency: 'SGD' }).success).toBe(false);
    expect(moneySchema.safeParse({ currency: 'SGD' }).success).toBe(false);
  });
});

describe('errorEnvelopeSchema', () => {
  it('accepts the envelope the server builds', () => {
    const envelope = toErrorEnvelope('general/payload_too_large', [1024]);
    expect(errorEnvelopeSchema.parse(envelope)).toEqual(envelope);
  });

  it('rejects other shapes', () => {
    expect(errorEnvelopeSchema.safeParse({ error: { code: 'x' } }).success).toBe(false);
    expect(errorEnvelopeSchema.safeParse('oops').success).toBe(false);
  });
});

describe('instantSchema', () => {
  it('takes ISO 8601 times with Z or an offset, keeping the text and its microseconds', () => {
    for (const text of [
      '2026-11-21T00:30:00Z',
      '2026-11-21T08:30:00.123456+08:00',
      '2026-11-21T00:30:00+14:00',
      '2026-11-21T00:30:00-12:00',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999999Z',
    ]) {
      expect(instantSchema.parse(text)).toBe(text);
    }
  });

  it('refuses times PostgreSQL or JavaScript cannot hold, and other shapes', () => {
    for (const text of [
      '0000-01-01T00:00:00Z',
      '0000-01-01T00:00:00+23:59',
      '0001-01-01T00:00:00+00:01',
      '9999-12-31T23:59:59-00:01',
      '2026-11-21T00:30:00+14:01',
      '2026-11-21T00:30:00.1234567890Z',
      '2026-02-30T00:00:00Z',
      '2026-11-21T00:30:00',
      '2026-11-21',
      '',
    ]) {
      expect(instantSchema.safeParse(text).success, text).toBe(false);
    }
  });
});
