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
