// What `npm run bench` measures. Budgets are for one server process on this project's 2-core machines,
// with the load generator sharing those cores.
//
// `paths(context)` lists the URLs a scenario rotates over; `context.productPaths` holds product pages
// gathered from the running server. `measure: 'latency'` runs a closed loop over keep-alive connections and
// reports exact percentiles (autocannon reports p97.5 and p99, not p95).

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

export const scenarios = [
  { name: 'GET /api/ping', paths: () => ['/api/ping'], budget: { minRps: 3000, maxP99Ms: 25 } },
  { name: 'GET /api/config', paths: () => ['/api/config'], budget: { minRps: 3000, maxP99Ms: 25 } },
  {
    name: 'GET /api/product/one/{id}',
    paths: (context) => context.productPaths,
    budget: { minRps: 3000, maxP99Ms: 20 },
  },
  {
    name: 'GET /api/product/search?q=<text>',
    paths: () => SEARCH_TEXTS.map((text) => `/api/product/search?q=${encodeURIComponent(text)}`),
    measure: 'latency',
    budget: { maxP95Ms: 25 },
  },
];
