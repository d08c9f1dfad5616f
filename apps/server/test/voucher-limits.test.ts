import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/features/orders/orders.table.js';
import { VOUCHER_LIMITS } from '../src/features/vouchers/voucher-limits.js';
import { nextIp } from './helpers/accounts.js';
import { errorCode } from './helpers/browser.js';
import { addProduct, seedCatalogue } from './helpers/catalogue-fixtures.js';
import {
  addAddress,
  addResolvedQuotation,
  addVoucher,
  seedCheckoutRules,
} from './helpers/checkout-fixtures.js';
import { createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

// Guessing voucher codes (docs/decisions/0058). With TEST_REDIS_URL the app keeps its limits in Redis, so
// the bursts below test the Redis script; otherwise the memory store. With TEST_DATABASE_URL they run on
// PostgreSQL.
const redisUrl = process.env.TEST_REDIS_URL;
const redisPrefix = `crossbuy-test:${randomBytes(6).toString('hex')}:`;

const PER_ACCOUNT = VOUCHER_LIMITS.codeFailuresPerAccount.max;
const PER_ADDRESS = VOUCHER_LIMITS.codeFailuresPerAddress.max;
/** A 100%-off code the store never lists: what a guesser is after. */
const HIDDEN = 'STAFF-FREE';

let harness: TestApp;
let productId: string;

beforeAll(async () => {
  harness = await createTestApp({
    env: redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix } : {},
  });
  const fixture = await seedCatalogue(harness.app.db);
  await seedCheckoutRules(harness.app.db);
  productId = (
    await addProduct(fixture, {
      name: 'Guarded Speaker',
      categoryId: 'speakers',
      merchant: fixture.merchants.audio,
      priceMinor: 5000,
      stock: 1000,
    })
  ).id;
  await addVoucher(harness.app.db, { code: HIDDEN, percentOff: '100', listed: false });
  await addVoucher(harness.app.db, { code: 'LISTED10', percentOff: '10', listed: true });
  await addVoucher(harness.app.db, { code: 'LAST-YEAR', endsAt: new Date(Date.now() - 86_400_000) });
});
afterAll(async () => {
  await harness.close();
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const burst = <T>(size: number, request: (index: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: size }, (_, index) => request(index)));

/** How many answers had each error code ("ok" for 2xx). */
function tally(answers: readonly LightMyRequestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.statusCode < 300 ? 'ok' : (errorCode(answer) ?? String(answer.statusCode));
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** How many estimates reported each voucher refusal ("applied" when the voucher applied). */
function voucherTally(answers: readonly LightMyRequestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    expect(answer.statusCode, answer.body).toBe(200);
    const key = answer.json().voucher.refusal?.code ?? 'applied';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const wrongCode = (index: number) => `GUESS-${index}-${randomBytes(3).toString('hex')}`.toUpperCase();

/** A verified shopper signed in from `ip`, with an address and a checkout of one speaker. */
async function shopperAt(ip = nextIp()) {
  const user = await createUser(harness.app);
  const { cookie, header } = await signInAs(harness.app, user);
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, options: { xsrf?: boolean } = {}) =>
    harness.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: {
        cookie,
        ...(method === 'POST' && options.xsrf !== false ? header : {}),
        ...(payload !== undefined && { 'content-type': 'application/json' }),
      },
      ...(payload !== undefined && { payload: JSON.stringify(payload) }),
    });
  const addressId = await addAddress(harness.app.db, user.id);
  const cartItemId = (await call('POST', '/api/cart', { productId, quantity: 1, variantPath: '' })).json()
    .cartItem.id as string;
  const checkout = await call('POST', '/api/checkout/session', { cartItemIds: [cartItemId] });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const key = checkout.json().key as string;
  return {
    user,
    ip,
    cartItemId,
    call,
    validate: (code: unknown) => call('POST', '/api/voucher/validate', { code, regionCountryCode: 'SG' }),
    estimate: (code: string) =>
      call(
        'GET',
        `/api/checkout/estimate_costs?checkoutSessionKey=${key}&paymentMethod=paynow&voucherCode=${encodeURIComponent(code)}`,
      ),
    order: (code: string) =>
      call('POST', '/api/checkout/create_order', {
        checkoutSessionKey: key,
        paymentMethod: 'paynow',
        shippingAddressId: addressId,
        voucherCode: code,
      }),
  };
}

const ordersOf = async (userId: string) =>
  harness.app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));

describe('guessing voucher codes', () => {
  it('checks only as many of 50 parallel wrong codes as the limit allows, then refuses the right one', async () => {
    const guesser = await shopperAt();
    const answers = await burst(50, (index) => guesser.validate(wrongCode(index)));

    expect(tally(answers)).toEqual({
      'voucher/unknown': PER_ACCOUNT,
      'voucher/too_many_attempts': 50 - PER_ACCOUNT,
    });
    const refused = answers.find((answer) => errorCode(answer) === 'voucher/too_many_attempts');
    expect(refused?.statusCode).toBe(429);
    const [seconds] = refused?.json().error.params ?? [];
    expect(Number(seconds)).toBeGreaterThan(0);
    expect(Number(seconds)).toBeLessThanOrEqual(VOUCHER_LIMITS.codeFailuresPerAccount.windowSeconds);
    expect(refused?.json().error.message).toBe(
      `Too many voucher codes were tried; please try again in ${seconds} seconds`,
    );

    // The code that exists is refused too, by every call that would tell it apart.
    expect(errorCode(await guesser.validate(HIDDEN))).toBe('voucher/too_many_attempts');
    const estimate = (await guesser.estimate(HIDDEN)).json();
    expect(estimate.voucher.refusal.code).toBe('voucher/too_many_attempts');
    expect(estimate.discount.amountMinor).toBe(0);
    const order = await guesser.order(HIDDEN);
    expect(order.statusCode).toBe(429);
    expect(errorCode(order)).toBe('voucher/too_many_attempts');
    expect(await ordersOf(guesser.user.id)).toEqual([]);
  });

  it('counts codes guessed through either estimate and through create_order as validate counts them', async () => {
    const guesser = await shopperAt();
    const estimates = await burst(50, (index) => guesser.estimate(wrongCode(index)));
    // An estimate still prices the order, and says why the code gives nothing.
    expect(voucherTally(estimates)).toEqual({
      'voucher/unknown': PER_ACCOUNT,
      'voucher/too_many_attempts': 50 - PER_ACCOUNT,
    });
    const quoteId = await addResolvedQuotation(harness.app.db, guesser.user.id, {
      SG: { amountMinor: 5000, currency: 'SGD' },
    });
    const quotationEstimate = await guesser.call(
      'GET',
      `/api/quotation_checkout/estimate_costs?quotationIds=${quoteId}&voucherCode=${HIDDEN}`,
    );
    expect(quotationEstimate.json().voucher.refusal.code).toBe('voucher/too_many_attempts');
    expect(errorCode(await guesser.validate(HIDDEN))).toBe('voucher/too_many_attempts');

    const quoteGuesser = await shopperAt();
    const quoteOfTheirs = await addResolvedQuotation(harness.app.db, quoteGuesser.user.id, {
      SG: { amountMinor: 5000, currency: 'SGD' },
    });
    const quoteEstimates = await burst(20, (index) =>
      quoteGuesser.call(
        'GET',
        `/api/quotation_checkout/estimate_costs?quotationIds=${quoteOfTheirs}&voucherCode=${wrongCode(index)}`,
      ),
    );
    expect(voucherTally(quoteEstimates)).toEqual({
      'voucher/unknown': PER_ACCOUNT,
      'voucher/too_many_attempts': 20 - PER_ACCOUNT,
    });

    const orderer = await shopperAt();
    const placed: LightMyRequestResponse[] = [];
    for (let index = 0; index < PER_ACCOUNT + 2; index += 1)
      placed.push(await orderer.order(wrongCode(index)));
    expect(tally(placed)).toEqual({ 'voucher/unknown': PER_ACCOUNT, 'voucher/too_many_attempts': 2 });
    expect(await ordersOf(orderer.user.id)).toEqual([]);
  });

  it('holds one network to its limit across accounts, and leaves other networks alone', async () => {
    const ip = nextIp();
    const accounts = await burst(4, () => shopperAt(ip));
    const answers = await burst(40, (index) =>
      (accounts[index % accounts.length] as (typeof accounts)[number]).validate(wrongCode(index)),
    );
    expect(tally(answers)).toEqual({
      'voucher/unknown': PER_ADDRESS,
      'voucher/too_many_attempts': 40 - PER_ADDRESS,
    });
    // A fresh account at the same address is held back; the same accounts elsewhere are not.
    expect(errorCode(await (await shopperAt(ip)).validate(wrongCode(99)))).toBe('voucher/too_many_attempts');
    expect(errorCode(await (await shopperAt()).validate(wrongCode(99)))).toBe('voucher/unknown');
  });

  it('never holds back a shopper for codes that name a voucher, however often they are checked', async () => {
    const shopper = await shopperAt();
    for (let index = 0; index < 3 * PER_ACCOUNT; index += 1) {
      expect((await shopper.estimate(HIDDEN)).json().voucher.refusal).toBeNull();
    }
    // A checkout re-priced a few times at once (a shopper changing choices quickly) is not refused either.
    expect(voucherTally(await burst(PER_ACCOUNT - 2, () => shopper.estimate(HIDDEN)))).toEqual({
      applied: PER_ACCOUNT - 2,
    });
    for (let index = 0; index < PER_ACCOUNT; index += 1) {
      expect((await shopper.validate('listed10')).statusCode).toBe(200);
      // A code that exists but does not apply names a voucher as surely as one that applies.
      expect(errorCode(await shopper.validate('last-year'))).toBe('voucher/expired');
    }
    for (let index = 0; index < PER_ACCOUNT - 1; index += 1) {
      expect(errorCode(await shopper.validate(wrongCode(index)))).toBe('voucher/unknown');
    }
    // One guess left: the voucher still works, and using it gives back only its own place.
    expect((await shopper.estimate(HIDDEN)).json().voucher.refusal).toBeNull();
    expect(errorCode(await shopper.validate(wrongCode(PER_ACCOUNT)))).toBe('voucher/unknown');
    expect(errorCode(await shopper.validate(wrongCode(PER_ACCOUNT + 1)))).toBe('voucher/too_many_attempts');
  });

  it('places an order with a good code, counting it as no guess', async () => {
    const shopper = await shopperAt();
    for (let index = 0; index < PER_ACCOUNT - 1; index += 1) await shopper.validate(wrongCode(index));
    const placed = await shopper.order(HIDDEN);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ voucherCode: HIDDEN, discount: { amountMinor: 5000 } });
    expect(errorCode(await shopper.validate(wrongCode(PER_ACCOUNT)))).toBe('voucher/unknown');
  });

  it('tells nothing of unlisted vouchers through get_available, which takes no code', async () => {
    const shopper = await shopperAt();
    const available = (code: string) =>
      shopper.call('POST', '/api/voucher/get_available', {
        code,
        regionCountryCode: 'SG',
        voucherItems: { cartItemIds: [shopper.cartItemId] },
      });
    const withHidden = await available(HIDDEN);
    expect(withHidden.statusCode).toBe(200);
    expect(withHidden.json()).toEqual((await available(wrongCode(1))).json());
    const codes = withHidden.json().vouchers.map((voucher: { code: string }) => voucher.code);
    expect(codes).toContain('LISTED10');
    expect(codes).not.toContain(HIDDEN);
    await burst(2 * PER_ACCOUNT, (index) => available(wrongCode(index)));
    expect(errorCode(await shopper.validate(wrongCode(0)))).toBe('voucher/unknown');
  });

  it('refuses bad bodies, a missing anti-forgery header and other shoppers’ ids without counting a guess', async () => {
    const shopper = await shopperAt();
    const other = await shopperAt();
    const badBodies: unknown[] = [null, [], 'STAFF-FREE', '\u0000', 42, { code: null }, { code: ['A'] }, {}];
    for (const body of badBodies) {
      const answer = await shopper.call('POST', '/api/voucher/validate', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCode(answer), JSON.stringify(body)).toMatch(/^(general|voucher)\//);
    }
    const tooLong = await shopper.validate('A'.repeat(41));
    expect(tooLong.statusCode).toBe(400);
    const unguarded = await shopper.call('POST', '/api/voucher/validate', { code: HIDDEN }, { xsrf: false });
    expect(unguarded.statusCode).toBe(403);
    expect(errorCode(unguarded)).toBe('auth/invalid_state');
    const unguardedOrder = await shopper.call(
      'POST',
      '/api/checkout/create_order',
      { checkoutSessionKey: 'x', paymentMethod: 'paynow', shippingAddressId: 'x', voucherCode: 'X' },
      { xsrf: false },
    );
    expect(errorCode(unguardedOrder)).toBe('auth/invalid_state');

    const othersSession = (
      await other.call('POST', '/api/checkout/session', { cartItemIds: [other.cartItemId] })
    ).json().key;
    for (let index = 0; index < PER_ACCOUNT + 2; index += 1) {
      const estimate = await shopper.call(
        'GET',
        `/api/checkout/estimate_costs?checkoutSessionKey=${othersSession}&voucherCode=${wrongCode(index)}`,
      );
      expect(estimate.statusCode).toBe(404);
      expect(errorCode(estimate)).toBe('checkout/not_found');
    }
    const othersLines = await shopper.call('POST', '/api/voucher/validate', {
      code: HIDDEN,
      voucherItems: { cartItemIds: [other.cartItemId] },
    });
    expect(othersLines.statusCode).toBe(404);
    expect(errorCode(othersLines)).toBe('cart/not_found');

    // None of that was a guess: the shopper still has every one.
    const guesses = await burst(PER_ACCOUNT + 1, (index) => shopper.validate(wrongCode(index)));
    expect(tally(guesses)).toEqual({ 'voucher/unknown': PER_ACCOUNT, 'voucher/too_many_attempts': 1 });
  });
});
