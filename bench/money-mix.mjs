// The money mix of `npm run bench` (docs/decisions/0061): shoppers place orders and pay for them by card,
// some are declined and pay again, some cancel, some pay and cancel at the same moment, some press "pay"
// twice, and an operator refunds some and cancels some paid ones, all at once. The card provider is the
// tests' stand-in (apps/server/test/helpers/stripe-stand-in.ts) on 127.0.0.1: the server calls it as it
// would the provider's API, and its webhook events are delivered to the server as the provider would,
// while the shoppers are still paying. After the load, every order it placed is checked in the database.
// Its HTTP calls, the webhook forwarding and the tally are in money-mix-calls.mjs.
import { tsImport } from 'tsx/esm/api';
import { callerFor, forwardWebhooks, newTally, percentile } from './money-mix-calls.mjs';

const standInModule = () => tsImport('../apps/server/test/helpers/stripe-stand-in.ts', import.meta.url);
const invariantsModule = () => tsImport('../apps/server/test/helpers/order-invariants.ts', import.meta.url);

/** How the mix's journeys go, in turn: 10 of 20 simply pay, the others each do one thing more. */
const JOURNEYS = [
  'pay',
  'pay',
  'pay_then_part_refund',
  'pay',
  'declined_then_pay',
  'pay',
  'shopper_cancels',
  'pay',
  'pay_and_cancel_at_once',
  'pay',
  'pay_then_full_refund',
  'pay',
  'pay_twice',
  'pay',
  'pay_then_store_cancels',
  'pay',
  'pay_then_part_refund',
  'pay',
  'declined_then_pay',
  'pay',
];
/** How long the checks wait for the last deliveries and refunds after the load stops. */
const SETTLE_TIMEOUT_MS = 60_000;

/**
 * The card provider stand-in, listening on 127.0.0.1, and the environment that points the server at it.
 * Without card keys the server offers no card payment in production, and the test card is refused there.
 */
export async function startCardProvider() {
  const { startStripeStandIn } = await standInModule();
  const standIn = await startStripeStandIn();
  return {
    standIn,
    serverEnv: {
      STRIPE_API_BASE: standIn.apiBase,
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
    },
  };
}

const answered =
  (...statuses) =>
  (answer) =>
    statuses.includes(answer.status);
const payAnswered = (status) => (answer) => answer.status === 200 && answer.body?.status === status;
/** Pay and cancel racing: either may win, and the other is refused; nothing may fail. */
const eitherWins = (answer) => answer.status >= 200 && answer.status < 500;

/** One journey of the mix: an order placed by card, and what its kind does with it. */
async function runJourney(kind, { shopper, operator, key }, { call }, tally, since) {
  const placed = await call(
    shopper,
    'create_order',
    'POST',
    '/api/checkout/create_order',
    {
      checkoutSessionKey: key,
      paymentMethod: 'card',
      shippingAddressId: shopper.addressId,
      regionCountryCode: 'SG',
    },
    answered(201),
    since,
  );
  if (!placed.ok) return;
  const { id: orderId, total } = placed.body.order;
  tally.orderIds.push(orderId);
  const pay = async (card, accepted = payAnswered('succeeded')) => {
    const answer = await call(
      shopper,
      'pay',
      'POST',
      '/api/payment/stripe/card/pay',
      { orderId, paymentMethodId: card },
      accepted,
    );
    if (answer.status === 200 && answer.body?.status === 'succeeded') tally.toldSucceeded.push(orderId);
    return answer;
  };
  const cancel = (accepted) =>
    call(
      shopper,
      'shopper cancel',
      'DELETE',
      `/api/order/${orderId}`,
      { reason: 'Changed my mind' },
      accepted,
    );
  const refund = (amountMinor) =>
    call(
      operator,
      'operator refund',
      'POST',
      `/api/admin/orders/${orderId}/refunds`,
      { amount: { amountMinor, currency: total.currency }, reason: 'Bench: refunded by the store' },
      answered(200),
    );
  switch (kind) {
    case 'shopper_cancels':
      await cancel(answered(200));
      break;
    case 'pay_and_cancel_at_once':
      await Promise.all([
        pay('pm_card_visa', eitherWins),
        new Promise((resolve) => setTimeout(resolve, 3)).then(() => cancel(eitherWins)),
      ]);
      break;
    case 'declined_then_pay':
      if ((await pay('pm_card_chargeDeclined', payAnswered('failed'))).ok) await pay('pm_card_visa');
      break;
    case 'pay_twice':
      if ((await pay('pm_card_visa')).ok) await pay('pm_card_visa', answered(400));
      break;
    default: {
      if (!(await pay('pm_card_visa')).ok) break;
      if (kind === 'pay_then_part_refund') await refund(Math.max(1, Math.floor(total.amountMinor / 3)));
      if (kind === 'pay_then_full_refund') await refund(total.amountMinor);
      if (kind === 'pay_then_store_cancels') {
        await call(
          operator,
          'store cancel',
          'POST',
          `/api/admin/orders/${orderId}/cancel`,
          { reason: 'Bench: cancelled by the store' },
          answered(200),
        );
      }
    }
  }
  tally.journeys.set(kind, (tally.journeys.get(kind) ?? 0) + 1);
}

/**
 * Runs journeys for `seconds`: with `ratePerSecond`, one is due at each step of that rate whether or not
 * earlier ones were answered (an open loop; the first call of each is timed from when it was due), over at
 * most `shoppers` at once; without it, `shoppers` each start the next as soon as the last ended (a closed
 * loop). Orders/s counts the journeys that ended within the time.
 */
export async function measureMoneyMix(mix, { shoppers, ratePerSecond }, seconds) {
  const { origin, tally } = mix;
  const caller = callerFor(origin, tally);
  const startLatencies = tally.latencies.length;
  const startServerErrors = tally.serverErrors;
  const startUnexpected = tally.unexpectedCount;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let completed = 0;
  let ranOut = false;
  const journey = async (since) => {
    const next = mix.take();
    if (!next) {
      ranOut = true;
      return;
    }
    await runJourney(JOURNEYS[next.index % JOURNEYS.length], next, caller, tally, since);
    if (performance.now() <= deadline) completed += 1;
  };
  if (ratePerSecond === undefined) {
    await Promise.all(
      Array.from({ length: shoppers }, async () => {
        while (performance.now() < deadline && !ranOut) await journey(performance.now());
      }),
    );
  } else {
    const interval = 1000 / ratePerSecond;
    const waiting = [];
    let free = shoppers;
    const running = [];
    const release = () => {
      const nextInLine = waiting.shift();
      if (nextInLine) nextInLine();
      else free += 1;
    };
    const shopperFree = () => {
      if (free === 0) return new Promise((resolve) => waiting.push(resolve));
      free -= 1;
      return Promise.resolve();
    };
    for (let sent = 0; sent < Math.floor(seconds * ratePerSecond) && !ranOut; sent += 1) {
      const due = started + sent * interval;
      const early = due - performance.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      running.push(shopperFree().then(() => journey(due).finally(release)));
    }
    await Promise.all(running);
  }
  caller.close();
  const latencies = tally.latencies.slice(startLatencies).sort((a, b) => a - b);
  return {
    rps: completed / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors:
      tally.serverErrors - startServerErrors + tally.unexpectedCount - startUnexpected + (ranOut ? 1 : 0),
  };
}

/**
 * Prepares one run of the mix: the journeys to take (checkout sessions of seeded shoppers, each placed
 * once), the operator, each watched product's stock with the units its live orders hold (which the run must
 * leave unchanged), and the webhook deliveries, which start now.
 */
export async function prepareMoneyMix(origin, { sessions, operator, standIn, databaseUrl, productIds }) {
  const { openDatabase } = await import('../apps/server/dist/db/client.js');
  const { stockWithLiveOrders } = await invariantsModule();
  const database = await openDatabase({ databaseUrl });
  const startingStock = new Map(
    (await stockWithLiveOrders(database.db, productIds)).map((row) => [
      row.product_id,
      Number(row.stock) + Number(row.ordered),
    ]),
  );
  await database.close();
  const tally = newTally();
  const webhooks = forwardWebhooks(origin, standIn, tally);
  return {
    origin,
    tally,
    take: () => {
      const next = sessions.take();
      return next && { ...next, operator };
    },
    /** Waits for the provider's last events and the refunds they start, then checks every order placed. */
    verify: () => verifyMoneyMix({ tally, webhooks, standIn, databaseUrl, startingStock }),
  };
}

async function verifyMoneyMix({ tally, webhooks, standIn, databaseUrl, startingStock }) {
  await webhooks.drain();
  const { openDatabase } = await import('../apps/server/dist/db/client.js');
  const { orderMoneyBreaches, unconservedStock } = await invariantsModule();
  const database = await openDatabase({ databaseUrl });
  const { db } = database;
  const pool = db.$client;
  try {
    const ids = tally.orderIds;
    // A card payment that arrived after its order closed is refunded by a job: wait until none is pending.
    const settleBy = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const { rows } = await pool.query(
        `select count(*)::int as pending from order_refunds where status = 'pending' and order_id = any($1::uuid[])`,
        [ids],
      );
      if (rows[0].pending === 0 || Date.now() > settleBy) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const breaches = [];
    for (let at = 0; at < ids.length; at += 1000) {
      breaches.push(
        ...(await orderMoneyBreaches(db, ids.slice(at, at + 1000), (orderId) => standIn.moneyOf(orderId))),
      );
    }
    for (const row of await unconservedStock(db, startingStock)) {
      breaches.push(
        `stock of ${row.product_id} is ${row.stock} with ${row.ordered} in live orders, was ${row.starting}`,
      );
    }
    const { rows: unpaid } = await pool.query(
      `select id from orders where id = any($1::uuid[]) and paid_at is null`,
      [tally.toldSucceeded],
    );
    for (const { id } of unpaid)
      breaches.push(`order ${id}: the shopper was told it was paid, and it was not`);
    if (tally.serverErrors > 0) breaches.push(`${tally.serverErrors} answers were 5xx or no answer`);
    const { rows: statuses } = await pool.query(
      `select status, count(*)::int as orders from orders where id = any($1::uuid[]) group by status order by status`,
      [ids],
    );
    const callFigures = [...tally.byCall].map(([name, latencies]) => {
      latencies.sort((a, b) => a - b);
      return `${name} ${latencies.length} (p95 ${percentile(latencies, 0.95)} ms)`;
    });
    return {
      breaches,
      summary: [
        `${ids.length} orders: ${statuses.map((row) => `${row.orders} ${row.status}`).join(', ')}`,
        `calls: ${callFigures.join(', ')}; ${tally.webhooks} webhook deliveries`,
        `${tally.unexpectedCount} unexpected answers${tally.unexpectedSamples.length ? `: ${tally.unexpectedSamples.join(' | ')}` : ''}`,
        `invariant breaks: ${breaches.length}${breaches.length ? `: ${breaches.slice(0, 10).join(' | ')}` : ''}`,
      ],
    };
  } finally {
    await database.close();
  }
}
