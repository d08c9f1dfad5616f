import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/features/mail/mailer.js';
import { serveMetrics } from '../src/plugins/metrics.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('metrics', () => {
  let harness: TestApp;
  let served: Awaited<ReturnType<typeof serveMetrics>>;
  let origin: string;
  beforeAll(async () => {
    harness = await createTestApp();
    served = await serveMetrics(harness.app, { port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${served.address.port}`;
  });
  afterAll(async () => {
    await served?.close();
    await harness?.close();
  });

  const scrape = async () => {
    const response = await fetch(`${origin}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };
  /** The value of one series, or undefined when the text has none. */
  const seriesValue = (text: string, series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('counts answers by route pattern and status, never by the path with its ids', async () => {
    await harness.app.inject({ method: 'GET', url: '/api/ping' });
    await harness.app.inject({ method: 'GET', url: '/api/ping' });
    const missing = randomUUID();
    await harness.app.inject({ method: 'GET', url: `/api/product/one/${missing}` });

    const text = await scrape();
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/ping",status_code="200"}',
      ),
    ).toBe(2);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/product\/one\/:\w+",status_code="404"\} 1/,
    );
    expect(text).not.toContain(missing);
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/ping",status_code="200"}',
      ),
    ).toBe(2);
  });

  it("shows the queues' depth, the database and live streams, and the process's own figures", async () => {
    const before = seriesValue(await scrape(), 'crossbuy_mail_outbox_pending') ?? Number.NaN;
    await enqueueMail(harness.app.db, {
      template: 'email_verification',
      to: 'metrics@example.com',
      content: { subject: 'Verify', text: 'Hello', html: '<p>Hello</p>' },
    });
    // The queues are read at most once a second, for every gauge of one scrape.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const text = await scrape();
    expect(seriesValue(text, 'crossbuy_mail_outbox_pending')).toBe(before + 1);
    expect(seriesValue(text, 'crossbuy_jobs_due')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'crossbuy_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'crossbuy_live_streams')).toBe(0);
    expect(seriesValue(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(seriesValue(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    if (harness.database.kind === 'postgres') {
      expect(seriesValue(text, 'crossbuy_db_pool_connections{state="open"}')).toBeGreaterThan(0);
    }
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/metrics`, { method: 'POST', body: 'null' })).status).toBe(404);
    // The store's own port does not serve them.
    expect((await harness.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
