// What `npm run bench` measures. Budgets are for one server process on this project's 2-core machines,
// with the load generator sharing those cores.
export const scenarios = [
  { name: 'GET /api/ping', path: '/api/ping', budget: { minRps: 3000, maxP99Ms: 25 } },
  { name: 'GET /api/config', path: '/api/config', budget: { minRps: 3000, maxP99Ms: 25 } },
];
