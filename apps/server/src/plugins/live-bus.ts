import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * Live updates between server processes (docs/decisions/0034). Every process LISTENs on one PostgreSQL
 * channel and hands each notification to its own subscribers of the notification's topic. A payload only
 * names what changed (ids): subscribers read the change from the database, so a notification that is
 * repeated or that overtakes another costs a read, never a wrong screen.
 */
export const LIVE_CHANNEL = 'crossbuy_live';

// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; ids fit many times over.
const MAX_MESSAGE_BYTES = 7000;
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export type LivePayload = Record<string, string>;

/**
 * Hears the payload of one notification of its topic, or `null` after the bus lost its connection to the
 * database for a while: notifications may have been missed then, so the subscriber reads afresh.
 */
export type LiveListener = (payload: LivePayload | null) => void;

/**
 * Announces `payload` under `topic` to every process. Through a transaction (`via` is the transaction),
 * PostgreSQL and PGlite hold the notification until it commits and drop it on rollback, so a subscriber
 * never reads for a row that is not there yet.
 */
export async function publishLive(via: Database, topic: string, payload: LivePayload = {}): Promise<void> {
  await via.execute(sql`select ${liveNotification(topic, payload)}`);
}

/** The call publishLive makes, for a statement that also writes what it announces (one round trip). */
export function liveNotification(topic: string, payload: LivePayload = {}): SQL {
  const message = JSON.stringify({ topic, payload });
  if (Buffer.byteLength(message) > MAX_MESSAGE_BYTES) throw new Error('a live message must name ids only');
  return sql`pg_notify(${LIVE_CHANNEL}, ${message})`;
}

/** How a bus hears the channel: its process's PGlite, or a connection of its own to PostgreSQL. */
type ChannelListener = { stop(): Promise<void> };

export class LiveBus {
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private channel: ChannelListener | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  publish(topic: string, payload: LivePayload = {}, via: Database = this.db): Promise<void> {
    return publishLive(via, topic, payload);
  }

  /** Calls `listener` for each notification of `topic` heard by this process; returns how to stop. */
  subscribe(topic: string, listener: LiveListener): () => void {
    let topicListeners = this.listeners.get(topic);
    if (!topicListeners) {
      topicListeners = new Set();
      this.listeners.set(topic, topicListeners);
    }
    topicListeners.add(listener);
    return () => {
      topicListeners.delete(listener);
      if (topicListeners.size === 0 && this.listeners.get(topic) === topicListeners) {
        this.listeners.delete(topic);
      }
    };
  }

  /** How many listeners this process has, for tests and for a look at a running server. */
  get subscriberCount(): number {
    let count = 0;
    for (const topicListeners of this.listeners.values()) count += topicListeners.size;
    return count;
  }

  async start(): Promise<void> {
    const client: unknown = (this.db as { $client?: unknown }).$client;
    if (client instanceof PGlite) {
      const unlisten = await client.listen(LIVE_CHANNEL, (text) => this.deliver(text));
      this.channel = { stop: () => unlisten() };
    } else if (client instanceof pg.Pool) {
      this.channel = await listenOnPostgres(client.options, this.log, {
        onMessage: (text) => this.deliver(text),
        onReconnected: () => this.wakeEveryone(),
      });
    } else {
      throw new Error('the live bus needs PGlite or a pg pool');
    }
  }

  async stop(): Promise<void> {
    await this.channel?.stop();
    this.channel = undefined;
  }

  private deliver(text: string): void {
    let message: { topic?: unknown; payload?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      this.log.warn('a live message that is not JSON was ignored');
      return;
    }
    if (typeof message.topic !== 'string') return;
    const payload = (typeof message.payload === 'object' && message.payload) || {};
    this.notify(message.topic, payload as LivePayload);
  }

  private wakeEveryone(): void {
    for (const topic of [...this.listeners.keys()]) this.notify(topic, null);
  }

  private notify(topic: string, payload: LivePayload | null): void {
    for (const listener of [...(this.listeners.get(topic) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        this.log.error({ err: error, topic }, 'a live listener failed');
      }
    }
  }
}

/**
 * One connection per process that only LISTENs, outside the pool: a pooled connection goes back to other
 * queries and would stop hearing. When the connection is lost (a restart, a failover), it is opened again
 * with a growing wait, and subscribers are woken to read what they may have missed meanwhile.
 */
async function listenOnPostgres(
  options: pg.PoolConfig,
  log: FastifyBaseLogger,
  handlers: { onMessage(text: string): void; onReconnected(): void },
): Promise<ChannelListener> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let waitMs = RECONNECT_FIRST_MS;
  let everConnected = false;

  const connect = async () => {
    retryTimer = undefined;
    if (stopped) return;
    const connection = new pg.Client({ ...options, keepAlive: true });
    client = connection;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === connection) client = undefined;
      connection.removeAllListeners('notification');
      connection.end().catch(() => undefined);
      if (stopped) return;
      log.warn({ err: error }, 'live updates lost their database connection; reconnecting');
      retryTimer = setTimeout(connect, waitMs);
      waitMs = Math.min(waitMs * 2, RECONNECT_MAX_MS);
    };
    connection.on('error', onLost);
    connection.on('end', () => onLost());
    connection.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload !== undefined) {
        handlers.onMessage(message.payload);
      }
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      onLost(error instanceof Error ? error : undefined);
      return;
    }
    if (stopped) {
      await connection.end().catch(() => undefined);
      return;
    }
    waitMs = RECONNECT_FIRST_MS;
    if (everConnected) handlers.onReconnected();
    everConnected = true;
  };

  // The first attempt is awaited, so a server that starts with its database hears from its first request;
  // one that starts without it keeps trying in the background.
  await connect();
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const connection = client;
      client = undefined;
      connection?.removeAllListeners('notification');
      await connection?.end().catch(() => undefined);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveBus;
  }
}

async function liveBus(app: FastifyInstance) {
  const bus = new LiveBus(app.db, app.log);
  await bus.start();
  app.decorate('live', bus);
  app.addHook('onClose', () => bus.stop());
}

export default fp(liveBus, { name: 'live-bus' });
