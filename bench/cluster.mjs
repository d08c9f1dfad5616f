// `npm run bench:cluster` (docs/decisions/0078): the store as a cluster on PostgreSQL (DATABASE_URL), with
// 1, 2 and 3 web processes and a worker behind HAProxy: the throughput of a product lookup, a category's
// first page and adding to the cart through the proxy, and how it scales from one web process; then a
// soak of reads and cart changes with every process restarted in turn, counting failed requests and each
// process's peak memory. How product reads scale with web processes is measured with wrk (`apt-get
// install wrk`), straight to the processes and through the proxy: on two cores shared with the load
// generator and the proxy, autocannon and HAProxy take as much CPU as a second web process would.
// BENCH_SECONDS (8) per scenario, BENCH_SOAK_SECONDS (600; 0 skips the soak), BENCH_CONNECTIONS (20).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { freePort, startCluster } from '../scripts/cluster.mjs';
import { rotatingLoad } from './rotating-load.mjs';
import { forgetBenchShoppers, scenarioContext, scenarios } from './scenarios.mjs';
import { wrkAvailable, wrkReadLoad } from './wrk-load.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WEB_COUNTS = [1, 2, 3];
/** Product reads must scale at least this much from one web process to two, on two cores. */
const READ_SCALING_GOAL = 1.6;
const RSS_BUDGET_MB = 250;
const RESTART_EVERY_SECONDS = 60;

if (!process.env.DATABASE_URL) {
  console.error(
    'bench:cluster runs on PostgreSQL: set DATABASE_URL to a database of its own, e.g.\n' +
      '  createdb -h 127.0.0.1 -U postgres crossbuy_cluster_bench\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/crossbuy_cluster_bench npm run bench:cluster',
  );
  process.exit(2);
}
buildIfStale();

const CHOSEN = [
  'GET /api/product/one/{id}',
  'GET /api/product/search?categoryId=<id>&limit=12 (first page)',
  'POST /api/cart',
];
const chosen = CHOSEN.map((name) => {
  const scenario = scenarios.find((candidate) => candidate.name === name);
  if (!scenario) throw new Error(`bench/scenarios.mjs has no scenario named ${name}`);
  return scenario;
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-cluster-bench-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
};
/** Each cluster's environment: its own Redis keys, so each run's registrations count afresh (ten an hour). */
const envOfRun = () => ({
  ...env,
  REDIS_KEY_PREFIX: `crossbuy-cluster-bench-${randomBytes(4).toString('hex')}:`,
});
const quiet = (name, line) => {
  if (!line.includes('"level":40') && !line.includes('[WARNING]')) console.error(`[${name}] ${line}`);
};

function load(origin, scenario, request, paths, seconds, connectionCount = connections) {
  return rotatingLoad({ origin, scenario, request, paths, seconds, connections: connectionCount });
}

/**
 * Lines added once to the carts of the cart scenario's shoppers, and a change of quantity for each, to
 * send over and over: `paths[i]` goes with `variants[i]`.
 */
async function cartChanges(origin, context) {
  const adds = await chosen[2].prepare(origin, context);
  const lines = [];
  for (const add of adds.variants.slice(0, 40)) {
    const answer = await fetch(`${origin}/api/cart`, {
      method: 'POST',
      headers: add.headers,
      body: add.body,
    });
    if (!answer.ok) throw new Error(`adding to the cart answered ${answer.status}: ${await answer.text()}`);
    lines.push({ id: (await answer.json()).cartItem.id, headers: add.headers });
  }
  return {
    paths: lines.map((line) => `/api/cart/${line.id}`),
    variants: lines.map((line, index) => ({
      headers: line.headers,
      body: JSON.stringify({ quantity: 1 + (index % 5) }),
    })),
  };
}

function residentMb(pid) {
  try {
    const resident = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return resident ? Number(resident[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const measuresWithWrk = wrkAvailable();
const rows = [];
const readRows = [];
for (const webs of WEB_COUNTS) {
  forgetBenchShoppers();
  const cluster = await startCluster({
    webs,
    workers: 1,
    port: await freePort(),
    env: envOfRun(),
    output: quiet,
  });
  try {
    const context = await scenarioContext(cluster.origin);
    for (const scenario of chosen) {
      const request = (await scenario.prepare?.(cluster.origin, context)) ?? {};
      const paths = scenario.paths(context);
      await load(cluster.origin, scenario, request, paths, 1);
      const result = await load(cluster.origin, scenario, request, paths, seconds);
      const row = {
        scenario: scenario.name,
        webs,
        'req/s': Math.round(result.requests.average),
        'p99 ms': result.latency.p99,
        failed: result.errors + result.non2xx,
      };
      console.log(
        `${webs} web: ${scenario.name}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms, ${row.failed} failed`,
      );
      rows.push(row);
    }
    if (measuresWithWrk) {
      const paths = chosen[0].paths(context);
      const reads = (origins) => wrkReadLoad({ origins, paths, seconds, connections });
      await reads([cluster.origin]);
      const direct = await reads(cluster.webs.map((web) => `http://127.0.0.1:${web.port}`));
      const proxied = await reads([cluster.origin]);
      readRows.push({
        webs,
        'straight req/s': Math.round(direct.rps),
        'straight p99 ms': direct.p99Ms,
        'through HAProxy req/s': Math.round(proxied.rps),
        'through HAProxy p99 ms': proxied.p99Ms,
        failed: direct.failed + proxied.failed,
      });
    }
  } finally {
    await cluster.stop();
  }
}
for (const row of rows) {
  const single = rows.find((other) => other.scenario === row.scenario && other.webs === 1);
  row['× one process'] = single ? Number((row['req/s'] / single['req/s']).toFixed(2)) : null;
}
console.log(
  `\nCrossbuy cluster bench: ${seconds} s per scenario, ${connections} connections, through HAProxy`,
);
console.table(rows);
const ratio = (of, key) => {
  const [one, two] = [1, 2].map((webs) => of.find((row) => row.webs === webs)?.[key] ?? 0);
  return one > 0 ? Number((two / one).toFixed(2)) : 0;
};
let failed = rows.some((row) => row.failed > 0) || readRows.some((row) => row.failed > 0);
if (measuresWithWrk) {
  console.log(`\n${CHOSEN[0]} with wrk, ${seconds} s, ${connections} connections in all`);
  console.table(readRows);
  const straight = ratio(readRows, 'straight req/s');
  const missed = straight < READ_SCALING_GOAL;
  console.log(
    `product reads, one web process to two, straight to the processes: ${straight}× (goal >= ${READ_SCALING_GOAL}×): ${missed ? 'MISSED' : 'ok'}`,
  );
  console.log(
    `product reads, one web process to two, through HAProxy on the same cores: ${ratio(readRows, 'through HAProxy req/s')}×`,
  );
  failed ||= missed;
} else {
  const scaling = ratio(
    rows.filter((row) => row.scenario === CHOSEN[0]),
    'req/s',
  );
  console.log(
    `product reads, one web process to two, through HAProxy with autocannon: ${scaling}× (goal >= ${READ_SCALING_GOAL}×, measured straight to the processes with wrk: apt-get install wrk): NOT MEASURED`,
  );
  failed = true;
}

if (soakSeconds > 0) {
  forgetBenchShoppers();
  const cluster = await startCluster({
    webs: 3,
    workers: 1,
    port: await freePort(),
    env: envOfRun(),
    output: quiet,
  });
  const members = [...cluster.webs, ...cluster.workers];
  const peakMb = new Map(members.map((member) => [member.name, 0]));
  const sampler = setInterval(() => {
    for (const member of members) {
      peakMb.set(member.name, Math.max(peakMb.get(member.name) ?? 0, residentMb(member.child.pid)));
    }
  }, 1000);
  let restarts = 0;
  let restarting = Promise.resolve();
  const roller = setInterval(() => {
    const member = members[restarts % members.length];
    restarts += 1;
    restarting = restarting.then(() => cluster.restart(member));
  }, RESTART_EVERY_SECONDS * 1000);
  try {
    const context = await scenarioContext(cluster.origin);
    // Reads and cart changes at once, on fewer connections than the throughput runs: a busy day, not a
    // siege. A cart holds at most 99 of a line, so the soak changes quantities of lines added once rather
    // than adding for ten minutes.
    const reads = chosen.slice(0, 2).map(async (scenario) => {
      const request = (await scenario.prepare?.(cluster.origin, context)) ?? {};
      return load(cluster.origin, scenario, request, scenario.paths(context), soakSeconds, 4);
    });
    const changes = cartChanges(cluster.origin, context).then(({ paths, variants }) =>
      load(cluster.origin, { method: 'PUT' }, { variants }, paths, soakSeconds, 4),
    );
    const results = await Promise.all([...reads, changes]);
    clearInterval(roller);
    await restarting;
    const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
    const failures = results.reduce((sum, result) => sum + result.errors + result.non2xx, 0);
    const peak = Math.max(...peakMb.values());
    console.log(
      `\nsoak: ${soakSeconds} s, ${requests} requests, ${restarts} rolling restarts (each process in turn, every ${RESTART_EVERY_SECONDS} s)`,
    );
    console.table([...peakMb].map(([name, mb]) => ({ process: name, 'peak RSS MB': Number(mb.toFixed(1)) })));
    console.log(`failed requests: ${failures} (budget 0): ${failures === 0 ? 'ok' : 'MISSED'}`);
    console.log(
      `peak RSS of a process: ${peak.toFixed(1)} MB (budget <= ${RSS_BUDGET_MB}): ${peak <= RSS_BUDGET_MB ? 'ok' : 'MISSED'}`,
    );
    failed ||= failures > 0 || peak > RSS_BUDGET_MB;
  } finally {
    clearInterval(sampler);
    clearInterval(roller);
    await cluster.stop();
  }
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
