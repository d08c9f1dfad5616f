import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query-rows.js';
import { checkoutSessions } from '../src/features/checkout/checkout.table.js';
import { orders } from '../src/features/orders/orders.table.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { addAddress, addVoucher, seedCheckoutRules } from './helpers/checkout-fixtures.js';
import { NO_ORDER_BREACHES, orderInvariantBreaches } from './helpers/order-invariants.js';
import { freePort, repositoryRoot, SERVER_FROM_SOURCE, serverProcessEnv } from './helpers/server-process.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

// The store's server process killed (SIGKILL: no shutdown, no rollback of its own) in the middle of a
// burst of orders: each order is one transaction, so the database must hold whole orders or none, and
// the server must start again on it and go on. The server runs as a real process from source on the
// test's own PostgreSQL database; PGlite lives inside one process and cannot be shared with one.

const SHOPPERS = 60;
/** Names the killed server's connections, so the checks wait until PostgreSQL has ended all of them. */
const SERVER_APPLICATION_NAME = 'crossbuy-crash-server';

type Shopper = { cookie: string; xsrf: Record<string, string>; key: string; body: string };
type Answer = { status: number; orderId: string | null } | 'no answer';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'orders when the server is killed mid-burst (PostgreSQL only: the test and the server process share its database)',
  () => {
    let harness: TestApp;
    let fixture: CatalogueFixture;
    let server: ChildProcess | undefined;
    let serverLog = '';
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-crash-'));
    const startingStock = new Map<string, number>();
    const shoppers: Shopper[] = [];
    let origin = '';

    const startServer = async () => {
      const databaseUrl = new URL(harness.database.url as string);
      databaseUrl.searchParams.set('application_name', SERVER_APPLICATION_NAME);
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      const [command = process.execPath, ...args] = SERVER_FROM_SOURCE;
      const child = spawn(command, args, {
        cwd: repositoryRoot,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...serverProcessEnv({ databaseUrl: databaseUrl.toString(), dataDir }),
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        },
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        serverLog += chunk.toString();
      });
      server = child;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${serverLog}`);
        const answered = await fetch(`${origin}/api/ping`).then(
          (response) => response.ok,
          () => false,
        );
        if (answered) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`the server did not answer within 60 s:\n${serverLog}`);
    };

    const stopServer = async (signal: NodeJS.Signals) => {
      const child = server;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    };

    const placeOrder = async (shopper: Shopper): Promise<Answer> => {
      try {
        const response = await fetch(`${origin}/api/checkout/create_order`, {
          method: 'POST',
          headers: { cookie: shopper.cookie, 'content-type': 'application/json', ...shopper.xsrf },
          body: shopper.body,
        });
        const answer = (await response.json()) as { order?: { id: string } };
        return { status: response.status, orderId: answer.order?.id ?? null };
      } catch {
        return 'no answer';
      }
    };

    /** Waits until PostgreSQL has ended every connection of the killed server, and so its transactions. */
    const waitForServerConnectionsToEnd = async () => {
      for (let wait = 0; wait < 100; wait += 1) {
        const [row] = await queryRows<{ n: number }>(
          harness.app.db,
          sql`select count(*)::int as n from pg_stat_activity where application_name = ${SERVER_APPLICATION_NAME}`,
        );
        if (row?.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("the killed server's connections did not end");
    };

    /** Every checkout session that placed an order names it, and every order its session. */
    const sessionsAndOrdersAgree = async () => {
      const placed = await harness.app.db
        .select({ key: checkoutSessions.key, orderId: checkoutSessions.orderId, named: orders.id })
        .from(checkoutSessions)
        .leftJoin(orders, eq(orders.checkoutSessionKey, checkoutSessions.key))
        .where(isNotNull(orders.id));
      const named = await harness.app.db
        .select({ key: checkoutSessions.key })
        .from(checkoutSessions)
        .where(isNotNull(checkoutSessions.orderId));
      return {
        disagreeing: placed.filter((row) => row.orderId !== row.named),
        placed: placed.length,
        named: named.length,
      };
    };

    beforeAll(async () => {
      harness = await createTestApp();
      fixture = await seedCatalogue(harness.app.db);
      await seedCheckoutRules(harness.app.db);
      const items: { productId: string; variantPath: string }[] = [];
      for (const [index, stock] of [90, 70, 110, 80].entries()) {
        const { id } = await addProduct(fixture, {
          name: `Crash Gadget ${index}`,
          categoryId: 'keyboards',
          merchant: fixture.merchants.basics,
          priceMinor: 1500 + index * 100,
          stock,
        });
        startingStock.set(id, stock);
        items.push({ productId: id, variantPath: '' });
      }
      const { id: sized } = await addProduct(fixture, {
        name: 'Crash Sized Tee',
        categoryId: 'sneakers',
        merchant: fixture.merchants.basics,
        priceMinor: 2900,
        variants: [{ name: 'Size', options: ['S', 'M'] }],
        variantPaths: { '0': { stock: 60 }, '1': { stock: 60 } },
      });
      startingStock.set(sized, 120);
      items.push({ productId: sized, variantPath: '1' });
      await addVoucher(harness.app.db, { code: 'CRASH', totalLimit: 1000 });

      for (let index = 0; index < SHOPPERS; index += 1) {
        const user = await createUser(harness.app);
        const session = await signInAs(harness.app, user);
        const api = apiAs(harness.app, session);
        const addressId = await addAddress(harness.app.db, user.id);
        const cartItemIds: string[] = [];
        for (let position = 0; position < 3; position += 1) {
          const item = items[(index + position) % items.length] as (typeof items)[number];
          const added = await api.send('POST', '/api/cart', { ...item, quantity: (index % 2) + 1 });
          cartItemIds.push(added.json().cartItem.id);
        }
        const { key } = (await api.send('POST', '/api/checkout/session', { cartItemIds })).json();
        shoppers.push({
          cookie: session.cookie,
          xsrf: session.header,
          key,
          body: JSON.stringify({
            checkoutSessionKey: key,
            paymentMethod: 'paynow',
            shippingAddressId: addressId,
            ...(index % 2 === 0 && { voucherCode: 'CRASH' }),
          }),
        });
      }
    });

    afterAll(async () => {
      await stopServer('SIGTERM');
      await harness.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('leaves only whole orders behind, and serves again after a restart', {
      timeout: 180_000,
    }, async () => {
      await startServer();
      let killed: Promise<void> | undefined;
      const answers = await Promise.all(
        shoppers.map(async (shopper) => {
          const answer = await placeOrder(shopper);
          // The first order answered kills the server while the rest are in flight.
          if (answer !== 'no answer' && answer.status === 201) killed ??= stopServer('SIGKILL');
          return answer;
        }),
      );
      await killed;
      expect(server?.signalCode, serverLog).toBe('SIGKILL');
      const answered = answers.filter((answer) => answer !== 'no answer');
      // Every order answered was placed; some requests were cut off by the kill.
      expect(answered.map((answer) => answer.status)).toEqual(answered.map(() => 201));
      expect(answered.length).toBeLessThan(SHOPPERS);

      await waitForServerConnectionsToEnd();
      expect(await orderInvariantBreaches(harness.app.db, startingStock)).toEqual(NO_ORDER_BREACHES);
      const afterKill = await sessionsAndOrdersAgree();
      expect(afterKill.disagreeing).toEqual([]);
      expect(afterKill.named).toBe(afterKill.placed);
      const placed = await harness.app.db
        .select({ id: orders.id, key: orders.checkoutSessionKey })
        .from(orders);
      for (const answer of answered) expect(placed.map((row) => row.id)).toContain(answer.orderId);
      const placedKeys = new Set(placed.map((row) => row.key));

      // Started again on the same database, it answers every session: with the order placed before the
      // kill (200), or with one placed now (201).
      await startServer();
      const again = await Promise.all(shoppers.map(placeOrder));
      expect(again.map((answer) => (answer === 'no answer' ? answer : answer.status))).toEqual(
        shoppers.map((shopper) => (placedKeys.has(shopper.key) ? 200 : 201)),
      );
      expect(await orderInvariantBreaches(harness.app.db, startingStock)).toEqual(NO_ORDER_BREACHES);
      expect(await sessionsAndOrdersAgree()).toEqual({ disagreeing: [], placed: SHOPPERS, named: SHOPPERS });
    });
  },
);
