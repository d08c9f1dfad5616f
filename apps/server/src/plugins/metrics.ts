import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../db/query-rows.js';

/**
 * Prometheus metrics of one process (docs/decisions/0077), in a registry of its own so each app (and each
 * test's app) counts alone: prom-client's default process metrics, the latency of every answer by route,
 * and, read when scraped, the job queue's depth and the age of its oldest due job, the mail outbox's depth,
 * the database pool's connections, and the live streams open.
 */
export type Metrics = {
  registry: Registry;
  /** Order timeline streams open in this process (order-live-stream.ts counts them). */
  liveStreams: Gauge;
};

/** Latency buckets in seconds: from a cached read to a slow checkout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

async function metrics(app: FastifyInstance) {
  const registry = new Registry();

  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the path itself: ids in paths would make a series per order.
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const liveStreams = new Gauge({
    name: 'crossbuy_live_streams',
    help: 'Order timeline streams open in this process',
    registers: [registry],
  });

  new Gauge({
    name: 'crossbuy_jobs_due',
    help: 'Durable jobs due to run and not yet claimed',
    registers: [registry],
    async collect() {
      this.set((await queueFigures(app)).due);
    },
  });
  new Gauge({
    name: 'crossbuy_jobs_oldest_due_age_seconds',
    help: 'How long the oldest unclaimed due job has been due (0 when none is)',
    registers: [registry],
    async collect() {
      this.set((await queueFigures(app)).oldestDueSeconds);
    },
  });
  new Gauge({
    name: 'crossbuy_mail_outbox_pending',
    help: 'Mail in the outbox waiting to be sent or retried',
    registers: [registry],
    async collect() {
      this.set((await queueFigures(app)).mailPending);
    },
  });
  const pool: unknown = (app.db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    new Gauge({
      name: 'crossbuy_db_pool_connections',
      help: "The database pool's connections: open, idle, and requests waiting for one",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'open' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.decorate('metrics', { registry, liveStreams } satisfies Metrics);
}

type QueueFigures = { due: number; oldestDueSeconds: number; mailPending: number };

/** One read of the queues per scrape, shared by the gauges that show it. */
const scrapes = new WeakMap<FastifyInstance, { at: number; figures: Promise<QueueFigures> }>();
const SCRAPE_REUSE_MS = 1000;

function queueFigures(app: FastifyInstance): Promise<QueueFigures> {
  const recent = scrapes.get(app);
  if (recent && Date.now() - recent.at < SCRAPE_REUSE_MS) return recent.figures;
  const figures = queryRows<{ due: number; oldest_due_seconds: number; mail_pending: number }>(
    app.db,
    sql`SELECT
          (SELECT count(*) FROM jobs WHERE status = 'queued' AND run_at <= now())::bigint AS due,
          coalesce((SELECT extract(epoch FROM now() - min(run_at)) FROM jobs
                     WHERE status = 'queued' AND run_at <= now()), 0)::float8 AS oldest_due_seconds,
          (SELECT count(*) FROM mail_outbox WHERE status = 'pending')::bigint AS mail_pending`,
  ).then(([row]) => ({
    due: Number(row?.due ?? 0),
    oldestDueSeconds: Number(row?.oldest_due_seconds ?? 0),
    mailPending: Number(row?.mail_pending ?? 0),
  }));
  scrapes.set(app, { at: Date.now(), figures });
  return figures;
}

export default fp(metrics, { name: 'metrics' });

/**
 * Serves `GET /metrics` on its own listener, apart from the store's port, so only whoever reaches the
 * given interface (127.0.0.1 by default) can read it. Answers the address it listens on and how to stop.
 */
export async function serveMetrics(
  app: FastifyInstance,
  options: { port: number; host: string },
): Promise<{ address: AddressInfo; close(): Promise<void> }> {
  // The process's own figures (CPU, memory, heap, event loop lag, handles), gathered only where served.
  collectDefaultMetrics({ register: app.metrics.registry });
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    app.metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': app.metrics.registry.contentType }).end(text);
      },
      (error: unknown) => {
        app.log.warn({ err: error }, 'metrics could not be read');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    address: server.address() as AddressInfo,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}
