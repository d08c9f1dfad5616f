// Read load with wrk (Debian's `wrk`, an event-loop load generator in C): on two shared cores it takes a
// small part of a core where autocannon takes half of one, which leaves the cores to the processes being
// measured. `npm run bench:cluster` uses it to measure how reads scale with web processes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROTATE_SCRIPT = new URL('./wrk-rotate.lua', import.meta.url).pathname;

export function wrkAvailable() {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** wrk's summary of one run: requests a second, the 99th percentile in ms, and failed requests. */
export function parseWrkOutput(output) {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (!rps) throw new Error(`wrk printed no throughput:\n${output}`);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output);
  const toMs = { us: 0.001, ms: 1, s: 1000 };
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return {
    rps: Number(rps[1]),
    p99Ms: p99 ? Number(p99[1]) * toMs[p99[2]] : null,
    failed: Number(non2xx?.[1] ?? 0) + socketErrors,
  };
}

function runWrk(origin, pathsFile, seconds, connections) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', ROTATE_SCRIPT, origin],
      { env: { ...process.env, BENCH_PATHS_FILE: pathsFile }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(parseWrkOutput(output)) : reject(new Error(`wrk exited ${code}:\n${output}`)),
    );
  });
}

/**
 * GETs rotating over `paths` on every origin at once for `seconds`, `connections` spread over them (one
 * wrk each): their summed throughput, the worst p99 and all failures.
 */
export async function wrkReadLoad({ origins, paths, seconds, connections }) {
  const directory = mkdtempSync(path.join(tmpdir(), 'crossbuy-wrk-'));
  try {
    const pathsFile = path.join(directory, 'paths');
    writeFileSync(pathsFile, `${paths.join('\n')}\n`);
    const each = Math.max(1, Math.floor(connections / origins.length));
    const results = await Promise.all(origins.map((origin) => runWrk(origin, pathsFile, seconds, each)));
    return {
      rps: results.reduce((sum, result) => sum + result.rps, 0),
      p99Ms: Math.max(...results.map((result) => result.p99Ms ?? 0)),
      failed: results.reduce((sum, result) => sum + result.failed, 0),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
