// The server process a bench measures: waiting for it to answer, stopping it, and reading its memory.
import { readFileSync } from 'node:fs';

export async function stopServer(server) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

export async function waitForServer(server, origin, deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/ping`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start within 120 s');
}

/** The process's resident memory in MB, read from Linux's /proc; NaN where that says nothing. */
export function residentMemoryMb(server) {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const resident = /VmRSS:\s+(\d+) kB/.exec(status);
  return resident ? Number(resident[1]) / 1024 : Number.NaN;
}

/**
 * The CPU time the process has used so far, user and system, in ms, read from Linux's /proc (NaN where that
 * says nothing). Divided by the requests a scenario answered, it is a figure the rest of a shared machine
 * barely moves, unlike throughput, which falls when another process takes the cores.
 */
export function cpuTimeMs(server) {
  try {
    const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticksPerSecond = 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return Number.NaN;
  }
}
