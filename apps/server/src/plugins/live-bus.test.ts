import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { openDatabase } from '../db/client.js';
import { LiveBus, type LivePayload, publishLive } from './live-bus.js';

const silentLog = {
  warn: () => undefined,
  error: () => undefined,
} as unknown as ConstructorParameters<typeof LiveBus>[1];

function nextPayload(bus: LiveBus, topic: string): Promise<LivePayload | null> {
  return new Promise((resolve) => {
    const stop = bus.subscribe(topic, (payload) => {
      stop();
      resolve(payload);
    });
  });
}

const opened: { dispose(): Promise<void> }[] = [];
afterAll(async () => {
  for (const resource of opened.reverse()) await resource.dispose();
});

async function busOn(database: TestDatabase): Promise<LiveBus> {
  const bus = new LiveBus(database.db, silentLog);
  await bus.start();
  opened.push({ dispose: () => bus.stop() });
  return bus;
}

describe('live bus', () => {
  it('hands a publication to the subscribers of its topic only', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const bus = await busOn(database);
    const heard: string[] = [];
    const stopOther = bus.subscribe('order:other', () => heard.push('other'));
    const received = nextPayload(bus, 'order:1');
    await bus.publish('order:1', { orderId: '1' });
    expect(await received).toEqual({ orderId: '1' });
    expect(heard).toEqual([]);
    stopOther();
    expect(bus.subscriberCount).toBe(0);
  });

  it('delivers what a transaction published when it commits, and nothing when it rolls back', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const bus = await busOn(database);
    const heard: (string | undefined)[] = [];
    const stop = bus.subscribe('order:tx', (payload) => heard.push(payload?.step));
    await database.db
      .transaction(async (tx) => {
        await publishLive(tx, 'order:tx', { step: 'rolled back' });
        throw new Error('undo');
      })
      .catch(() => undefined);
    const committed = nextPayload(bus, 'order:tx');
    await database.db.transaction(async (tx) => {
      await publishLive(tx, 'order:tx', { step: 'committed' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([]);
    });
    expect(await committed).toEqual({ step: 'committed' });
    expect(heard).toEqual(['committed']);
    stop();
  });

  it('keeps serving other subscribers when one of them throws', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const bus = await busOn(database);
    const stopFailing = bus.subscribe('order:2', () => {
      throw new Error('a broken listener');
    });
    const received = nextPayload(bus, 'order:2');
    await bus.publish('order:2', { orderId: '2' });
    expect(await received).toEqual({ orderId: '2' });
    stopFailing();
  });

  it('refuses a payload too large for a notification', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const bus = await busOn(database);
    await expect(bus.publish('order:3', { text: 'x'.repeat(8000) })).rejects.toThrow('ids only');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('live bus between processes (PostgreSQL)', () => {
  it('reaches a subscriber of another process on the same database', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    // A second pool stands for a second server process: its own connections, its own LISTEN.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const other = await openDatabase({ databaseUrl: pool.options.connectionString ?? '' });
    opened.push({ dispose: () => other.close() });
    const publisher = await busOn(database);
    const subscriber = new LiveBus(other.db, silentLog);
    await subscriber.start();
    opened.push({ dispose: () => subscriber.stop() });

    const received = nextPayload(subscriber, 'order:elsewhere');
    await publisher.publish('order:elsewhere', { orderId: 'elsewhere' });
    expect(await received).toEqual({ orderId: 'elsewhere' });
  });

  it('listens again after its connection is ended, and wakes its subscribers to read afresh', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const bus = await busOn(database);
    const woken = nextPayload(bus, 'order:gap');
    // The server ends the listening connection, as a restart or failover would.
    await database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    expect(await woken).toBeNull();
    const after = nextPayload(bus, 'order:gap');
    await bus.publish('order:gap', { orderId: 'gap' });
    expect(await after).toEqual({ orderId: 'gap' });
  });
});
