import { AppError } from '@crossbuy/core/errors';
import { parseTimelineCursor, type TimelineCursor } from '@crossbuy/core/order-chat';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Guard, principalOf, stillPasses } from '../../plugins/authentication.js';
import { REVOCATIONS_TOPIC, type Revocation, reaches, revocationOf } from '../auth/revocations.js';
import { orderTopic, readTimeline } from './order-timeline.js';

const HEARTBEAT_MS = 20_000;
// A stream ends after this long and the browser opens a new one (sending Last-Event-ID), so the session
// behind a stream is checked again at least this often even if a revocation were never heard.
const STREAM_LIFETIME_MS = 10 * 60_000;
const RECONNECT_AFTER_MS = 3000;
const STREAMS_PER_USER = 8;
const PAGE = 200;
// Entries are timed when written, not when committed: a read looks this far back for late commits.
const OVERLAP_SECONDS = 5;

/** An open stream as its registry knows it: whose it is, how to end it and how to check its caller again. */
type OpenStream = { userId: string; sessionId: string; end(): void; stillAllowed(): Promise<boolean> };

/**
 * Server-Sent Events streams of order timelines (docs/decisions/0033), one registry per route plugin, so
 * the server ends every open stream before it closes instead of waiting for browsers to hang up, and ends
 * the streams of a caller whose access a revocation took away (docs/decisions/0060).
 */
export class OrderLiveStreams {
  private readonly open = new Set<OpenStream>();
  private readonly perUser = new Map<string, number>();

  constructor(private readonly app: FastifyInstance) {
    app.addHook('preClose', async () => {
      for (const stream of [...this.open]) stream.end();
    });
    const stopHearingRevocations = app.live.subscribe(REVOCATIONS_TOPIC, (payload) => {
      void this.checkAgain(revocationOf(payload));
    });
    app.addHook('onClose', async () => stopHearingRevocations());
  }

  /**
   * Answers with a stream of the order's timeline entries after `Last-Event-ID` (a reconnecting browser
   * sends it) or the `after` query, then every new entry as any process announces it. The caller has passed
   * `guard` and been allowed to see the order already; `guard` is run again, against the database, whenever
   * a revocation reaches the caller, and the stream ends if it refuses. The browser's reconnection then
   * meets the route's checks like any other call.
   */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    stream: { orderId: string; guard: Guard; after: TimelineCursor | undefined },
  ): void {
    const { userId, sessionId } = principalOf(request);
    const streams = this.perUser.get(userId) ?? 0;
    if (streams >= STREAMS_PER_USER) {
      throw new AppError('general/rate_limited', [String(RECONNECT_AFTER_MS / 1000)], 429);
    }
    this.perUser.set(userId, streams + 1);
    const resumeFrom = request.headers['last-event-id'];
    let cursor =
      (typeof resumeFrom === 'string' ? parseTimelineCursor(resumeFrom) : undefined) ?? stream.after;
    const sent = new Map<string, number>();
    const raw = reply.raw;

    reply.hijack();
    this.app.metrics.liveStreams.inc();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      // Proxies such as nginx would otherwise hold events back to fill a buffer.
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
      connection: 'keep-alive',
    });
    raw.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);

    let ended = false;
    let reading = false;
    let readAgain = false;
    const send = (text: string) => {
      if (!ended && !raw.destroyed) raw.write(text);
    };

    const catchUp = async (): Promise<void> => {
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        do {
          readAgain = false;
          let after = cursor;
          let overlapSeconds = cursor ? OVERLAP_SECONDS : 0;
          for (;;) {
            const page = await readTimeline(this.app.db, stream.orderId, {
              after,
              limit: PAGE,
              overlapSeconds,
            });
            if (ended) return;
            for (const entry of page.entries) {
              if (sent.has(entry.id)) continue;
              sent.set(entry.id, Date.parse(entry.at));
              send(`id: ${entry.cursor}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`);
            }
            const last = page.entries.at(-1);
            if (last && (!cursor || last.cursor > `${cursor.at}_${cursor.id}`)) {
              cursor = parseTimelineCursor(last.cursor);
            }
            if (!page.nextCursor) break;
            after = parseTimelineCursor(page.nextCursor);
            overlapSeconds = 0;
          }
          forgetOlderThanOverlap(sent, cursor);
        } while (readAgain && !ended);
      } catch (error) {
        request.log.warn({ err: error }, 'an order stream could not read its timeline; it ends');
        end();
      } finally {
        reading = false;
      }
    };

    const unsubscribe = this.app.live.subscribe(orderTopic(stream.orderId), () => void catchUp());
    const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
    const lifetime = setTimeout(() => end(), STREAM_LIFETIME_MS);

    const end = () => {
      if (ended) return;
      ended = true;
      this.app.metrics.liveStreams.dec();
      this.open.delete(open);
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      const remaining = (this.perUser.get(userId) ?? 1) - 1;
      if (remaining > 0) this.perUser.set(userId, remaining);
      else this.perUser.delete(userId);
      if (!raw.destroyed) raw.end();
    };
    const open: OpenStream = {
      userId,
      sessionId,
      end,
      stillAllowed: () => stillPasses(request, stream.guard),
    };
    this.open.add(open);
    raw.on('close', end);
    void catchUp();
  }

  /**
   * Ends the open streams whose caller `revocation` reaches and who would now be refused; every stream is
   * checked when it is undefined (the bus may have missed revocations). A check that fails to read also
   * ends its stream: the browser reconnects through the route's checks.
   */
  private async checkAgain(revocation: Revocation | undefined): Promise<void> {
    const reached = [...this.open].filter((stream) => reaches(revocation, stream.userId, stream.sessionId));
    await Promise.all(
      reached.map(async (stream) => {
        const allowed = await stream.stillAllowed().catch((error: unknown) => {
          this.app.log.warn({ err: error }, 'an order stream could not check its caller again; it ends');
          return false;
        });
        if (!allowed) stream.end();
      }),
    );
  }
}

function forgetOlderThanOverlap(sent: Map<string, number>, cursor: TimelineCursor | undefined): void {
  if (!cursor) return;
  const horizon = Date.parse(cursor.at) - 2 * OVERLAP_SECONDS * 1000;
  for (const [id, at] of sent) if (at < horizon) sent.delete(id);
}
