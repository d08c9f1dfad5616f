import { describe, expect, it } from 'vitest';
import {
  availablePaymentMethods,
  cardPaySchema,
  crc16Ccitt,
  normaliseCardNumber,
  paynowAmount,
  paynowExpiryDate,
  readEmvcoPayload,
  readPaynowPayload,
  testCardPaySchema,
} from './payments.js';

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
const withCrc = (body: string) => `${body}6304${crc16Ccitt(`${body}6304`)}`;

const paynowBody = [
  field('00', '01'),
  field('01', '12'),
  field(
    '26',
    [
      field('00', 'SG.PAYNOW'),
      field('01', '2'),
      field('02', '53312345X'),
      field('03', '0'),
      field('04', '20261231'),
    ].join(''),
  ),
  field('52', '0000'),
  field('53', '702'),
  field('54', '12.50'),
  field('58', 'SG'),
  field('59', 'Crossbuy'),
  field('60', 'Singapore'),
  field('62', field('01', 'CB-7K3M9Q2X')),
].join('');

describe('payment methods', () => {
  const everything = { card: true, testCard: true, paynow: true };

  it('offers PayNow for Singapore dollars only', () => {
    expect(availablePaymentMethods('SGD', everything)).toEqual(['card', 'paynow', 'test_card']);
    expect(availablePaymentMethods('JPY', everything)).toEqual(['card', 'test_card']);
    expect(availablePaymentMethods('SGD', { card: false, testCard: false, paynow: true })).toEqual([
      'paynow',
    ]);
    expect(availablePaymentMethods('SGD', { card: false, testCard: false, paynow: false })).toEqual([]);
  });

  it('reads card numbers as people type them', () => {
    expect(normaliseCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(testCardPaySchema.parse({ orderId: 'x', cardNumber: '4000 0000 0000 0002' }).cardNumber).toBe(
      '4000000000000002',
    );
  });

  it('takes only a provider card id, never card details', () => {
    expect(cardPaySchema.safeParse({ orderId: 'x', paymentMethodId: 'pm_1Abc' }).data).toEqual({
      orderId: 'x',
      paymentMethodId: 'pm_1Abc',
      savePaymentMethod: false,
    });
    for (const paymentMethodId of ['4242424242424242', 'tok_visa', 'pm_', 'pm_a b', null, 12]) {
      expect(cardPaySchema.safeParse({ orderId: 'x', paymentMethodId }).success).toBe(false);
    }
  });
});

describe('EMVCo checksum', () => {
  it('is CRC-16/CCITT-FALSE', () => {
    // The catalogued check value of the algorithm.
    expect(crc16Ccitt('123456789')).toBe('29B1');
    expect(crc16Ccitt('')).toBe('FFFF');
  });

  it('pads the checksum to four digits', () => {
    const short = Array.from({ length: 5000 }, (_, index) => crc16Ccitt(String(index))).find((crc) =>
      crc.startsWith('0'),
    );
    expect(short).toMatch(/^0[0-9A-F]{3}$/);
  });

  it('refuses characters outside one byte', () => {
    expect(() => crc16Ccitt('支払')).toThrow(RangeError);
  });
});

describe('PayNow payload', () => {
  it('reads back what a checksum-valid payload asks for', () => {
    expect(readPaynowPayload(withCrc(paynowBody))).toEqual({
      uen: '53312345X',
      amount: '12.50',
      amountEditable: false,
      expiry: '20261231',
      reference: 'CB-7K3M9Q2X',
      merchantName: 'Crossbuy',
    });
  });

  it('refuses a payload whose checksum or fields are wrong', () => {
    const good = withCrc(paynowBody);
    expect(readEmvcoPayload(good.replace('12.50', '92.50'))).toBeUndefined();
    expect(readEmvcoPayload(`${good.slice(0, -4)}0000`)).toBeUndefined();
    expect(readEmvcoPayload(good.slice(0, -8))).toBeUndefined();
    expect(readEmvcoPayload(withCrc(`${paynowBody}99`))).toBeUndefined();
    expect(readEmvcoPayload(withCrc(`${paynowBody}9910abc`))).toBeUndefined();
    expect(
      readEmvcoPayload(withCrc(paynowBody.replace(field('00', '01'), field('00', '02')))),
    ).toBeUndefined();
    expect(readPaynowPayload(withCrc(paynowBody.replace('SG.PAYNOW', 'SG.PAYNOX')))).toBeUndefined();
    expect(
      readPaynowPayload(withCrc(paynowBody.replace(field('53', '702'), field('53', '392')))),
    ).toBeUndefined();
  });

  it('writes amounts and expiry days as PayNow expects', () => {
    expect(paynowAmount(1250)).toBe('12.50');
    expect(paynowAmount(5)).toBe('0.05');
    expect(paynowAmount(123456)).toBe('1234.56');
    // 16:30 UTC is already the next day in Singapore.
    expect(paynowExpiryDate(new Date('2026-12-31T15:59:59Z'))).toBe('20261231');
    expect(paynowExpiryDate(new Date('2026-12-31T16:00:00Z'))).toBe('20270101');
  });
});
