import { z } from 'zod';
import type { CurrencyCode } from '../money/index.js';
import { fails } from '../validation/issue-codes.js';
import { moneySchema } from '../validation/wire.js';
import { PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from './rules.js';

// Paying for an order (docs/rules/payments.md): which methods an order can use, the PayNow QR payload
// rules, and the wire shapes of the payment calls.

/** PayNow is Singapore's bank transfer: it moves Singapore dollars only. */
export const PAYNOW_CURRENCY: CurrencyCode = 'SGD';

/** What the store has set up: card payments need the provider's keys; the test card exists without them. */
export type PaymentSetup = { card: boolean; testCard: boolean; paynow: boolean };

/** The payment methods an order in `currency` can be paid with, given what the store has set up. */
export function availablePaymentMethods(currency: CurrencyCode, setup: PaymentSetup): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  if (setup.card) methods.push(PAYMENT_METHOD.card);
  if (setup.paynow && currency === PAYNOW_CURRENCY) methods.push(PAYMENT_METHOD.payNow);
  if (setup.testCard) methods.push(PAYMENT_METHOD.testCard);
  return methods;
}

/** The test card's numbers: the first pays, the second is declined (the card provider's own test numbers). */
export const TEST_CARDS = { paid: '4242424242424242', declined: '4000000000000002' } as const;

/** A card number as typed, with the spaces and dashes people put in it taken out. */
export function normaliseCardNumber(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

// EMVCo merchant-presented QR (the SGQR form of PayNow): a run of `id length value` fields, each id and
// length two digits, closed by field 63 holding a CRC-16/CCITT-FALSE over everything before it, '6304' included.

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF, no reflection), as four upper-case hex digits. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0xff) throw new RangeError('an EMVCo payload holds single-byte characters only');
    crc ^= code << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export type EmvcoFields = Map<string, string>;

function readFields(text: string): EmvcoFields | undefined {
  const fields: EmvcoFields = new Map();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) return undefined;
    const end = at + 4 + Number(lengthText);
    if (end > text.length || fields.has(id)) return undefined;
    fields.set(id, text.slice(at + 4, end));
    at = end;
  }
  return fields;
}

/**
 * The fields of an EMVCo payload whose checksum is right, or undefined when it is malformed or its CRC
 * does not match. Templates (such as PayNow's 26 and 62) are read again with {@link readEmvcoTemplate}.
 */
export function readEmvcoPayload(payload: string): EmvcoFields | undefined {
  const crcAt = payload.length - 8;
  if (crcAt < 0 || payload.slice(crcAt, crcAt + 4) !== '6304') return undefined;
  if (crc16Ccitt(payload.slice(0, crcAt + 4)) !== payload.slice(crcAt + 4)) return undefined;
  const fields = readFields(payload);
  return fields?.get('00') === '01' ? fields : undefined;
}

export function readEmvcoTemplate(value: string | undefined): EmvcoFields | undefined {
  return value === undefined ? undefined : readFields(value);
}

/** What a PayNow QR asks the shopper's bank to pay, read back from its payload. */
export type PaynowRequest = {
  uen: string;
  amount: string;
  amountEditable: boolean;
  /** YYYYMMDD, the last day the QR may be paid. */
  expiry: string;
  reference: string;
  merchantName: string;
};

/** The PayNow request a payload carries, or undefined when it is not a checksum-valid PayNow QR. */
export function readPaynowPayload(payload: string): PaynowRequest | undefined {
  const fields = readEmvcoPayload(payload);
  const account = readEmvcoTemplate(fields?.get('26'));
  const additional = readEmvcoTemplate(fields?.get('62'));
  if (!fields || !account || account.get('00') !== 'SG.PAYNOW') return undefined;
  if (fields.get('53') !== '702' || fields.get('58') !== 'SG') return undefined;
  return {
    uen: account.get('02') ?? '',
    amount: fields.get('54') ?? '',
    amountEditable: account.get('03') === '1',
    expiry: account.get('04') ?? '',
    reference: additional?.get('01') ?? '',
    merchantName: fields.get('59') ?? '',
  };
}

/** An SGD amount in cents as PayNow writes it: dollars with two decimals ('12.50'). */
export function paynowAmount(amountMinor: number): string {
  return (amountMinor / 100).toFixed(2);
}

/** The day (YYYYMMDD, Singapore time) a PayNow QR stops being payable, for a payment due at `dueAt`. */
export function paynowExpiryDate(dueAt: Date): string {
  const singapore = new Date(dueAt.getTime() + 8 * 60 * 60 * 1000);
  return singapore.toISOString().slice(0, 10).replaceAll('-', '');
}

const orderIdSchema = z
  .string(fails('order/not_found'))
  .min(1, 'order/not_found')
  .max(200, 'order/not_found');

export const cardPaySchema = z.object({
  orderId: orderIdSchema,
  /** The card provider's id of a card the browser handed to it, or of a saved card ('pm_...'). */
  paymentMethodId: z
    .string(fails('payment/invalid_payment_method'))
    .regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'payment/invalid_payment_method'),
  savePaymentMethod: z.boolean(fails('general/argument_error')).default(false),
});
export type CardPay = z.infer<typeof cardPaySchema>;

export const testCardPaySchema = z.object({
  orderId: orderIdSchema,
  cardNumber: z
    .string(fails('payment/unknown_test_card'))
    .max(40, 'payment/unknown_test_card')
    .transform(normaliseCardNumber),
});
export type TestCardPay = z.infer<typeof testCardPaySchema>;

/**
 * What a payment attempt came to. `requires_action`: the bank wants the shopper to confirm (3-D Secure);
 * the page hands `clientSecret` to the card provider's script, and the order becomes paid when it is done.
 * `processing`: the provider is still at work; the order becomes paid when it says so. `refunding`: the
 * card was charged but the order had been closed meanwhile (cancelled, expired), so the money is on its
 * way back; the order is not paid.
 */
export const payResultSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'processing', 'failed', 'refunding']),
  clientSecret: z.string().optional(),
  /** Why it failed, in the bank's or provider's words. */
  message: z.string().optional(),
});
export type PayResult = z.infer<typeof payResultSchema>;

export const paynowPanelSchema = z.object({
  /** The EMVCo text the QR encodes. */
  payload: z.string(),
  /** The QR as a PNG data URL (`data:image/png;base64,…`). */
  qrImage: z.string(),
  /** What the shopper's bank shows as the bill number: the order reference. */
  reference: z.string(),
  /** YYYYMMDD, Singapore time. */
  expiryDate: z.string(),
  merchantName: z.string(),
  /** When the shopper said they had transferred the money, if they have. */
  markedPaidAt: z.string().nullable(),
});
export type PaynowPanel = z.infer<typeof paynowPanelSchema>;

export const paymentInfoSchema = z.object({
  orderId: z.string(),
  orderRef: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: moneySchema,
  /** Whether the order still waits for payment; the rest says how to pay it while it does. */
  payable: z.boolean(),
  paymentDueAt: z.string(),
  paynow: paynowPanelSchema.optional(),
  card: z
    .object({
      /** The card provider's publishable key; null when the store takes no cards. */
      publishableKey: z.string().nullable(),
      /** The attempt waiting for the shopper to confirm with their bank, if there is one. */
      clientSecret: z.string().nullable(),
    })
    .optional(),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

export const savedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.int(),
  expYear: z.int(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const savedCardsSchema = z.object({ paymentMethods: z.array(savedCardSchema) });
