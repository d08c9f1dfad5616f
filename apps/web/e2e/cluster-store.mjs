// The store the cluster journey drives (cluster.spec.ts): 3 web processes and a worker behind HAProxy
// (scripts/cluster.mjs), on a database of its own created on E2E_DATABASE_URL's server and dropped when
// Playwright stops it. Its environment comes from playwright.config.ts, as the other stores' does.
import pg from 'pg';
import { startCluster } from '../../../scripts/cluster.mjs';

const server = new URL(process.env.E2E_DATABASE_URL ?? '');
const name = `crossbuy_e2e_cluster_${process.pid}`;
const admin = new pg.Client({ connectionString: server.toString() });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const database = new URL(server);
database.pathname = `/${name}`;

const cluster = await startCluster({
  webs: 3,
  workers: 1,
  port: Number(process.env.PORT),
  env: { ...process.env, DATABASE_URL: database.toString() },
  // Only what goes wrong: Playwright shows a web server's standard error.
  output: (member, line) => {
    if (!line.includes('"level":30')) console.error(`[${member}] ${line}`);
  },
});
console.error(`cluster store at ${cluster.origin}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    const cleanup = new pg.Client({ connectionString: server.toString() });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    process.exit(0);
  });
}
