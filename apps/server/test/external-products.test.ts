import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import {
  EXTERNAL_LIMITS,
  EXTERNAL_LOOKUP_JOB,
  EXTERNAL_LOOKUP_MAX_ATTEMPTS,
} from '../src/features/external-products/external-products.service.js';
import { externalProducts, linkPreviews } from '../src/features/external-products/external-products.table.js';
import { jobs } from '../src/features/jobs/jobs.table.js';
import { htmlPage, type StandInSite, startStandInSite } from './helpers/stand-in-site.js';
import {
  createTestApp,
  createUser,
  signInAs,
  type TestApp,
  testConfig,
  withXsrf,
} from './helpers/test-app.js';

type Session = { cookie: string; header: Record<string, string> };

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/external-pages/${name}`, import.meta.url), 'utf8');

describe('external product lookups', () => {
  let site: StandInSite;
  let harness: TestApp;
  let shopper: Session;
  let pageNumber = 0;

  /** A path no test has used yet, so every test has links of its own. */
  const freshPath = (prefix: string) => {
    pageNumber += 1;
    return `/${prefix}/${pageNumber}`;
  };
  /** A fresh path on the stand-in site answering `fixture`. */
  const newPage = (name = 'json-ld-graph.html') => {
    const path = freshPath('item');
    site.route(path, htmlPage(fixture(name)));
    return { path, link: site.url(path) };
  };

  const as = (session: Session) => ({
    search: (payload: unknown, headers: Record<string, string> = session.header) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/product/searchExternal',
        headers: { cookie: session.cookie, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(payload),
      }),
    check: (link: string) =>
      harness.app.inject({
        method: 'GET',
        url: `/api/product/checkPending?link=${encodeURIComponent(link)}`,
        headers: { cookie: session.cookie },
      }),
    preview: (payload: unknown, headers: Record<string, string> = session.header) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/opengraph',
        headers: { cookie: session.cookie, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(payload),
      }),
  });
  const newShopper = async () => as(await signInAs(harness.app, await createUser(harness.app)));

  const jobsOfLookups = () => harness.app.db.select().from(jobs).where(eq(jobs.kind, EXTERNAL_LOOKUP_JOB));
  const makeDue = () =>
    harness.app.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, 'queued'));

  beforeAll(async () => {
    site = await startStandInSite();
    harness = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: `${site.host}, shop.invalid:8` } });
    shopper = await signInAs(harness.app, await createUser(harness.app));
  });
  afterAll(async () => {
    await harness.close();
    await site.close();
  });
  beforeEach(async () => {
    await harness.app.db.delete(jobs);
  });

  it('needs a signed-in shopper and the anti-forgery header', async () => {
    const visitor = as(await withXsrf(harness.app));
    const { link } = newPage();
    for (const response of [
      await visitor.search({ link }),
      await visitor.check(link),
      await visitor.preview({ url: link }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('auth/invalid_access_token');
    }
    const signedIn = as(shopper);
    for (const response of [await signedIn.search({ link }, {}), await signedIn.preview({ url: link }, {})]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('auth/invalid_state');
    }
    expect(
      await harness.app.db.select().from(externalProducts).where(eq(externalProducts.url, link)),
    ).toEqual([]);
  });

  it('refuses bodies that are not a link', async () => {
    const shopperCalls = as(shopper);
    for (const [payload, code] of [
      [null, 'general/argument_error'],
      [[], 'general/argument_error'],
      ['https://shop.example/', 'general/argument_error'],
      [{}, 'general/missing_argument'],
      [{ link: null }, 'external/invalid_link'],
      [{ link: 42 }, 'external/invalid_link'],
      [{ link: '' }, 'external/invalid_link'],
      [{ link: 'ftp://shop.example/item' }, 'external/invalid_link'],
      [{ link: 'javascript:alert(1)' }, 'external/invalid_link'],
      [{ link: 'https://user:pw@shop.example/' }, 'external/invalid_link'],
      [{ link: `https://shop.example/${'a'.repeat(2100)}` }, 'external/invalid_link'],
      [{ link: 'https://shop.example/\u0000' }, 'general/argument_error'],
    ] as const) {
      for (const response of [
        await shopperCalls.search(payload),
        await shopperCalls.preview(
          payload !== null && typeof payload === 'object' && !Array.isArray(payload) && 'link' in payload
            ? { url: payload.link }
            : payload,
        ),
      ]) {
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error.code, JSON.stringify(payload)).toBe(code);
      }
    }
    const badCheck = await shopperCalls.check('not a link');
    expect(badCheck.statusCode).toBe(400);
    expect(badCheck.json().error.code).toBe('external/invalid_link');
    const nul = await harness.app.inject({
      method: 'GET',
      url: '/api/product/checkPending?link=https%3A%2F%2Fshop.example%2F%00',
      headers: { cookie: shopper.cookie },
    });
    expect(nul.statusCode).toBe(400);
    expect(await jobsOfLookups()).toEqual([]);
  });

  it('refuses a link to a blocked address at once, queueing nothing', async () => {
    for (const link of [
      'http://127.0.0.1/item',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:7f00:1]/',
      'http://0x7f000001/',
      'http://10.0.0.8/',
      'http://shop.example:8080/',
    ]) {
      const response = await as(shopper).search({ link });
      expect(response.statusCode, link).toBe(400);
      expect(response.json().error.code).toBe('external/blocked_address');
    }
    expect(await jobsOfLookups()).toEqual([]);
  });

  it('looks a new link up in the background, then answers it at once', async () => {
    const { path, link } = newPage();
    const pasted = `${link.replace('http://', 'HTTP://')}?utm_source=newsletter&colour=red#reviews`;
    const stored = `${link}?colour=red`;
    site.route(`${path}?colour=red`, htmlPage(fixture('json-ld-graph.html')));

    const first = await as(shopper).search({ link: pasted });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({
      status: 'pending',
      product: { url: stored, host: '127.0.0.1', status: 'pending', name: null, images: [], price: null },
    });
    expect((await as(shopper).check(stored)).json().status).toBe('pending');

    expect(await harness.app.jobs.runDue()).toBe(1);
    const checked = await as(shopper).check(pasted);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({
      status: 'done',
      product: {
        id: first.json().product.id,
        url: stored,
        marketplace: null,
        status: 'done',
        failureReason: null,
        name: 'ステンレス 真空断熱 タンブラー 450ml',
        description: '保温・保冷に優れた真空二重構造。 食洗機対応。',
        images: [
          'https://thumbnail.image.rakuten.co.jp/@0_mall/kitchen-shop/cabinet/tmb450-1.jpg',
          'https://thumbnail.image.rakuten.co.jp/@0_mall/kitchen-shop/cabinet/tmb450-2.jpg',
        ],
        price: { amountMinor: 1980, currency: 'JPY' },
      },
    });
    expect(checked.json().product.fetchedAt).toMatch(/Z$/);
    expect(checked.headers['cache-control']).toBe('private, no-store');

    const fetches = site.hits.get(`${path}?colour=red`);
    const again = await (await newShopper()).search({ link: stored });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(checked.json());
    expect(site.hits.get(`${path}?colour=red`)).toBe(fetches);
    expect(await jobsOfLookups()).toHaveLength(1);
  });

  it('makes one row and one job for a burst of the same new link', async () => {
    const { link } = newPage('open-graph.html');
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => newShopper()));
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, n) => shoppers[n % 4]?.search({ link: n % 2 ? link : `${link}#x` })),
    );
    const ids = new Set(responses.map((response) => response?.json().product.id));
    expect(responses.every((response) => response?.statusCode === 202)).toBe(true);
    expect(ids.size).toBe(1);
    expect(
      await harness.app.db.select().from(externalProducts).where(eq(externalProducts.url, link)),
    ).toHaveLength(1);
    expect(await jobsOfLookups()).toHaveLength(1);
    await harness.app.jobs.runDue();
    expect((await as(shopper).check(link)).json().product).toMatchObject({
      name: 'ニンテンドースイッチ 本体 有機ELモデル',
      price: { amountMinor: 32800, currency: 'JPY' },
    });
  });

  it('retries a lookup the site failed twice, and finishes it on the third try', async () => {
    const path = freshPath('flaky');
    let tries = 0;
    site.route(path, (request, response) => {
      tries += 1;
      if (tries <= 2) response.writeHead(503, { 'content-type': 'text/html' }).end('busy');
      else htmlPage(fixture('microdata.html'))(request, response);
    });
    expect((await as(shopper).search({ link: site.url(path) })).statusCode).toBe(202);

    for (const attempt of [1, 2]) {
      expect(await harness.app.jobs.runDue()).toBe(1);
      const [job] = await jobsOfLookups();
      expect(job).toMatchObject({ status: 'queued', attempts: attempt });
      expect((await as(shopper).check(site.url(path))).json().status).toBe('pending');
      // Not due again until its backoff has passed.
      expect(await harness.app.jobs.runDue()).toBe(0);
      await makeDue();
    }
    expect(await harness.app.jobs.runDue()).toBe(1);
    expect(tries).toBe(3);
    expect((await jobsOfLookups())[0]).toMatchObject({ status: 'done', attempts: 3 });
    expect((await as(shopper).check(site.url(path))).json()).toMatchObject({
      status: 'done',
      product: {
        name: 'ワイヤレスイヤホン ノイズキャンセリング Bluetooth 5.3',
        price: { amountMinor: 12800 },
      },
    });
  });

  it('gives a lookup up after its last try, in words for the shopper', async () => {
    const path = freshPath('down');
    site.route(path, (_request, response) => response.writeHead(502).end());
    await as(shopper).search({ link: site.url(path) });
    for (let attempt = 1; attempt <= EXTERNAL_LOOKUP_MAX_ATTEMPTS; attempt += 1) {
      await makeDue();
      expect(await harness.app.jobs.runDue()).toBe(1);
    }
    expect((await as(shopper).check(site.url(path))).json()).toMatchObject({
      status: 'failed',
      product: { failureReason: 'the site had a problem answering; please try again later' },
    });
  });

  it('fails at once, without retrying, a page that is missing or a name that resolves to a blocked address', async () => {
    const missing = site.url(freshPath('missing'));
    // localhost is not on the allow list, whatever port: it resolves to loopback.
    const loopback = `http://localhost${freshPath('item')}`;
    await as(shopper).search({ link: missing });
    await as(shopper).search({ link: loopback });
    expect(await harness.app.jobs.runDue()).toBe(2);
    expect((await jobsOfLookups()).map((job) => [job.status, job.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
    const [missingAnswer, loopbackAnswer] = [
      await as(shopper).check(missing),
      await as(shopper).check(loopback),
    ];
    expect(missingAnswer.json().product).toMatchObject({
      status: 'failed',
      failureReason: 'the site says the page does not exist',
    });
    expect(loopbackAnswer.json().product).toMatchObject({
      status: 'failed',
      failureReason: 'the link points to an address we do not fetch',
    });
    expect(JSON.stringify(loopbackAnswer.json())).not.toContain('127.0.0.1');

    // Searching again soon answers the failure; after ten minutes it tries again.
    const soon = await as(shopper).search({ link: missing });
    expect(soon.statusCode).toBe(200);
    expect(soon.json().status).toBe('failed');
    await harness.app.db
      .update(externalProducts)
      .set({ updatedAt: sql`now() - interval '11 minutes'` })
      .where(eq(externalProducts.url, missing));
    site.route(new URL(missing).pathname, htmlPage(fixture('open-graph.html')));
    const later = await as(shopper).search({ link: missing });
    expect(later.statusCode).toBe(202);
    expect(later.json()).toMatchObject({ status: 'pending', product: { failureReason: null } });
    await harness.app.jobs.runDue();
    expect((await as(shopper).check(missing)).json().status).toBe('done');
  });

  it('finishes a lookup whose process died while running it, once restarted', async () => {
    const { link } = newPage('json-ld-aggregate-offer.html');
    await as(shopper).search({ link });
    // What a process that died mid-lookup leaves: the job claimed, its attempt counted, the lease over.
    await harness.app.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.kind, EXTERNAL_LOOKUP_JOB));
    const restarted = await buildApp({
      config: testConfig({ OUTBOUND_ALLOW_HOSTS: site.host }),
      db: harness.database.db,
    });
    await restarted.ready();
    try {
      expect(await restarted.jobs.runDue()).toBe(1);
    } finally {
      await restarted.close();
    }
    expect((await jobsOfLookups())[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect((await as(shopper).check(link)).json().product).toMatchObject({
      status: 'done',
      name: 'Handmade Ceramic Mug – Speckled Glaze',
      price: { amountMinor: 2450, currency: 'USD' },
    });
  });

  it('queues a new lookup for a product left pending when its job was given up', async () => {
    const { link } = newPage();
    await as(shopper).search({ link });
    await harness.app.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.kind, EXTERNAL_LOOKUP_JOB));
    expect((await as(shopper).search({ link })).statusCode).toBe(202);
    expect((await jobsOfLookups()).map((job) => job.status).sort()).toEqual(['failed', 'queued']);
    await harness.app.jobs.runDue();
    expect((await as(shopper).check(link)).json().status).toBe('done');
  });

  it('answers 404 for a link never searched', async () => {
    const response = await as(shopper).check('https://never.example/searched');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('external/not_found');
  });

  it('recognises the marketplace from the host', async () => {
    const response = await as(shopper).search({ link: 'https://www.amazon.co.jp/dp/B0TEST0001?tag=x' });
    expect(response.statusCode).toBe(202);
    expect(response.json().product).toMatchObject({ marketplace: 'Amazon', host: 'www.amazon.co.jp' });
  });

  it('limits lookups per shopper, also under a burst of parallel lookups', async () => {
    const limited = await newShopper();
    const { link } = newPage();
    const { max } = EXTERNAL_LIMITS.lookupsPerUser;
    const burst = await Promise.all(Array.from({ length: max + 10 }, () => limited.search({ link })));
    expect(burst.filter((response) => response.statusCode < 300)).toHaveLength(max);
    const refusedInBurst = burst.filter((response) => response.statusCode === 429);
    expect(refusedInBurst).toHaveLength(10);
    expect(refusedInBurst[0]?.json().error.code).toBe('general/rate_limited');
    const refused = await limited.search({ link });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('general/rate_limited');
    expect((await as(shopper).search({ link })).statusCode).toBeLessThan(300);
  });

  it('previews a link, keeps the preview, and explains a page it cannot read', async () => {
    const { path, link } = newPage('open-graph.html');
    const first = await as(shopper).preview({ url: link });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      url: link,
      title: 'ニンテンドースイッチ 本体 有機ELモデル',
      description: '購入後数回のみ使用。箱・付属品すべてあります。',
      image: 'https://static.mercdn.net/item/detail/orig/photos/m12345678901_1.jpg',
      siteName: 'メルカリ',
    });
    const again = await (await newShopper()).preview({ url: `${link}#top` });
    expect(again.json()).toEqual(first.json());
    expect(site.hits.get(path)).toBe(1);
    const [kept] = await harness.app.db.select().from(linkPreviews).where(eq(linkPreviews.url, link));
    expect((kept?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

    const missing = site.url(freshPath('gone'));
    for (let n = 0; n < 2; n += 1) {
      const failed = await as(shopper).preview({ url: missing });
      expect(failed.statusCode).toBe(400);
      expect(failed.json().error).toMatchObject({
        code: 'external/fetch_failed',
        params: ['the site says the page does not exist'],
        message: 'We could not read that page: the site says the page does not exist',
      });
    }
    // The failure was remembered a while rather than fetched again, and never stored.
    expect(site.hits.get(new URL(missing).pathname)).toBe(1);
    expect(await harness.app.db.select().from(linkPreviews).where(eq(linkPreviews.url, missing))).toEqual([]);

    const blocked = await as(shopper).preview({ url: 'http://[fd00:ec2::254]/latest/' });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().error.code).toBe('external/blocked_address');
    const resolvedToLoopback = await as(shopper).preview({ url: 'http://localhost/' });
    expect(resolvedToLoopback.statusCode).toBe(400);
    expect(resolvedToLoopback.json().error.code).toBe('external/blocked_address');
  });

  it('describes the calls in the OpenAPI document', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths['/api/product/searchExternal'].post.responses).sort()).toEqual([
      '200',
      '202',
    ]);
    expect(document.paths['/api/product/searchExternal'].post.tags).toEqual(['product']);
    expect(document.paths['/api/product/checkPending'].get.parameters[0].name).toBe('link');
    expect(document.paths['/api/opengraph'].post.tags).toEqual(['functions']);
  });
});
