import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.js';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { externalProducts } from '../src/features/external-products/external-products.table.js';
import { quotationItems } from '../src/features/quotations/quotations.table.js';
import { seedRegions } from './helpers/catalogue-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

const UNKNOWN_ID = '6f1c1a52-0000-4000-8000-000000000000';
const PAGE_URL = 'https://item.rakuten.co.jp/desk-shop/teapot-9/';

type DeskItem = { id: string; status: string; createdAt: string };

describe('the quotation desk', () => {
  let harness: TestApp;
  let desk: ReturnType<typeof apiAs>;

  const newShopper = async () => {
    const user = await createUser(harness.app, { firstName: 'Aiko', lastName: 'Sato' });
    return { user, api: apiAs(harness.app, await signInAs(harness.app, user)) };
  };
  const ask = async (shopper: ReturnType<typeof apiAs>, overrides: Record<string, unknown> = {}) => {
    const response = await shopper.send('POST', '/api/quotation/request', {
      from: 'r',
      productUrl: PAGE_URL,
      productName: 'Cast iron teapot',
      productQuantity: 3,
      instructions: 'Black, 0.9 l',
      imageUrl: 'https://image.rakuten.example/teapot.jpg',
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().quotationItem.id as string;
  };
  const page = async (query: string) => {
    const response = await desk.get(`/api/admin/quotation_items${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: DeskItem[]; total: number; nextCursor: string | null };
  };
  /** Every item of a status, page by page; bounded so a cursor that repeats fails instead of looping. */
  const everyPage = async (status: string) => {
    const seen: DeskItem[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const cursor: string = after ? `&after=${encodeURIComponent(after)}` : '';
      const answer = await page(`?status=${status}&limit=2${cursor}`);
      seen.push(...answer.items);
      after = answer.nextCursor;
      if (!after) return seen;
    }
    throw new Error('the desk never reached its last page');
  };

  beforeAll(async () => {
    harness = await createTestApp();
    await seedRegions(harness.app.db);
    await harness.app.db.insert(externalProducts).values({
      url: PAGE_URL,
      host: 'item.rakuten.co.jp',
      marketplace: 'Rakuten',
      status: 'done',
      name: 'Nambu cast iron teapot',
      images: ['https://image.rakuten.example/teapot.jpg'],
      picture: 'external/teapot.webp',
      description: 'A 0.9 litre teapot with an enamelled inside',
      priceMinor: 6800,
      priceCurrency: 'JPY',
      fetchedAt: new Date(),
    });
    const operator = await createUser(harness.app, { role: 'operator' });
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
  });
  afterAll(() => harness?.close());

  it('lists a pending item with what the desk needs: the page read, the instructions, the shopper and when', async () => {
    const { user, api } = await newShopper();
    const id = await ask(api);
    const { items, total } = await page('?limit=100');
    expect(total).toBe(items.length);
    expect(items.find((item) => item.id === id)).toMatchObject({
      status: 'p',
      name: 'Cast iron teapot',
      productUrl: PAGE_URL,
      // The page's picture as the store copied it when it read the page.
      mainImage: '/images/external/teapot.webp',
      sourceMarketPlace: 'Rakuten',
      quantity: 3,
      instructions: 'Black, 0.9 l',
      createdAt: expect.any(String),
      shopper: { id: user.id, email: user.email, firstName: 'Aiko', lastName: 'Sato' },
      extracted: {
        price: { amountMinor: 6800, currency: 'JPY' },
        images: ['https://image.rakuten.example/teapot.jpg'],
        description: 'A 0.9 litre teapot with an enamelled inside',
      },
    });

    const one = await desk.get(`/api/admin/quotation_items/${id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().item).toMatchObject({ id, shopper: { email: user.email }, extracted: { price: {} } });
  });

  it('keeps the queue oldest first and shows answered items newest first, each status counted apart', async () => {
    const { user, api } = await newShopper();
    const times = ['2021-03-01T10:00:00.000200Z', '2021-03-01T10:00:00.000100Z', '2021-03-02T08:00:00Z'];
    const inserted = await harness.app.db
      .insert(quotationItems)
      .values(
        times.map((time, index) => ({
          userId: user.id,
          productSource: 'e' as const,
          productUrl: `https://shop.example/desk/${index}`,
          name: `Early request ${index}`,
          quantity: 1,
          createdAt: sql`${time}::timestamptz`,
        })),
      )
      .returning({ id: quotationItems.id });
    const [second, first, third] = inserted.map((row) => row.id);
    const resolved = await ask(api);
    const declined = await ask(api);
    expect(
      (
        await desk.send('POST', `/api/admin/quotation_items/${resolved}/resolve`, {
          basePrice: { amountMinor: 6800, currency: 'JPY' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await desk.send('POST', `/api/admin/quotation_items/${declined}/decline`, { reason: 'Sold out' }))
        .statusCode,
    ).toBe(200);

    const pending = await everyPage('pending');
    expect(pending.slice(0, 3).map((item) => item.id)).toEqual([first, second, third]);
    expect(new Set(pending.map((item) => item.id)).size).toBe(pending.length);
    expect(pending.every((item) => item.status === 'p')).toBe(true);
    expect((await page('?status=pending&limit=1')).total).toBe(pending.length);
    // Pending is what the desk shows when asked nothing else.
    expect((await page('?limit=100')).items.map((item) => item.id)).toEqual(pending.map((item) => item.id));

    const answeredResolved = await everyPage('resolved');
    expect(answeredResolved.map((item) => item.id)).toEqual([resolved]);
    expect(answeredResolved[0]).toMatchObject({
      statusData: { basePrice: { amountMinor: 6800, currency: 'JPY' }, quotedPrice: { SG: {} } },
    });
    expect((await page('?status=declined')).items).toEqual([
      expect.objectContaining({
        id: declined,
        statusData: expect.objectContaining({ declineReason: 'Sold out' }),
      }),
    ]);

    // Newest first when looking back, and paging on by cursor keeps that order.
    const older = await ask(api);
    const newer = await ask(api);
    for (const id of [older, newer]) {
      await desk.send('POST', `/api/admin/quotation_items/${id}/decline`, { reason: 'Not sold abroad' });
    }
    const declinedItems = await everyPage('declined');
    expect(declinedItems.map((item) => item.id)).toEqual([newer, older, declined]);
    const created = declinedItems.map((item) => Date.parse(item.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('refuses a status, a limit or a cursor it does not know, and answers an unknown item 404', async () => {
    for (const query of ['?status=p', '?status=expired', '?limit=0', '?limit=101', '?after=yesterday']) {
      const response = await desk.get(`/api/admin/quotation_items${query}`);
      expect({ query, status: response.statusCode, code: response.json().error?.code }).toEqual({
        query,
        status: 400,
        code: 'general/argument_error',
      });
    }
    for (const id of [UNKNOWN_ID, 'not-an-id']) {
      const response = await desk.get(`/api/admin/quotation_items/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'quotation/not_found', params: [id] });
    }
  });

  it('offers the currencies it has a rate for, the store’s own first, and previews only those', async () => {
    const response = await desk.get('/api/admin/quotation_items/quote_currencies');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ currencies: ['SGD', 'GBP', 'JPY', 'MYR'] });

    const preview = await desk.get('/api/admin/quotation_items/quote_preview?amountMinor=10000&currency=JPY');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().quotedPrice).toMatchObject({
      SG: { amountMinor: 9791, currency: 'SGD' },
      JP: { amountMinor: 11000, currency: 'JPY' },
    });
    for (const query of [
      'amountMinor=0&currency=JPY',
      'amountMinor=1.5&currency=JPY',
      'amountMinor=1e300&currency=JPY',
      'amountMinor=99999999999999999999&currency=JPY',
      'amountMinor=100&currency=XXX',
      'amountMinor=%00&currency=JPY',
      'currency=JPY',
    ]) {
      const refused = await desk.get(`/api/admin/quotation_items/quote_preview?${query}`);
      expect({ query, status: refused.statusCode, code: refused.json().error.code }).toEqual({
        query,
        status: 400,
        code: 'general/argument_error',
      });
    }
    const withoutRate = await desk.get(
      '/api/admin/quotation_items/quote_preview?amountMinor=100&currency=USD',
    );
    expect(withoutRate.statusCode).toBe(400);
    expect(withoutRate.json().error.code).toBe('quotation/no_exchange_rate');
  });

  it('asks for the anti-forgery header before answering', async () => {
    const { api } = await newShopper();
    const id = await ask(api);
    const operator = await createUser(harness.app, { role: 'operator' });
    const { cookie } = await signInAs(harness.app, operator, { tfaPassed: true });
    const bare = apiAs(harness.app, { cookie, header: {} });
    for (const response of [
      await bare.send('POST', `/api/admin/quotation_items/${id}/resolve`, {
        basePrice: { amountMinor: 100, currency: 'SGD' },
      }),
      await bare.send('POST', `/api/admin/quotation_items/${id}/decline`, { reason: 'No' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('auth/invalid_state');
    }
    expect((await desk.get(`/api/admin/quotation_items/${id}`)).json().item.status).toBe('p');
  });

  it('quotes an item once when 20 answers arrive together: one winner, one notification, one audit entry', async () => {
    const { user, api } = await newShopper();
    const id = await ask(api);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        desk.send('POST', `/api/admin/quotation_items/${id}/resolve`, {
          basePrice: { amountMinor: 6000 + index, currency: 'JPY' },
        }),
      ),
    );
    const winners = responses.filter((response) => response.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(
      responses
        .filter((response) => response.statusCode !== 200)
        .map((response) => [response.statusCode, response.json().error.code]),
    ).toEqual(Array(19).fill([400, 'quotation/not_pending']));

    const told = await harness.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told).toHaveLength(1);
    const audited = await harness.app.db.select().from(auditEntries).where(eq(auditEntries.subjectId, id));
    expect(audited).toEqual([expect.objectContaining({ action: 'quotation_item.resolve' })]);
    // The item holds the winner's price, the one the audit entry and the answer name.
    const winner = winners[0]?.json().quotationItem.statusData.basePrice;
    expect((await desk.get(`/api/admin/quotation_items/${id}`)).json().item.statusData.basePrice).toEqual(
      winner,
    );
    expect(audited[0]?.after).toMatchObject({ basePriceMinor: winner.amountMinor });
  });
});
