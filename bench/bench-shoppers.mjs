// The bench's shoppers and their sessions: the shoppers registered through the API and those seeded in
// the database (ORDER_SHOPPERS_SEED), signing them and the operator in, their calls, and the checkout
// sessions the order scenarios and the money mix place orders of, each once.

import { generate } from 'otplib';

export const BENCH_PASSWORD = 'Bench-password-1';
/**
 * Shoppers placing the orders, and the products each has a checkout session of, one unit each: the pool
 * of orders to place, 8,000 in all (the demo store has 100 products without variants). Both order
 * scenarios draw from it over their warm-up and measured seconds (9 each by default): room for 400
 * orders/s; a run that empties it counts an error rather than measure nothing. With more shoppers than
 * connections, any 50 orders in flight are of 50 different shoppers.
 */
export const ORDER_BENCH_SHOPPERS = 80;
const ORDER_BENCH_PRODUCTS = 100;
/**
 * The money mix's own shoppers, seeded after the order scenarios' ones, each with a checkout session of
 * one unit of 60 products: 4,800 orders, room for 380 orders/s in the closed loop after the open loop
 * took its 1,350 over 9 seconds.
 */
const MONEY_MIX_SHOPPERS = 80;
const MONEY_MIX_SESSIONS_PER_SHOPPER = 60;
/** Orders behind the store's order desk: a year of a busy store. */
export const ORDER_DESK_HISTORY = 100_000;

/** The seeded shoppers: one per parallel order, one with an order history to read, then the money mix's. */
export const ORDER_SHOPPERS_SEED = [
  '--shoppers',
  String(ORDER_BENCH_SHOPPERS + 1 + MONEY_MIX_SHOPPERS),
  '--products',
  String(ORDER_BENCH_PRODUCTS),
  '--password',
  BENCH_PASSWORD,
  '--history',
  String(ORDER_DESK_HISTORY),
];

function cookiesOf(response) {
  return Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      return [pair.slice(0, index), pair.slice(index + 1)];
    }),
  );
}

let account;
const extraShoppers = new Map();

/** Forgets the shoppers registered so far, so the next scenarios register new ones (a new store's run). */
export function forgetBenchShoppers() {
  account = undefined;
  extraShoppers.clear();
}

/** The anti-forgery cookies a response set, as a cookie header, and the token to echo. */
function antiForgery(cookies) {
  const { 'XSRF-TOKEN': xsrf, xsrf_binding: binding } = cookies;
  return { xsrf, cookie: `XSRF-TOKEN=${xsrf}; xsrf_binding=${binding}` };
}

/**
 * One shopper registered through the API, as a browser would: anti-forgery cookies from /api/ping,
 * then POST /api/auth/register, which signs the new account in and binds new ones to its session.
 */
export function benchAccount(origin) {
  account ??= registerShopper(origin, 'bench');
  return account;
}

/** Another registered shopper, once per label, for scenarios that change what a shopper has. */
export function benchShopper(origin, label) {
  if (!extraShoppers.has(label)) extraShoppers.set(label, registerShopper(origin, label));
  return extraShoppers.get(label);
}

async function registerShopper(origin, label) {
  const visitor = antiForgery(cookiesOf(await fetch(`${origin}/api/ping`)));
  const email = `${label}-${Date.now()}@example.com`;
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: visitor.cookie, 'x-xsrf-token': visitor.xsrf },
    body: JSON.stringify({
      email,
      password: BENCH_PASSWORD,
      firstName: 'Bench',
      lastName: 'Shopper',
      phoneNumber: '+6581234567',
      country: 'SG',
      birthDate: '1990-01-01',
      gender: 'other',
      acceptTerms: true,
    }),
  });
  if (response.status !== 201) throw new Error(`bench registration failed: ${await response.text()}`);
  const cookies = cookiesOf(response);
  const signedIn = antiForgery(cookies);
  return {
    email,
    visitor,
    signedInCookie: `access_token=${cookies.access_token}; ${signedIn.cookie}`,
    xsrf: signedIn.xsrf,
  };
}

/** A seeded shopper signed in through the API as a browser does, with the id of their address. */
/** Signs a seeded account in: its cookies and anti-forgery token. */
async function signInSeeded(origin, email) {
  const visitor = antiForgery(cookiesOf(await fetch(`${origin}/api/ping`)));
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: visitor.cookie, 'x-xsrf-token': visitor.xsrf },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`bench sign-in failed: ${await response.text()}`);
  const cookies = cookiesOf(response);
  const signedIn = antiForgery(cookies);
  return { signedInCookie: `access_token=${cookies.access_token}; ${signedIn.cookie}`, xsrf: signedIn.xsrf };
}

/**
 * The seeded operator, signed in and past two-factor as the back office requires. The store takes each
 * code once and accepts the neighbouring steps' too, so a second sign-in within 30 seconds uses those.
 */
export async function signInSeededStaff(origin, { operatorEmail, operatorTfaSecret }) {
  const signedIn = await signInSeeded(origin, operatorEmail);
  const step = Math.floor(Date.now() / 30_000);
  for (const candidate of [step - 1, step, step + 1]) {
    const response = await fetch(`${origin}/api/tfa/verify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: signedIn.signedInCookie,
        'x-xsrf-token': signedIn.xsrf,
      },
      body: JSON.stringify({ token: await generate({ secret: operatorTfaSecret, epoch: candidate * 30 }) }),
    });
    if (response.status === 200) {
      const { access_token: accessToken } = cookiesOf(response);
      return {
        ...signedIn,
        signedInCookie: signedIn.signedInCookie.replace(/^access_token=[^;]*/, `access_token=${accessToken}`),
      };
    }
  }
  throw new Error('bench two-factor failed: every code of the last, this and the next 30 seconds was taken');
}

/** A seeded shopper, signed in, with the address their orders go to. */
export async function signInSeededShopper(origin, email) {
  const shopper = await signInSeeded(origin, email);
  const { addresses } = await shopperCall(origin, shopper, 'GET', '/api/address');
  return { ...shopper, addressId: addresses[0].id };
}

export async function shopperCall(origin, shopper, method, path, body) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      cookie: shopper.signedInCookie,
      ...(method !== 'GET' && { 'x-xsrf-token': shopper.xsrf }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A checkout session of one unit of the product: what create_order then places. */
export async function checkoutSessionOf(origin, shopper, productId) {
  const { cartItem } = await shopperCall(origin, shopper, 'POST', '/api/cart', {
    productId,
    quantity: 1,
    variantPath: '',
  });
  const { key } = await shopperCall(origin, shopper, 'POST', '/api/checkout/session', {
    cartItemIds: [cartItem.id],
  });
  return key;
}

export function orderBody(shopper, checkoutSessionKey) {
  // The checkout page names the shopper's region, as the bench does.
  return {
    checkoutSessionKey,
    paymentMethod: 'paynow',
    shippingAddressId: shopper.addressId,
    regionCountryCode: 'SG',
  };
}

/**
 * Checkout sessions of one unit each, to place once: each shopper has one of `rounds` restocked products,
 * a different one in each round. They are listed round by round, each round one session of every shopper
 * on as many different products, so parallel orders are of different shoppers and rarely wait on one
 * product's row lock.
 */
async function checkoutSessionRounds(origin, emails, productIds, rounds) {
  const shoppers = [];
  for (const email of emails) shoppers.push(await signInSeededShopper(origin, email));
  const keys = await Promise.all(
    shoppers.map(async (shopper, index) => {
      const sessions = [];
      for (let round = 0; round < rounds; round += 1) {
        sessions.push(
          await checkoutSessionOf(origin, shopper, productIds[(index + round) % productIds.length]),
        );
      }
      return sessions;
    }),
  );
  return Array.from({ length: rounds }, (_, round) =>
    shoppers.map((shopper, index) => ({ shopper, key: keys[index][round] })),
  ).flat();
}

let sessionPool;

/** The orders to place, once each: every seeded shopper has a checkout session of each restocked product. */
export function orderSessionPool(origin, { orderShoppers }) {
  sessionPool ??= (async () => {
    const { emails, productIds } = orderShoppers;
    const sessions = await checkoutSessionRounds(
      origin,
      emails.slice(0, ORDER_BENCH_SHOPPERS),
      productIds,
      productIds.length,
    );
    const pool = sessions.map(({ shopper, key }) => ({
      headers: {
        'content-type': 'application/json',
        cookie: shopper.signedInCookie,
        'x-xsrf-token': shopper.xsrf,
      },
      body: JSON.stringify(orderBody(shopper, key)),
    }));
    let next = 0;
    return { take: () => pool[next++] };
  })();
  return sessionPool;
}

let moneyMixPool;

/** The money mix's orders to place, once each, and the operator who refunds and cancels some of them. */
export function moneyMixSessions(origin, { orderShoppers }) {
  moneyMixPool ??= (async () => {
    const { emails, productIds } = orderShoppers;
    const first = ORDER_BENCH_SHOPPERS + 1;
    const sessions = await checkoutSessionRounds(
      origin,
      emails.slice(first, first + MONEY_MIX_SHOPPERS),
      productIds,
      MONEY_MIX_SESSIONS_PER_SHOPPER,
    );
    const operator = await signInSeededStaff(origin, orderShoppers);
    let next = 0;
    return {
      operator: { ...operator, operator: true },
      sessions: {
        take: () => (next < sessions.length ? { index: next, ...sessions[next++] } : undefined),
      },
    };
  })();
  return moneyMixPool;
}
