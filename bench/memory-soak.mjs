// `npm run bench:memory`: where the server's memory goes under a long mixed load. Starts the built server on
// loopback (PGlite in a temporary directory, or PostgreSQL from DATABASE_URL) with bench/memory-probe.mjs
// loaded, sends SOAK_REQUESTS requests (default 20,000) in SOAK_ROUNDS rounds over every scenario of
// bench/scenarios.mjs at once (product pages and their API, search, configuration, signed-in calls and a
// few sign-ins), and after each round prints the resident memory and V8's figures, first as they are and
// then after a full collection (what is still reachable). SOAK_SNAPSHOT_DIR=<dir> also writes a heap
// snapshot after the first and the last round, to compare with bench/heap-diff.mjs.
//
// It exits non-zero when the peak resident memory under load misses the bench's budget, or when the heap
// that survives a full collection keeps growing from the second round to the last (a leak: the caches are
// full by then, so a bounded server stays flat). Both are counted in requests, not seconds.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serverNodeOptions } from '../scripts/server-node-options.mjs';
import { scenarioContext, scenarios } from './scenarios.mjs';
import { residentMemoryMb, stopServer, waitForServer } from './server-process.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = Number(process.env.SOAK_PORT ?? 3220);
const origin = `http://127.0.0.1:${port}`;
const totalRequests = Number(process.env.SOAK_REQUESTS ?? 20_000);
const rounds = Number(process.env.SOAK_ROUNDS ?? 10);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 8);
const snapshotDir = process.env.SOAK_SNAPSHOT_DIR;
// The bench's budgets (bench/run.mjs): PGlite holds the database inside the server process.
const PEAK_MEMORY_BUDGET_MB = process.env.DATABASE_URL ? 250 : 450;
// What the reachable heap may still gain between the second round and the last: room for V8's own
// bookkeeping (compiled code, feedback), far below what a cache without a bound gains in 20,000 requests.
const RETAINED_GROWTH_LIMIT_MB = 8;
// One sign-in (an argon2id hash) in this many requests, as a store sees now and then.
const SIGN_IN_EVERY = 100;
const MEMORY_SAMPLE_MS = 100;

const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-soak-'));
const serverEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-only-session-secret-0123456789abcdefghij',
  LOG_LEVEL: 'warn',
};
const mb = (bytes) => Number((bytes / 1024 / 1024).toFixed(1));

function startServer() {
  return spawn(
    process.execPath,
    [
      ...serverNodeOptions(),
      '--expose-gc',
      '--import',
      path.join(root, 'bench/memory-probe.mjs'),
      path.join(root, 'apps/demo/dist/main.js'),
    ],
    { cwd: root, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
}

let nextProbeId = 0;
/** Asks bench/memory-probe.mjs inside the server. */
function probe(server, message) {
  nextProbeId += 1;
  const id = nextProbeId;
  return new Promise((resolve, reject) => {
    const onMessage = (answer) => {
      if (answer?.id !== id) return;
      server.off('message', onMessage);
      resolve(answer);
    };
    server.on('message', onMessage);
    server.send({ ...message, id }, (error) => error && reject(error));
  });
}

/** Every scenario's requests interleaved, one of each in turn; sign-ins only once in SIGN_IN_EVERY. */
async function mixedRequests(context) {
  const regular = [];
  const signIns = [];
  const only = process.env.SOAK_ONLY;
  for (const scenario of scenarios.filter((candidate) => !only || candidate.name.includes(only))) {
    const prepared = (await scenario.prepare?.(origin)) ?? {};
    const requests = scenario.paths(context).map((urlPath) => ({
      method: scenario.method ?? 'GET',
      path: urlPath,
      headers: prepared.headers ?? {},
      ...(prepared.body === undefined ? {} : { body: prepared.body }),
    }));
    (scenario.method === 'POST' ? signIns : regular).push(requests);
  }
  let turn = 0;
  const cursors = regular.map(() => 0);
  let signInCursor = 0;
  return () => {
    turn += 1;
    if (signIns.length > 0 && turn % SIGN_IN_EVERY === 0) {
      const pool = signIns[signInCursor % signIns.length];
      signInCursor += 1;
      return pool[signInCursor % pool.length];
    }
    if (regular.length === 0) return signIns[0][0];
    const which = turn % regular.length;
    const pool = regular[which];
    cursors[which] = (cursors[which] + 1) % pool.length;
    return pool[cursors[which]];
  };
}

function load(nextRequest, amount) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections,
        amount,
        // A bound on time as well, so a stuck server cannot hold the machine.
        duration: 120,
        requests: [{ setupRequest: (request) => ({ ...request, ...nextRequest() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

let server = startServer();
let failed = false;
let sampler;
try {
  // As bench/run.mjs: the first start creates the database; measure a restarted server.
  await waitForServer(server, origin);
  await stopServer(server);
  server = startServer();
  await waitForServer(server, origin);
  const measured = server;
  const started = await probe(server, { probe: 'usage', collect: false });
  const nextRequest = await mixedRequests(await scenarioContext(origin));
  if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });

  let peakMb = 0;
  sampler = setInterval(() => {
    peakMb = Math.max(peakMb, residentMemoryMb(measured));
  }, MEMORY_SAMPLE_MS);
  const rows = [];
  const retained = [];
  let sent = 0;
  let errors = 0;
  const perRound = Math.ceil(totalRequests / rounds);
  for (let round = 1; round <= rounds; round += 1) {
    const result = await load(nextRequest, perRound);
    sent += result.requests.total;
    errors += result.errors + result.non2xx;
    const { usage } = await probe(server, { probe: 'usage', collect: false });
    const { usage: collected } = await probe(server, { probe: 'usage', collect: true });
    retained.push(collected.heapUsed);
    rows.push({
      requests: sent,
      'RSS MB': mb(usage.rss),
      'heap total MB': mb(usage.heapTotal),
      'heap used MB': mb(usage.heapUsed),
      'new space MB': mb(usage.spaces.new_space),
      'external MB': mb(usage.external),
      'array buffers MB': mb(usage.arrayBuffers),
      'after GC: heap used MB': mb(collected.heapUsed),
      'after GC: RSS MB': mb(collected.rss),
    });
    if (snapshotDir && (round === 1 || round === rounds)) {
      const { path: written } = await probe(server, {
        probe: 'snapshot',
        path: path.join(snapshotDir, `round-${round}.heapsnapshot`),
      });
      console.log(`heap snapshot: ${written}`);
    }
  }
  clearInterval(sampler);

  const growthMb = mb(retained[retained.length - 1] - retained[Math.min(1, retained.length - 1)]);
  console.log(
    `\nCrossbuy memory soak: ${sent.toLocaleString('en-GB')} mixed requests (${errors} errors), ${connections} connections, ${
      process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
    }; at start: RSS ${mb(started.usage.rss)} MB, heap used ${mb(started.usage.heapUsed)} MB`,
  );
  console.table(rows);
  console.log(`peak RSS under load: ${peakMb.toFixed(1)} MB (budget <= ${PEAK_MEMORY_BUDGET_MB} MB)`);
  console.log(
    `reachable heap growth from round 2 to round ${rounds}: ${growthMb} MB (limit <= ${RETAINED_GROWTH_LIMIT_MB} MB)`,
  );
  failed = errors > 0 || peakMb > PEAK_MEMORY_BUDGET_MB || growthMb > RETAINED_GROWTH_LIMIT_MB;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  clearInterval(sampler);
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
