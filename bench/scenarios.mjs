// What `npm run bench` measures. Budgets are for one server process on this project's 2-core machines,
// with the load generator sharing those cores.
//
// `paths(context)` lists the URLs a scenario rotates over; `context.productPaths` holds product pages
// gathered from the running server, `context.categoryIds` every category and `context.deepCategoryIds`
// those with more than 100 listing pages of 12. `prepare(origin)` returns the headers and body a scenario's requests
// carry (a signed-in shopper's cookies, say), or `variants`, several of them taken in turn; `method` and `connections` override the defaults.
// `measure: 'latency'` runs a closed loop over keep-alive connections and reports exact percentiles
// (autocannon reports p97.5 and p99, not p95); there `prepare` may instead return `take()`, which hands
// out each request's headers and body once (a checkout session places one order), and `connections`
// sets how many run at once. `measure: 'open'` sends requests due at `ratePerSecond` over up to `connections`
// at once, answered or not, and times each from when it was due. `needsOrderShoppers` asks the run for the shoppers of ORDER_SHOPPERS_SEED,
// seeded in the database, as `context.orderShoppers` ({ emails, operatorEmail, operatorTfaSecret, productIds }) in `prepare(origin, context)`. A budget's `minRpsOf` ties its throughput to another
// scenario measured in the same run: `{ scenario, share }` needs at least that share of its req/s.
// `measure` may also be a function `(scenario, prepared, paths, seconds)` answering the figures itself, with
// `load` saying what it applies; a prepared object's `verify()` runs after the measured seconds and answers
// `{ breaches, summary }`, each breach counted as an error. `needsCardProvider` starts the card provider
// stand-in on 127.0.0.1 before the server, points the server at it, and gives it as `context.cardProvider`;
// such scenarios read the database while the server runs, so they need PostgreSQL (`context.databaseUrl`).

import { generate } from 'otplib';
import { measureMoneyMix, prepareMoneyMix } from './money-mix.mjs';

// Real shopper searches: whole words, partial words, typos, several words.
const SEARCH_TEXTS = [
  'headphones',
  'hedphones',
  'wireless earbuds',
  'linen dress',
  'snekers',
  'backpack',
  'serum',
  'mechanical keyboard',
  'plush',
  'tent',
  'cast iron',
  'sheet mask',
];

const PRODUCT_LOOKUP = 'GET /api/product/one/{id}';
const CREATE_ORDER = 'POST /api/checkout/create_order';
/** A listing costs at most twice a product page: at least half its throughput. */
const LISTING_BUDGET = { minRpsOf: { scenario: PRODUCT_LOOKUP, share: 0.5 }, maxP99Ms: 40 };
const LISTING_LIMIT = 12;
/** The deepest page the web links by number (NUMBERED_PAGES); past it, it pages by cursor. */
const DEEPEST_LINKED_PAGE = 10;
/** The deepest page the API opens by number. */
const DEEPEST_NUMBERED_PAGE = 100;
const BROWSE_SORTS = ['newest', 'price_asc', 'price_desc'];

const BENCH_PASSWORD = 'Bench-password-1';
const CART_BENCH_LINES = 20;
/** Shoppers ordering at once in the order scenarios, and the orders per second they must be served. */
const ORDER_BENCH_CONNECTIONS = 50;
const ORDER_BUDGET_PER_SECOND = 200;
/**
 * Shoppers placing the orders, and the products each has a checkout session of, one unit each: the pool
 * of orders to place, 8,000 in all (the demo store has 100 products without variants). Both order
 * scenarios draw from it over their warm-up and measured seconds (9 each by default): room for 400
 * orders/s; a run that empties it counts an error rather than measure nothing. With more shoppers than
 * connections, any 50 orders in flight are of 50 different shoppers.
 */
const ORDER_BENCH_SHOPPERS = 80;
const ORDER_BENCH_PRODUCTS = 100;
const MONEY_MIX = 'money mix: order, pay by card, cancel, refund';
/** Shoppers at once in the money mix, and the orders per second they must complete. */
const MONEY_MIX_SHOPPERS_AT_ONCE = 50;
const MONEY_MIX_BUDGET_PER_SECOND = 150;
/**
 * The money mix's own shoppers, seeded after the order scenarios' ones, each with a checkout session of
 * one unit of 60 products: 4,800 orders, room for 380 orders/s in the closed loop after the open loop
 * took its 1,350 over 9 seconds.
 */
const MONEY_MIX_SHOPPERS = 80;
const MONEY_MIX_SESSIONS_PER_SHOPPER = 60;
const ORDER_HISTORY = 100;
/** Orders behind the store's order desk: a year of a busy store. */
const ORDER_DESK_HISTORY = 100_000;
const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'disputed',
];

/** The store day (Singapore time, as the order desk counts days) `days` before today, YYYY-MM-DD. */
function storeDayBefore(days) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(
    new Date(Date.now() - days * 86_400_000),
  );
}

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
function benchAccount(origin) {
  account ??= registerShopper(origin, 'bench');
  return account;
}

/** Another registered shopper, once per label, for scenarios that change what a shopper has. */
function benchShopper(origin, label) {
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
async function signInSeededStaff(origin, { operatorEmail, operatorTfaSecret }) {
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
async function signInSeededShopper(origin, email) {
  const shopper = await signInSeeded(origin, email);
  const { addresses } = await shopperCall(origin, shopper, 'GET', '/api/address');
  return { ...shopper, addressId: addresses[0].id };
}

async function shopperCall(origin, shopper, method, path, body) {
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
async function checkoutSessionOf(origin, shopper, productId) {
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

function orderBody(shopper, checkoutSessionKey) {
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
function orderSessionPool(origin, { orderShoppers }) {
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
function moneyMixSessions(origin, { orderShoppers }) {
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

/** A run of the money mix on the bench's PostgreSQL database, with the card provider stand-in. */
async function moneyMix(origin, context) {
  const { sessions, operator } = await moneyMixSessions(origin, context);
  return prepareMoneyMix(origin, {
    sessions,
    operator,
    standIn: context.cardProvider,
    databaseUrl: context.databaseUrl,
    productIds: context.orderShoppers.productIds,
  });
}

/** `count` cart lines of the store's newest products, each with its first option of every variant. */
async function cartLines(origin, count) {
  const response = await fetch(`${origin}/api/product/search?sort=newest&limit=${count}`);
  if (!response.ok) throw new Error(`product search answered ${response.status}: ${await response.text()}`);
  const { products } = await response.json();
  if (products.length < count) throw new Error(`the bench needs ${count} products, found ${products.length}`);
  return Promise.all(
    products.map(async ({ uuid }) => {
      const { product } = await (await fetch(`${origin}/api/product/one/${uuid}`)).json();
      return { productId: uuid, variantPath: product.variants.map(() => 0).join('/') };
    }),
  );
}

/**
 * Deep category listing paths, for each category with more products than the numbered pages hold: the
 * deepest page the web links by number, and the page after the deepest numbered one through the
 * `nextCursor` that page answers with.
 */
export async function deepCategoryPaths(origin, categoryIds) {
  const paths = [];
  for (const id of categoryIds) {
    const deepest = `/api/product/search?categoryId=${id}&limit=${LISTING_LIMIT}&page=${DEEPEST_NUMBERED_PAGE}`;
    const response = await fetch(`${origin}${deepest}`);
    if (!response.ok) throw new Error(`${deepest} answered ${response.status}: ${await response.text()}`);
    const page = await response.json();
    if (page.total <= LISTING_LIMIT * DEEPEST_NUMBERED_PAGE) continue;
    paths.push(`/api/product/search?categoryId=${id}&limit=${LISTING_LIMIT}&page=${DEEPEST_LINKED_PAGE}`);
    if (page.nextCursor) {
      paths.push(
        `/api/product/search?categoryId=${id}&limit=${LISTING_LIMIT}&after=${encodeURIComponent(page.nextCursor)}`,
      );
    }
  }
  return paths;
}

const PRODUCT_PAGES_TO_ROTATE = 50;

/** Product pages of the running store to rotate over, by uuid and by paramName in turn. */
async function gatherProductPaths(origin) {
  const paths = [];
  for (let page = 1; page <= PRODUCT_PAGES_TO_ROTATE; page += 1) {
    const response = await fetch(`${origin}/api/product/search?sort=newest&limit=60&page=${page}`);
    if (!response.ok) throw new Error(`product search answered ${response.status}: ${await response.text()}`);
    const { products } = await response.json();
    if (products.length === 0) break;
    for (const [index, product] of products.entries()) {
      paths.push(`/api/product/one/${index % 2 === 0 ? product.uuid : product.paramName}`);
    }
  }
  if (paths.length === 0) throw new Error('the catalogue is empty: nothing to rotate over');
  return paths;
}

/** Every category of the tree, parents and leaves. */
async function gatherCategoryIds(origin) {
  const response = await fetch(`${origin}/api/product/categories`);
  if (!response.ok) throw new Error(`categories answered ${response.status}: ${await response.text()}`);
  const ids = [];
  const walk = (nodes) => {
    for (const node of nodes) {
      ids.push(node.id);
      walk(node.children);
    }
  };
  walk((await response.json()).categories);
  return ids;
}

/** What the scenarios' `paths(context)` read, gathered from the running store. */
export async function scenarioContext(origin) {
  const categoryIds = await gatherCategoryIds(origin);
  return {
    productPaths: await gatherProductPaths(origin),
    categoryIds,
    deepCategoryPaths: await deepCategoryPaths(origin, categoryIds),
  };
}

export const scenarios = [
  { name: 'GET /api/ping', paths: () => ['/api/ping'], budget: { minRps: 3000, maxP99Ms: 25 } },
  { name: 'GET /api/config', paths: () => ['/api/config'], budget: { minRps: 3000, maxP99Ms: 25 } },
  {
    name: PRODUCT_LOOKUP,
    paths: (context) => context.productPaths,
    budget: { minRps: 3000, maxP99Ms: 20 },
  },
  {
    // The whole server-rendered page a shopper's browser asks for first: React Router's render plus the
    // API calls its loaders make in-process.
    name: 'GET /product/{id} (server-rendered HTML)',
    paths: (context) =>
      context.productPaths.map((apiPath) => apiPath.replace('/api/product/one/', '/product/')),
    measure: 'latency',
    budget: { maxP95Ms: 50 },
  },
  {
    name: 'GET /api/product/search?q=<text>',
    paths: () => SEARCH_TEXTS.map((text) => `/api/product/search?q=${encodeURIComponent(text)}`),
    measure: 'latency',
    budget: { maxP95Ms: 25 },
  },
  {
    // A category page as the web shows it, every category in turn: products, total and facets.
    name: `GET /api/product/search?categoryId=<id>&limit=${LISTING_LIMIT} (first page)`,
    paths: (context) =>
      context.categoryIds.map((id) => `/api/product/search?categoryId=${id}&limit=${LISTING_LIMIT}`),
    budget: LISTING_BUDGET,
  },
  {
    // Deep pages of each large category: the deepest the web links by number, and one past the deepest
    // numbered page, reached by cursor.
    name: `GET /api/product/search?categoryId=<id>&limit=${LISTING_LIMIT} (page ${DEEPEST_LINKED_PAGE}, and ${DEEPEST_NUMBERED_PAGE + 1} by cursor)`,
    paths: (context) => context.deepCategoryPaths,
    budget: LISTING_BUDGET,
  },
  {
    // Browsing everything with no filter, in each sort: the first pages and the deepest linked one.
    name: 'GET /api/product/search?sort=<sort>&page=<n> (unfiltered browse)',
    paths: () =>
      BROWSE_SORTS.flatMap((sort) =>
        [1, 2, 3, DEEPEST_LINKED_PAGE].map((page) => `/api/product/search?sort=${sort}&page=${page}`),
      ),
    budget: LISTING_BUDGET,
  },
  {
    name: 'GET /api/auth/me (signed in)',
    paths: () => ['/api/auth/me'],
    budget: { minRps: 3000, maxP99Ms: 25 },
    // The cookies a signed-in browser sends: its access token and the anti-forgery cookie it already has.
    async prepare(origin) {
      const { signedInCookie } = await benchAccount(origin);
      const headers = { cookie: signedInCookie };
      // A visitor also gets 200 here, so make sure the load is really that of a signed-in user.
      const me = await (await fetch(`${origin}/api/auth/me`, { headers })).json();
      if (me.signedIn !== true)
        throw new Error(`GET /api/auth/me did not see the bench user: ${JSON.stringify(me)}`);
      return { headers };
    },
  },
  {
    // Adding to the cart: each request adds one to one of 60 lines of one of four shoppers, so a run stays
    // below a line's 99 (4 x 60 x 99 = 23,760 adds, 2,600 a second for 9 s) and every answer is a success.
    name: 'POST /api/cart',
    paths: () => ['/api/cart'],
    method: 'POST',
    budget: { minRps: 1000, maxP99Ms: 50 },
    async prepare(origin) {
      const lines = await cartLines(origin, 60);
      const shoppers = await Promise.all(
        ['cart-a', 'cart-b', 'cart-c', 'cart-d'].map((label) => benchShopper(origin, label)),
      );
      return {
        variants: shoppers.flatMap((shopper) =>
          lines.map((line) => ({
            headers: {
              'content-type': 'application/json',
              cookie: shopper.signedInCookie,
              'x-xsrf-token': shopper.xsrf,
            },
            body: JSON.stringify({ ...line, quantity: 1 }),
          })),
        ),
      };
    },
  },
  {
    // The cart page's call with 20 lines: every line's product, price and stock read from the tables.
    name: `GET /api/cart (${CART_BENCH_LINES} lines)`,
    paths: () => ['/api/cart'],
    measure: 'latency',
    budget: { maxP95Ms: 20 },
    async prepare(origin) {
      const shopper = await benchShopper(origin, 'cart-reader');
      const headers = { cookie: shopper.signedInCookie };
      for (const line of await cartLines(origin, CART_BENCH_LINES)) {
        const added = await fetch(`${origin}/api/cart`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'x-xsrf-token': shopper.xsrf },
          body: JSON.stringify({ ...line, quantity: 1 }),
        });
        if (added.status !== 201) throw new Error(`adding to the bench cart failed: ${await added.text()}`);
      }
      const { cartItems } = await (await fetch(`${origin}/api/cart`, { headers })).json();
      if (cartItems.length !== CART_BENCH_LINES)
        throw new Error(`the bench cart has ${cartItems.length} lines`);
      return { headers };
    },
  },
  {
    // Placing orders, 50 shoppers at once: the throughput of create_order (stock, pricing, the order's
    // rows, its mail and notice). Each request is a checkout session of its own, prepared before.
    name: CREATE_ORDER,
    paths: () => ['/api/checkout/create_order'],
    method: 'POST',
    measure: 'latency',
    connections: ORDER_BENCH_CONNECTIONS,
    needsOrderShoppers: true,
    budget: { minRps: ORDER_BUDGET_PER_SECOND },
    prepare: (origin, context) => orderSessionPool(origin, context),
  },
  {
    // A shopper's wait for their order while 50 shoppers order at the budgeted rate, 200 orders/s, due
    // at that rate whatever the server answers (an open loop). With 50 always in flight instead (the
    // scenario above) the wait is 50 / throughput by Little's law, whatever the code does; this is the wait
    // shoppers feel at the rate the store is sized for. It draws from the same pool.
    name: `${CREATE_ORDER} (a shopper's wait)`,
    paths: () => ['/api/checkout/create_order'],
    method: 'POST',
    measure: 'open',
    connections: ORDER_BENCH_CONNECTIONS,
    ratePerSecond: ORDER_BUDGET_PER_SECOND,
    needsOrderShoppers: true,
    budget: { maxP95Ms: 100 },
    prepare: (origin, context) => orderSessionPool(origin, context),
  },
  {
    // Orders paid by card through the provider stand-in, with everything else that happens to money at
    // the same time (bench/money-mix.mjs): 50 shoppers, each starting the next order as the last ends.
    // Orders/s counts the orders whose shopper (and operator) finished with them; every order is checked
    // in the database afterwards.
    name: `${MONEY_MIX} (${MONEY_MIX_SHOPPERS_AT_ONCE} shoppers at once)`,
    paths: () => [],
    measure: (_scenario, mix, _paths, seconds) =>
      measureMoneyMix(mix, { shoppers: MONEY_MIX_SHOPPERS_AT_ONCE }, seconds),
    load: `${MONEY_MIX_SHOPPERS_AT_ONCE} shoppers, closed loop, orders/s`,
    needsOrderShoppers: true,
    needsCardProvider: true,
    budget: { minRps: MONEY_MIX_BUDGET_PER_SECOND },
    prepare: moneyMix,
  },
  {
    // The same mix with a new order due every 1/150 s, whatever the server answers: the wait of each
    // call, the first of an order timed from when it was due.
    name: `${MONEY_MIX} (a shopper's wait)`,
    paths: () => [],
    measure: (_scenario, mix, _paths, seconds) =>
      measureMoneyMix(
        mix,
        { shoppers: MONEY_MIX_SHOPPERS_AT_ONCE, ratePerSecond: MONEY_MIX_BUDGET_PER_SECOND },
        seconds,
      ),
    load: `${MONEY_MIX_SHOPPERS_AT_ONCE} shoppers, ${MONEY_MIX_BUDGET_PER_SECOND} orders/s open loop`,
    needsOrderShoppers: true,
    needsCardProvider: true,
    budget: { maxP95Ms: 150 },
    prepare: moneyMix,
  },
  {
    // A shopper's order list, page by page and by status, with 100 orders behind it.
    name: `GET /api/order (${ORDER_HISTORY} orders)`,
    paths: () => [
      '/api/order',
      '/api/order?page=2',
      '/api/order?page=10',
      '/api/order?status=pending_payment',
    ],
    measure: 'latency',
    needsOrderShoppers: true,
    budget: { maxP95Ms: 30 },
    async prepare(origin, { orderShoppers }) {
      const shopper = await signInSeededShopper(origin, orderShoppers.emails[ORDER_BENCH_SHOPPERS]);
      for (let index = 0; index < ORDER_HISTORY; index += 1) {
        const productId = orderShoppers.productIds[index % orderShoppers.productIds.length];
        const key = await checkoutSessionOf(origin, shopper, productId);
        await shopperCall(origin, shopper, 'POST', '/api/checkout/create_order', orderBody(shopper, key));
      }
      const { total } = await shopperCall(origin, shopper, 'GET', '/api/order');
      if (total !== ORDER_HISTORY) throw new Error(`the bench shopper has ${total} orders`);
      return { headers: { cookie: shopper.signedInCookie } };
    },
  },
  {
    // The operator's order desk with 100,000 orders behind it, one status at a time, first and deeper pages.
    name: `GET /api/admin/orders?status= (${ORDER_DESK_HISTORY.toLocaleString('en')} orders)`,
    paths: () =>
      ORDER_STATUSES.flatMap((status) => [
        `/api/admin/orders?status=${status}`,
        `/api/admin/orders?status=${status}&page=20`,
      ]),
    measure: 'latency',
    needsOrderShoppers: true,
    budget: { maxP95Ms: 50 },
    async prepare(origin, { orderShoppers }) {
      const operator = await signInSeededStaff(origin, orderShoppers);
      const { total } = await shopperCall(origin, operator, 'GET', '/api/admin/orders?limit=1');
      // A few of the seeded references may repeat one another, and those orders are left out.
      if (total < ORDER_DESK_HISTORY * 0.999) throw new Error(`the order desk has ${total} orders`);
      return { headers: { cookie: operator.signedInCookie } };
    },
  },
  {
    // The back office's first page over the same year of orders: 30 days grouped by day and currency
    // (about 8,600 orders on orders_placed_idx) and the counts of what waits for the staff. It sums a
    // month where the desk reads a page, and an open dashboard asks once a minute: 100 ms.
    name: `GET /api/admin/dashboard (${ORDER_DESK_HISTORY.toLocaleString('en')} orders)`,
    paths: () => ['/api/admin/dashboard'],
    measure: 'latency',
    needsOrderShoppers: true,
    budget: { maxP95Ms: 100 },
    async prepare(origin, { orderShoppers }) {
      const operator = await signInSeededStaff(origin, orderShoppers);
      const { days } = await shopperCall(origin, operator, 'GET', '/api/admin/dashboard');
      const recent = days.reduce((sum, day) => sum + day.orders, 0);
      // A year of orders spread evenly: the last 30 days hold about a twelfth of them.
      if (recent < ORDER_DESK_HISTORY / 20) throw new Error(`the dashboard sees ${recent} recent orders`);
      return { headers: { cookie: operator.signedInCookie } };
    },
  },
  {
    // The accounts' export of the last 30 store days of the same year of orders (about 8,600 lines): one
    // request is one whole file, streamed a page of 500 orders at a time, so its latency is the time to
    // the file's last byte. One connection: an export is an operator's occasional download, not traffic.
    name: `GET /api/admin/orders/export (30 days of ${ORDER_DESK_HISTORY.toLocaleString('en')} orders)`,
    paths: () => [`/api/admin/orders/export?placedFrom=${storeDayBefore(29)}`],
    measure: 'latency',
    connections: 1,
    needsOrderShoppers: true,
    budget: { maxP95Ms: 2000 },
    async prepare(origin, { orderShoppers }) {
      const operator = await signInSeededStaff(origin, orderShoppers);
      const response = await fetch(`${origin}/api/admin/orders/export?placedFrom=${storeDayBefore(29)}`, {
        headers: { cookie: operator.signedInCookie },
      });
      const lines = (await response.text()).split('\r\n').length - 2;
      if (response.status !== 200 || lines < ORDER_DESK_HISTORY / 20)
        throw new Error(`the order export answered ${response.status} with ${lines} orders`);
      console.log(`order export: ${lines.toLocaleString('en')} orders in the file of 30 store days`);
      return { headers: { cookie: operator.signedInCookie } };
    },
  },
  {
    // Each sign-in is one argon2id hash (19 MiB, 2 passes): the hash, not the server, sets the pace,
    // so few connections keep the latency figure meaningful.
    name: 'POST /api/auth/login',
    paths: () => ['/api/auth/login'],
    method: 'POST',
    connections: 4,
    budget: { minRps: 20, maxP99Ms: 1000 },
    async prepare(origin) {
      const { email, visitor } = await benchAccount(origin);
      return {
        headers: { 'content-type': 'application/json', cookie: visitor.cookie, 'x-xsrf-token': visitor.xsrf },
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      };
    },
  },
];
