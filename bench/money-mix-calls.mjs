// The money mix's calls and what they answered: HTTP requests over keep-alive agents, the card
// provider's webhook events forwarded to the server, and the tally of latencies, orders and surprises.
import http from 'node:http';

/** The operator's calls at once: a few back-office tabs. */
const OPERATOR_CONNECTIONS = 4;
/** Webhook deliveries at once, as the provider sends them. */
const WEBHOOK_CONNECTIONS = 8;
const WEBHOOK_POLL_MS = 20;

/** One HTTP answer: its status and parsed JSON body (null when there is none). */
function send(agent, origin, { method, path, headers, body }) {
  return new Promise((resolve) => {
    // Without a length Node sends a DELETE's body unframed, and the server cannot read the request.
    const framed = body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) };
    const call = http.request(`${origin}${path}`, { agent, method, headers: framed }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {}
        resolve({ status: response.statusCode, body: json });
      });
    });
    call.on('error', (error) => resolve({ status: 0, body: { error: { message: error.message } } }));
    call.end(body);
  });
}

/** Delivers the provider's events to the server's webhook as they are raised, until stopped. */
export function forwardWebhooks(origin, standIn, tally) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: WEBHOOK_CONNECTIONS });
  let next = 0;
  let inFlight = Promise.resolve();
  const deliverNew = async () => {
    const due = standIn.events.slice(next);
    next += due.length;
    await Promise.all(
      due.map(async (event) => {
        const { payload, headers } = standIn.delivery(event);
        const answer = await send(agent, origin, {
          method: 'POST',
          path: '/api/payment/stripe/webhook',
          headers,
          body: payload,
        });
        tally.webhooks += 1;
        if (answer.status >= 500 || answer.status === 0) tally.serverErrors += 1;
        if (answer.status !== 200) tally.unexpected(`webhook ${event.type}`, answer);
      }),
    );
  };
  const timer = setInterval(() => {
    inFlight = inFlight.then(deliverNew);
  }, WEBHOOK_POLL_MS);
  return {
    /** Delivers what is left and stops. */
    async drain() {
      clearInterval(timer);
      await inFlight;
      await deliverNew();
      agent.destroy();
    },
  };
}

/** What every call of the mix answered: latencies, orders, and anything a shopper should not have met. */
export function newTally() {
  const tally = {
    latencies: [],
    byCall: new Map(),
    orderIds: [],
    toldSucceeded: [],
    journeys: new Map(),
    webhooks: 0,
    serverErrors: 0,
    unexpectedCount: 0,
    unexpectedSamples: [],
    unexpected(step, answer) {
      tally.unexpectedCount += 1;
      if (tally.unexpectedSamples.length < 5) {
        tally.unexpectedSamples.push(
          `${step}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
        );
      }
    },
  };
  return tally;
}

/**
 * A shopper's or the operator's calls over their own connections, each timed from `since` (when it was due,
 * for the first call of a journey in the open loop) or from when it is sent.
 */
export function callerFor(origin, tally) {
  const shopperAgent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const operatorAgent = new http.Agent({ keepAlive: true, maxSockets: OPERATOR_CONNECTIONS });
  async function call(who, name, method, path, body, accepted, since = performance.now()) {
    const answer = await send(who.operator ? operatorAgent : shopperAgent, origin, {
      method,
      path,
      headers: {
        cookie: who.signedInCookie,
        'x-xsrf-token': who.xsrf,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const ms = performance.now() - since;
    tally.latencies.push(ms);
    const latencies = tally.byCall.get(name) ?? [];
    latencies.push(ms);
    tally.byCall.set(name, latencies);
    if (answer.status >= 500 || answer.status === 0) tally.serverErrors += 1;
    const ok = accepted(answer);
    if (!ok) tally.unexpected(name, answer);
    return { ...answer, ok };
  }
  return {
    call,
    close() {
      shopperAgent.destroy();
      operatorAgent.destroy();
    },
  };
}

export function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))].toFixed(1));
}
