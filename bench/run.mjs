// `npm run bench`: starts the built server on loopback (PGlite in a fresh temp directory, or PostgreSQL
// from DATABASE_URL), loads each scenario, and prints the figures beside their budgets. With
// BENCH_PRODUCTS set, the database is first filled with that many products (`npm run bench:seed`); use a
// database of its own for that. BENCH_ONLY=<text> runs only the scenarios whose name contains it.
// It exits non-zero when a budget is missed, and always stops by itself.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeOptions } from '../scripts/server-node-options.mjs';
import { startCardProvider } from './money-mix.mjs';
import { rotatingLoad } from './rotating-load.mjs';
import { ORDER_SHOPPERS_SEED, scenarioContext, scenarios } from './scenarios.mjs';
import { cpuTimeMs, residentMemoryMb, stopServer, waitForServer } from './server-process.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 3210);
const origin = `http://127.0.0.1:${port}`;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
// Latency budgets are about a shopper's wait, so they are measured under a steady load that keeps the
// server busy but not saturated: on two cores shared with the load generator, two searches at a time
// already keep them mostly busy, and beyond that latency only measures the queue.
// BENCH_LATENCY_CONNECTIONS raises it.
const latencyConnections = Number(process.env.BENCH_LATENCY_CONNECTIONS ?? 2);
const benchProducts = process.env.BENCH_PRODUCTS;
const WARM_UP_SECONDS = 1;
// PGlite runs PostgreSQL inside the server process (WebAssembly), so with it the process also holds
// the database's memory.
const PEAK_MEMORY_BUDGET_MB = process.env.DATABASE_URL ? 250 : 450;
const MEMORY_SAMPLE_MS = 100;

const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-bench-'));
const serverEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-only-session-secret-0123456789abcdefghij',
  LOG_LEVEL: 'warn',
  // The orders the bench places are paid by PayNow, which production offers only with a business number.
  PAYNOW_UEN: process.env.PAYNOW_UEN ?? '53312345X',
  // Each bench shopper holds a hundred checkouts and places a hundred orders in seconds, far past what the
  // store lets one shopper hold (docs/decisions/0058); the bench measures orders, not those limits.
  MAX_UNPAID_ORDERS: '10000',
  MAX_ORDERS_PER_HOUR: '10000',
  MAX_OPEN_CHECKOUTS: '10000',
};

if (benchProducts) {
  const seeded = spawnSync(
    process.execPath,
    [path.join(root, 'apps/demo/dist/seed-large-catalogue.js'), '--products', benchProducts],
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

// BENCH_CPU_PROFILE=<dir>: the measured server writes a V8 CPU profile of the whole run there as it stops,
// to open in a browser's developer tools.
const cpuProfileDir = process.env.BENCH_CPU_PROFILE;

function startServer({ measured = false } = {}) {
  const profile =
    measured && cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : [];
  return spawn(
    process.execPath,
    [...serverNodeOptions(), ...profile, path.join(root, 'apps/demo/dist/main.js')],
    { cwd: root, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

/** The server's own hashing settings, timed here with the server idle: the floor under sign-in latency. */
async function argon2idMsPerHash(rounds = 10) {
  const { hashPassword } = await import('../apps/server/dist/lib/passwords.js');
  await hashPassword('warm-up-password');
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) await hashPassword(`Bench-password-${round}`);
  return (performance.now() - started) / rounds;
}

/**
 * The scenarios BENCH_ONLY names, and those their budgets are measured against, in the list's order. Those
 * that read the database while the server runs are left out on PGlite, which the server process holds.
 */
function selectedScenarios(only) {
  const runnable = process.env.DATABASE_URL
    ? scenarios
    : scenarios.filter((scenario) => !scenario.needsCardProvider);
  if (!only) return runnable;
  const chosen = new Set(runnable.filter((scenario) => scenario.name.includes(only)).map((s) => s.name));
  for (const scenario of runnable) {
    if (chosen.has(scenario.name) && scenario.budget.minRpsOf) chosen.add(scenario.budget.minRpsOf.scenario);
  }
  return runnable.filter((scenario) => chosen.has(scenario.name));
}

/** The throughput a scenario must reach: its own figure, or a share of one measured before it. */
function minRpsOf(budget, figuresByScenario) {
  if (!budget.minRpsOf) return budget.minRps;
  const reference = figuresByScenario.get(budget.minRpsOf.scenario);
  if (!reference) throw new Error(`${budget.minRpsOf.scenario} must be measured before a budget tied to it`);
  return Math.round(reference.rps * budget.minRpsOf.share);
}

/** Throughput and latency under saturation, with autocannon, rotating over the scenario's paths. */
async function loadWithAutocannon(scenario, request, paths, seconds) {
  const result = await rotatingLoad({
    origin,
    scenario,
    request,
    paths,
    seconds,
    connections: scenario.connections ?? connections,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: undefined,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Sends one request over `agent`; its latency counts from `since` (when it was due) to the end of the answer. */
function sendOnce(agent, scenario, urlPath, { headers, body }, since = performance.now()) {
  return new Promise((resolve) => {
    const call = http.request(
      `${origin}${urlPath}`,
      { agent, method: scenario.method ?? 'GET', headers: headers ?? {} },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            ok: response.statusCode >= 200 && response.statusCode < 300,
            ms: performance.now() - since,
          }),
        );
      },
    );
    call.on('error', () => resolve({ ok: false, ms: performance.now() - since }));
    call.end(body);
  });
}

function percentiles(latencies, seconds, errors) {
  latencies.sort((a, b) => a - b);
  const at = (fraction) =>
    Number(latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))].toFixed(1));
  return { rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors };
}

/**
 * Exact latency percentiles from a closed loop: each connection sends its next request on a response.
 * GETs rotate over the paths; a scenario whose requests can each be sent once hands them out by `take()`.
 */
async function measureLatency(scenario, request, paths, seconds) {
  const connectionCount = scenario.connections ?? latencyConnections;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connectionCount });
  const latencies = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      next = (next + 1) % paths.length;
      const one = request.take ? request.take() : request;
      if (!one) {
        // Ran out of prepared requests: the figures would stop meaning anything.
        errors += 1;
        return;
      }
      const { ok, ms } = await sendOnce(agent, scenario, paths[next], one);
      if (!ok) errors += 1;
      latencies.push(ms);
    }
  };
  await Promise.all(Array.from({ length: connectionCount }, worker));
  agent.destroy();
  return percentiles(latencies, seconds, errors);
}

/**
 * Exact latency percentiles from an open loop: requests are due at `scenario.ratePerSecond`, whether or not
 * earlier ones were answered, over at most `scenario.connections` at once (the shoppers); one that waits
 * for a free connection counts that wait too, since its latency runs from when it was due. A slow server
 * cannot slow the load down and hide its own slowness, as a closed loop lets it.
 */
async function measureOpenLoop(scenario, request, paths, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: scenario.connections ?? latencyConnections });
  const interval = 1000 / scenario.ratePerSecond;
  const total = Math.floor(seconds * scenario.ratePerSecond);
  const started = performance.now();
  const latencies = [];
  const answers = [];
  let errors = 0;
  for (let sent = 0; sent < total; sent += 1) {
    const due = started + sent * interval;
    const early = due - performance.now();
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
    const one = request.take ? request.take() : request;
    if (!one) {
      errors += 1;
      break;
    }
    answers.push(
      sendOnce(agent, scenario, paths[sent % paths.length], one, due).then(({ ok, ms }) => {
        if (!ok) errors += 1;
        latencies.push(ms);
      }),
    );
  }
  await Promise.all(answers);
  agent.destroy();
  return percentiles(latencies, seconds, errors);
}

/** Shoppers and stock for the order scenarios, written in the bench's database while the server is stopped. */
function seedOrderShoppers() {
  const seeded = spawnSync(
    process.execPath,
    [path.join(root, 'apps/demo/dist/seed-bench-shoppers.js'), ...ORDER_SHOPPERS_SEED],
    { cwd: root, env: serverEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (seeded.status !== 0) throw new Error('seeding the order shoppers failed');
  return JSON.parse(seeded.stdout.trim().split('\n').at(-1));
}

function verdictOf(budget, minRps, figures) {
  const misses = [];
  if (minRps !== undefined && figures.rps < minRps) misses.push('req/s');
  if (budget.maxP95Ms !== undefined && figures.p95 > budget.maxP95Ms) misses.push('p95');
  if (budget.maxP99Ms !== undefined && figures.p99 > budget.maxP99Ms) misses.push('p99');
  if (figures.errors > 0) misses.push('errors');
  return misses.length === 0 ? 'ok' : `MISSED (${misses.join(', ')})`;
}

const selected = selectedScenarios(process.env.BENCH_ONLY);
const cardProvider = selected.some((scenario) => scenario.needsCardProvider)
  ? await startCardProvider()
  : undefined;
Object.assign(serverEnv, cardProvider?.serverEnv);

// The first start creates the database and lays down the demo store, and PGlite's initdb holds on to a
// lot of memory for the life of that process. Measure a restarted server, as a running store is.
let server = startServer();
const rows = [];
const summaries = [];
let failed = false;
let peakUnderLoadMb = 0;
let sampler;
try {
  await waitForServer(server, origin);
  await stopServer(server);
  const orderShoppers = selected.some((scenario) => scenario.needsOrderShoppers)
    ? seedOrderShoppers()
    : undefined;
  server = startServer({ measured: true });
  await waitForServer(server, origin);
  const measured = server;
  sampler = setInterval(() => {
    peakUnderLoadMb = Math.max(peakUnderLoadMb, residentMemoryMb(measured));
  }, MEMORY_SAMPLE_MS);

  const context = {
    ...(await scenarioContext(origin)),
    orderShoppers,
    cardProvider: cardProvider?.standIn,
    databaseUrl: process.env.DATABASE_URL,
  };
  const figuresByScenario = new Map();
  for (const scenario of selected) {
    // A scenario may need state first, such as a signed-in shopper's cookies.
    const request = (await scenario.prepare?.(origin, context)) ?? {};
    const paths = scenario.paths(context);
    if (paths.length === 0) {
      // Deep listing pages exist only in a catalogue larger than the numbered pages hold (BENCH_PRODUCTS);
      // with nothing to ask for, autocannon would only count failures.
      rows.push({
        scenario: scenario.name,
        load: 'skipped: no such pages in this catalogue',
        verdict: 'skipped',
      });
      continue;
    }
    const measure =
      typeof scenario.measure === 'function'
        ? scenario.measure
        : scenario.measure === 'latency'
          ? measureLatency
          : scenario.measure === 'open'
            ? measureOpenLoop
            : loadWithAutocannon;
    await measure(scenario, request, paths, WARM_UP_SECONDS);
    const cpuBefore = cpuTimeMs(measured);
    const figures = await measure(scenario, request, paths, durationSeconds);
    const cpuPerRequest = (cpuTimeMs(measured) - cpuBefore) / (figures.rps * durationSeconds);
    const verified = await request.verify?.();
    if (verified) {
      figures.errors += verified.breaches.length;
      summaries.push({ scenario: scenario.name, lines: verified.summary });
    }
    figuresByScenario.set(scenario.name, figures);
    const { budget } = scenario;
    const minRps = minRpsOf(budget, figuresByScenario);
    const verdict = verdictOf(budget, minRps, figures);
    failed ||= verdict !== 'ok';
    rows.push({
      scenario: scenario.name,
      load:
        scenario.load ??
        (scenario.measure === 'latency'
          ? `${scenario.connections ?? latencyConnections} conn, closed loop`
          : scenario.measure === 'open'
            ? `${scenario.connections} conn, ${scenario.ratePerSecond}/s open loop`
            : `${scenario.connections ?? connections} conn, autocannon`),
      'req/s': Math.round(figures.rps),
      'server CPU ms/req': Number.isFinite(cpuPerRequest) ? Number(cpuPerRequest.toFixed(2)) : '',
      'budget req/s':
        minRps === undefined
          ? ''
          : budget.minRpsOf
            ? `>= ${minRps} (${budget.minRpsOf.share * 100}% of ${budget.minRpsOf.scenario})`
            : `>= ${minRps}`,
      'p50 ms': figures.p50,
      'p95 ms': figures.p95 ?? '',
      'budget p95 ms': budget.maxP95Ms === undefined ? '' : `<= ${budget.maxP95Ms}`,
      'p99 ms': figures.p99,
      'budget p99 ms': budget.maxP99Ms === undefined ? '' : `<= ${budget.maxP99Ms}`,
      errors: figures.errors,
      verdict,
    });
  }
  clearInterval(sampler);
  failed ||= peakUnderLoadMb > PEAK_MEMORY_BUDGET_MB;
  const catalogue = await (await fetch(`${origin}/api/product/search?limit=1`)).json();
  console.log(
    `\nCrossbuy bench: ${durationSeconds} s per scenario, ${
      process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
    }, one server process, ${catalogue.total.toLocaleString('en-GB')} products on sale, ${
      context.productPaths.length
    } product pages rotated`,
  );
  console.table(rows);
  for (const { scenario, lines } of summaries) console.log(`${scenario}:\n  ${lines.join('\n  ')}`);
  console.log(
    `peak server memory under load (RSS): ${peakUnderLoadMb.toFixed(1)} MB (budget <= ${PEAK_MEMORY_BUDGET_MB} MB)`,
  );
  console.log(
    `password-hash cost per sign-in: ${(await argon2idMsPerHash()).toFixed(1)} ms per argon2id hash`,
  );
  // What the browser downloads is a budget too; bench/web-bundle.mjs reads it from the client build.
  const bundle = spawnSync(process.execPath, [path.join(root, 'bench/web-bundle.mjs')], { stdio: 'inherit' });
  failed ||= bundle.status !== 0;
  // And how fast the pages are on a phone, by Lighthouse against the server just measured (BENCH_LIGHTHOUSE=0
  // leaves it out, as does BENCH_ONLY unless it names it).
  const only = process.env.BENCH_ONLY;
  if (process.env.BENCH_LIGHTHOUSE !== '0' && (!only || 'lighthouse'.includes(only))) {
    const pages = spawnSync(process.execPath, [path.join(root, 'bench/lighthouse.mjs'), origin], {
      stdio: 'inherit',
    });
    failed ||= pages.status !== 0;
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  clearInterval(sampler);
  await stopServer(server);
  await cardProvider?.standIn.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
