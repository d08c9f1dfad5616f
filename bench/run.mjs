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
const PEAK_MEMORY_BUDGET_MB = 350;

const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-bench-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
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

function peakMemoryMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const peak = /VmHWM:\s+(\d+) kB/.exec(status);
  return peak ? Number(peak[1]) / 1024 : Number.NaN;
}

/** The server's own hashing settings, timed here with the server idle: the floor under sign-in latency. */
async function argon2idMsPerHash(rounds = 10) {
  const { hashPassword } = await import('../apps/server/dist/lib/passwords.js');
  await hashPassword('warm-up-password');
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) await hashPassword(`Bench-password-${round}`);
  return (performance.now() - started) / rounds;
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

function run(scenario, request, duration = durationSeconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${origin}${scenario.path}`,
        method: scenario.method ?? 'GET',
        connections: scenario.connections ?? connections,
        duration,
        headers: request.headers ?? {},
        ...(request.body === undefined ? {} : { body: request.body }),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const rows = [];
let failed = false;
try {
  await waitForServer();
  for (const scenario of scenarios) {
    const request = (await scenario.prepare?.(origin)) ?? {};
    await run(scenario, request, 1); // warm-up
    const result = await run(scenario, request);
    const rps = result.requests.average;
    const p50 = result.latency.p50;
    const p99 = result.latency.p99;
    const errors = result.errors + result.non2xx;
    const ok = rps >= scenario.budget.minRps && p99 <= scenario.budget.maxP99Ms && errors === 0;
    failed ||= !ok;
    rows.push({
      scenario: scenario.name,
      connections: scenario.connections ?? connections,
      'req/s': Math.round(rps),
      'budget req/s': `>= ${scenario.budget.minRps}`,
      'p50 ms': p50,
      'p99 ms': p99,
      'budget p99 ms': `<= ${scenario.budget.maxP99Ms}`,
      errors,
      verdict: ok ? 'ok' : 'MISSED',
    });
  }
  const peak = peakMemoryMb();
  failed ||= peak > PEAK_MEMORY_BUDGET_MB;
  console.log(
    `\nCrossbuy bench: ${connections} connections, ${durationSeconds} s per scenario, ${
      process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
    }, one server process`,
  );
  console.table(rows);
  console.log(`peak server memory (VmHWM): ${peak.toFixed(1)} MB (budget <= ${PEAK_MEMORY_BUDGET_MB} MB)`);
  console.log(
    `password-hash cost per sign-in: ${(await argon2idMsPerHash()).toFixed(1)} ms per argon2id hash`,
  );
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
