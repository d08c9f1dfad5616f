import { describe, expect, it } from 'vitest';
import { toErrorEnvelope } from '../errors/index.js';
import { errorEnvelopeSchema, moneySchema } from './wire.js';

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
