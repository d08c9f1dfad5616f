import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Every request has an id that its log lines carry (pino's `reqId`), that the answer names in
 * `x-request-id`, and that follows the work it leaves to the worker processes: the jobs and mail it
 * queues store it, and the worker logs their runs with it (docs/decisions/0081). Behind a proxy that
 * names requests itself (HAProxy's `unique-id`), the proxy's id is kept, so one search finds a request
 * in the proxy's log, in the web process's and in the worker's.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a forwarded id may look like: a UUID, HAProxy's default format or a similar token. Anything else
 * (too short to be unique, too long, or with characters a log viewer could mistake) is replaced.
 */
const FORWARDED_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

export type TrustProxy = boolean | number | string[];

/**
 * Whether the process trusts the peer at `address` to name requests: the same peers whose
 * `x-forwarded-for` Fastify believes (`TRUST_PROXY`). A client reaching the process directly cannot
 * choose its own id, so ids stay ours in the logs.
 */
export function peerTrustedBy(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const trusted = proxyAddr.compile(trustProxy);
  return (address) => address !== undefined && trusted(address, 0);
}

/** The id a trusted proxy gave the request when it is well formed, otherwise a new one. */
export function requestIdFor(forwarded: string | string[] | undefined, fromTrustedPeer: boolean): string {
  if (fromTrustedPeer && typeof forwarded === 'string' && FORWARDED_ID.test(forwarded)) return forwarded;
  return randomUUID();
}

/** Fastify's `genReqId` for a process with this `TRUST_PROXY`. */
export function requestIdGenerator(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  const trusts = peerTrustedBy(trustProxy);
  return (request) => requestIdFor(request.headers[REQUEST_ID_HEADER], trusts(request.socket.remoteAddress));
}

const current = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as part of the request (or the job started by one) with this id. */
export function runWithRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? current.run({ requestId }, work) : current.exit(work);
}

/** The id of the request whose work is running now, if any: queued jobs and mail store it. */
export function currentRequestId(): string | null {
  return current.getStore()?.requestId ?? null;
}

/** A line's fields naming the request behind some work, keyed like Fastify's own request lines. */
export function requestLogFields(requestId: string | null): { reqId?: string } {
  return requestId ? { reqId: requestId } : {};
}
