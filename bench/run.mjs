// `npm run bench`: starts the built server on loopback (PGlite in a fresh temp directory, or
// PostgreSQL from DATABASE_URL), loads each scenario with autocannon, and prints the figures beside
// their budgets. It exits non-zero when a budget is missed, and always stops by itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
const WARM_UP_SECONDS = 1;
// PGlite runs PostgreSQL inside the server process (WebAssembly), so with it the process also holds
// the database's memory.
const PEAK_MEMORY_BUDGET_MB = process.env.DATABASE_URL ? 250 : 450;
const MEMORY_SAMPLE_MS = 100;

const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-bench-'));

function startServer() {
  return spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-only-session-secret-0123456789abcdefghij',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopServer(server) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function waitForServer(server, deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/ping`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start within 120 s');
}

function residentMemoryMb(server) {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const resident = /VmRSS:\s+(\d+) kB/.exec(status);
  return resident ? Number(resident[1]) / 1024 : Number.NaN;
}

/** The server's own hashing settings, timed here with the server idle: the floor under sign-in latency. */
async function argon2idMsPerHash(rounds = 10) {
  const { hashPassword } = await import('../apps/server/dist/lib/passwords.js');
  await hashPassword('warm-up-password');
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) await hashPassword(`Bench-password-${round}`);
  return (performance.now() - started) / rounds;
}

function load(scenario, request, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${origin}${scenario.path}`,
        method: scenario.method ?? 'GET',
        connections: scenario.connections ?? connections,
        duration: seconds,
        headers: request.headers ?? {},
        ...(request.body === undefined ? {} : { body: request.body }),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

// The first start creates the database and lays down the demo store, and PGlite's initdb holds on to a
// lot of memory for the life of that process. Measure a restarted server, as a running store is.
let server = startServer();
const rows = [];
let failed = false;
let peakUnderLoadMb = 0;
let sampler;
try {
  await waitForServer(server);
  await stopServer(server);
  server = startServer();
  await waitForServer(server);

  const measured = server;
  sampler = setInterval(() => {
    peakUnderLoadMb = Math.max(peakUnderLoadMb, residentMemoryMb(measured));
  }, MEMORY_SAMPLE_MS);

  for (const scenario of scenarios) {
    // A scenario may need state first, such as a signed-in shopper's cookies.
    const request = (await scenario.prepare?.(origin)) ?? {};
    await load(scenario, request, WARM_UP_SECONDS);
    const result = await load(scenario, request, durationSeconds);
    const rps = result.requests.average;
    const { p50, p99 } = result.latency;
    const errors = result.errors + result.non2xx;
    const ok = rps >= scenario.budget.minRps && p99 <= scenario.budget.maxP99Ms && errors === 0;
    failed ||= !ok;
    rows.push({
      scenario: scenario.name,
      'req/s': Math.round(rps),
      'budget req/s': `>= ${scenario.budget.minRps}`,
      'p50 ms': p50,
      'p99 ms': p99,
      'budget p99 ms': `<= ${scenario.budget.maxP99Ms}`,
      errors,
      verdict: ok ? 'ok' : 'MISSED',
    });
  }
  clearInterval(sampler);
  failed ||= peakUnderLoadMb > PEAK_MEMORY_BUDGET_MB;
  console.log(
    `\nCrossbuy bench: ${connections} connections, ${durationSeconds} s per scenario, ${
      process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
    }, one server process`,
  );
  console.table(rows);
  console.log(
    `peak server memory under load (RSS): ${peakUnderLoadMb.toFixed(1)} MB (budget <= ${PEAK_MEMORY_BUDGET_MB} MB)`,
  );
  console.log(
    `password-hash cost per sign-in: ${(await argon2idMsPerHash()).toFixed(1)} ms per argon2id hash`,
  );
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  clearInterval(sampler);
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
