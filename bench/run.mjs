// `npm run bench`: starts the built server on loopback (PGlite in a fresh temp directory, or PostgreSQL
// from DATABASE_URL), loads each scenario, and prints the figures beside their budgets. With
// BENCH_PRODUCTS set, the database is first filled with that many products (`npm run bench:seed`); use a
// database of its own for that. It exits non-zero when a budget is missed, and always stops by itself.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { scenarios } from './scenarios.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 3210);
const origin = `http://127.0.0.1:${port}`;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
// Latency budgets are about a shopper's wait, so they are measured under a steady, moderate load rather
// than with the server saturated (where latency only measures the queue).
const latencyConnections = Number(process.env.BENCH_LATENCY_CONNECTIONS ?? 4);
const benchProducts = process.env.BENCH_PRODUCTS;
const PEAK_MEMORY_BUDGET_MB = 350;
const PRODUCT_PAGES_TO_ROTATE = 50;

const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-bench-'));
const serverEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-only-session-secret-0123456789abcdefghij',
  LOG_LEVEL: 'warn',
};

if (benchProducts) {
  const seeded = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/dist/db/seed-large-catalogue.js'), '--products', benchProducts],
    { cwd: root, env: serverEnv, stdio: 'inherit' },
  );
  if (seeded.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(seeded.status ?? 1);
  }
}

// Another server already on the port would answer in place of ours and be measured instead.
const occupied = await fetch(`${origin}/api/ping`).then(
  () => true,
  () => false,
);
if (occupied) {
  console.error(`Something already listens on ${origin}; set BENCH_PORT to a free port.`);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(2);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: serverEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
});

function peakMemoryMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const peak = /VmHWM:\s+(\d+) kB/.exec(status);
  return peak ? Number(peak[1]) / 1024 : Number.NaN;
}

async function waitForServer(deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/ping`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start within 60 s');
}

/** Product pages to rotate over, half by uuid and half by paramName, from across the catalogue. */
async function gatherProductPaths() {
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

/** Throughput and latency under saturation, with autocannon, rotating over the scenario's paths. */
function loadWithAutocannon(paths, seconds) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              next = (next + 1) % paths.length;
              return { ...request, path: paths[next] };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p95: undefined,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
        });
      },
    );
  });
}

/** Exact latency percentiles from a closed loop: each connection sends its next request on a response. */
async function measureLatency(paths, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: latencyConnections });
  const latencies = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const once = (urlPath) =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get(`${origin}${urlPath}`, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) errors += 1;
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const worker = async () => {
    while (performance.now() < deadline) {
      next = (next + 1) % paths.length;
      await once(paths[next]);
    }
  };
  await Promise.all(Array.from({ length: latencyConnections }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (fraction) =>
    Number(latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))].toFixed(1));
  return { rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors };
}

function verdictOf(budget, figures) {
  const misses = [];
  if (budget.minRps !== undefined && figures.rps < budget.minRps) misses.push('req/s');
  if (budget.maxP95Ms !== undefined && figures.p95 > budget.maxP95Ms) misses.push('p95');
  if (budget.maxP99Ms !== undefined && figures.p99 > budget.maxP99Ms) misses.push('p99');
  if (figures.errors > 0) misses.push('errors');
  return misses.length === 0 ? 'ok' : `MISSED (${misses.join(', ')})`;
}

const rows = [];
let failed = false;
try {
  await waitForServer();
  const context = { productPaths: await gatherProductPaths() };
  // BENCH_ONLY=search runs the scenarios whose name contains 'search'.
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios.filter((candidate) => !only || candidate.name.includes(only))) {
    const paths = scenario.paths(context);
    const measure = scenario.measure === 'latency' ? measureLatency : loadWithAutocannon;
    await measure(paths, 1); // warm-up
    const figures = await measure(paths, durationSeconds);
    const verdict = verdictOf(scenario.budget, figures);
    failed ||= verdict !== 'ok';
    const { budget } = scenario;
    rows.push({
      scenario: scenario.name,
      load:
        scenario.measure === 'latency'
          ? `${latencyConnections} conn, closed loop`
          : `${connections} conn, autocannon`,
      'req/s': Math.round(figures.rps),
      'budget req/s': budget.minRps === undefined ? '' : `>= ${budget.minRps}`,
      'p50 ms': figures.p50,
      'p95 ms': figures.p95 ?? '',
      'budget p95 ms': budget.maxP95Ms === undefined ? '' : `<= ${budget.maxP95Ms}`,
      'p99 ms': figures.p99,
      'budget p99 ms': budget.maxP99Ms === undefined ? '' : `<= ${budget.maxP99Ms}`,
      errors: figures.errors,
      verdict,
    });
  }
  const peak = peakMemoryMb();
  failed ||= peak > PEAK_MEMORY_BUDGET_MB;
  const catalogue = await (await fetch(`${origin}/api/product/search?limit=1`)).json();
  console.log(
    `\nCrossbuy bench: ${durationSeconds} s per scenario, ${
      process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
    }, one server process, ${catalogue.total.toLocaleString('en-GB')} products on sale, ${
      context.productPaths.length
    } product pages rotated`,
  );
  console.table(rows);
  console.log(`peak server memory (VmHWM): ${peak.toFixed(1)} MB (budget <= ${PEAK_MEMORY_BUDGET_MB} MB)`);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
