// `npm run start:cluster`: the store as a growing store deploys it (docs/decisions/0078): WEB_PROCESSES web
// processes (3 by default) and one worker on PostgreSQL (DATABASE_URL), behind HAProxy on PORT (3000).
// SIGHUP restarts each process in turn, draining it first; SIGINT or SIGTERM stops them all.
import { buildIfStale } from './build-if-stale.mjs';
import { startCluster } from './cluster.mjs';

buildIfStale();
const webs = Number(process.env.WEB_PROCESSES ?? 3);
if (!Number.isInteger(webs) || webs < 1) {
  console.error(`WEB_PROCESSES must be a whole number, at least 1 (got ${process.env.WEB_PROCESSES})`);
  process.exit(2);
}
if (!process.env.REDIS_URL && webs > 1) {
  console.warn('REDIS_URL is not set: each web process counts its own rate limits.');
}

let cluster;
try {
  cluster = await startCluster({
    webs,
    workers: 1,
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '127.0.0.1',
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`Crossbuy: ${webs} web processes and 1 worker behind HAProxy at ${cluster.origin}`);

let busy = false;
process.on('SIGHUP', async () => {
  if (busy) return;
  busy = true;
  for (const member of [...cluster.webs, ...cluster.workers]) {
    console.log(`restarting ${member.name}`);
    await cluster.restart(member);
  }
  console.log('every process restarted');
  busy = false;
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await cluster.stop();
    process.exit(0);
  });
}
