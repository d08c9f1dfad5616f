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
// The shoppers and their sessions are in bench-shoppers.mjs, what `paths(context)` reads in scenario-context.mjs.

import {
  BENCH_PASSWORD,
  benchAccount,
  benchShopper,
  checkoutSessionOf,
  moneyMixSessions,
  ORDER_BENCH_SHOPPERS,
  ORDER_DESK_HISTORY,
  orderBody,
  orderSessionPool,
  shopperCall,
  signInSeededShopper,
  signInSeededStaff,
} from './bench-shoppers.mjs';
import { measureMoneyMix, prepareMoneyMix } from './money-mix.mjs';
import { DEEPEST_LINKED_PAGE, DEEPEST_NUMBERED_PAGE, LISTING_LIMIT } from './scenario-context.mjs';

export { forgetBenchShoppers, ORDER_SHOPPERS_SEED } from './bench-shoppers.mjs';
export { deepCategoryPaths, scenarioContext } from './scenario-context.mjs';

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
const BROWSE_SORTS = ['newest', 'price_asc', 'price_desc'];

const CART_BENCH_LINES = 20;
/** Shoppers ordering at once in the order scenarios, and the orders per second they must be served. */
const ORDER_BENCH_CONNECTIONS = 50;
const ORDER_BUDGET_PER_SECOND = 200;
const MONEY_MIX = 'money mix: order, pay by card, cancel, refund';
/** Shoppers at once in the money mix, and the orders per second they must complete. */
const MONEY_MIX_SHOPPERS_AT_ONCE = 50;
const MONEY_MIX_BUDGET_PER_SECOND = 150;
const ORDER_HISTORY = 100;
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
