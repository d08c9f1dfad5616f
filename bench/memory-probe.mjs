// Loaded into the server with `node --import` by bench/memory-soak.mjs (never by the store itself): answers
// the parent's questions over the IPC channel, so memory is read from inside the process without a debug
// port. `usage` returns process.memoryUsage() and V8's heap spaces, after a full collection when asked
// (with --expose-gc) so that what is reported is what is still reachable; `snapshot` writes a heap
// snapshot.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';

function residentKb() {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) : Number.NaN;
}

if (process.send) {
  process.channel?.unref();
  process.on('message', (message) => {
    if (!message || typeof message !== 'object' || typeof message.probe !== 'string') return;
    const { id, probe } = message;
    if (probe === 'usage') {
      if (message.collect && typeof globalThis.gc === 'function') globalThis.gc();
      const spaces = Object.fromEntries(
        v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
      );
      process.send({ id, usage: { ...process.memoryUsage(), residentKb: residentKb(), spaces } });
    } else if (probe === 'snapshot') {
      if (typeof globalThis.gc === 'function') globalThis.gc();
      process.send({ id, path: v8.writeHeapSnapshot(message.path) });
    }
  });
}
