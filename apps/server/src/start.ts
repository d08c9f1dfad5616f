import path from 'node:path';
import { setTimeout as setTimeoutPromise } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { devMailboxExposureWarning } from './features/mail/mail.routes.js';
import { AdminBootstrapError, ensureAdminAccount } from './features/users/admin-bootstrap.js';
import { unsupportedNodeWarning } from './lib/node-support.js';
import type { PictureStorage } from './lib/picture-storage.js';
import { pictureStorageFor } from './lib/pictures.js';
import { serveMetrics } from './plugins/metrics.js';
import { webBuildExists } from './plugins/web-app.js';

const SHUTDOWN_GRACE_MS = 10_000;
const defaultWebBuildDir = fileURLToPath(new URL('../../web/build', import.meta.url));

/**
 * Lays down a store's starting data at start-up, after the migrations and before the server takes
 * requests; it decides itself whether there is anything to do. The demo store (apps/demo) is one.
 */
export type StoreSeeder = (
  db: Database,
  context: { config: AppConfig; pictures: PictureStorage },
) => Promise<void>;

export type StartOptions = { seedStore?: StoreSeeder };

/**
 * Starts the server: reads the configuration, opens and migrates the database, seeds it when given a
 * seeder, listens, and drains on SIGTERM or SIGINT. Exits the process when start-up fails.
 */
export function startServer(options: StartOptions = {}): void {
  start(options).catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof AdminBootstrapError) {
      console.error(error.message);
    } else {
      console.error('Crossbuy failed to start:', error);
    }
    process.exit(1);
  });
}

async function start(options: StartOptions) {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  await database.migrate();
  const pictures = pictureStorageFor(config);
  if (options.seedStore) await options.seedStore(database.db, { config, pictures });
  const adminResult = config.admin ? await ensureAdminAccount(database.db, config.admin) : undefined;

  const webBuildDir = config.webBuildDir ?? defaultWebBuildDir;
  const serveWeb = webBuildExists(webBuildDir);
  const app = await buildApp({
    config,
    db: database.db,
    webBuildDir: serveWeb ? webBuildDir : undefined,
    pictures,
  });

  app.log.info(
    {
      database:
        database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL',
      admin: adminResult ? `${config.admin?.email} ${adminResult}` : 'none configured',
      web: serveWeb ? webBuildDir : 'not built: serving the API only',
      mail: app.mailer.transportName === 'smtp' ? 'SMTP' : 'dev mailbox (GET /api/dev/mailbox)',
      rateLimits: config.redisUrl ? 'shared in Redis' : 'in this process',
      pictures:
        config.pictures.kind === 's3'
          ? `bucket ${config.pictures.bucket} at ${config.pictures.endpoint}`
          : config.pictures.directory,
      role: config.role,
    },
    'starting',
  );

  if (config.demoData && !options.seedStore) {
    app.log.warn(
      'DEMO_DATA is on but this entry point has no demo store: start apps/demo/dist/main.js (as npm start does) to fill an empty database with it, or set DEMO_DATA=false',
    );
  }
  const olderNode = unsupportedNodeWarning(process.versions.node);
  if (olderNode) app.log.warn(olderNode);
  if (config.role === 'web' && !config.redisUrl) {
    app.log.warn(
      'SERVER_ROLE=web without REDIS_URL: rate limits are counted in this process alone; with more than one web process, set REDIS_URL so they count across all of them',
    );
  }
  const exposure = devMailboxExposureWarning(config);
  if (exposure) app.log.warn(exposure);
  if (config.env === 'production' && config.outboundAllowHosts.length > 0) {
    app.log.warn(
      { hosts: config.outboundAllowHosts },
      'OUTBOUND_ALLOW_HOSTS is set: links to these hosts are fetched without the address check',
    );
  }
  if (config.env === 'production' && !config.smtpUrl) {
    app.log.warn(
      'SMTP_URL is not set: verification and reset mail is kept in the outbox and never delivered',
    );
  }

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // Readiness answers 503 first, so a proxy sends the next requests elsewhere; then the server stops
    // taking connections and finishes the requests, streams and jobs in flight.
    app.lifecycle.draining = true;
    app.log.info({ signal, drainSeconds: config.drainSeconds }, 'shutting down: draining');
    const timer = setTimeout(
      () => {
        app.log.error('shutdown took too long; exiting');
        process.exit(1);
      },
      config.drainSeconds * 1000 + SHUTDOWN_GRACE_MS,
    );
    timer.unref();
    try {
      if (config.drainSeconds > 0) await setTimeoutPromise(config.drainSeconds * 1000);
      app.log.info('finishing requests in flight');
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metrics) {
    const served = await serveMetrics(app, config.metrics);
    app.addHook('onClose', () => served.close());
    app.log.info(
      { metrics: `http://${served.address.address}:${served.address.port}/metrics` },
      'metrics served',
    );
  }
  // A web process leaves the jobs and the mail to the workers (docs/decisions/0076).
  if (config.role !== 'web') {
    app.mailer.start();
    await app.jobs.start();
  }
}
