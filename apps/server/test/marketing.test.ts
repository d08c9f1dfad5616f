import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { categories, merchants } from '../src/features/catalogue/catalogue.table.js';
import { banners, homeProductGroupItems } from '../src/features/content/content.table.js';
import type { OrderRow } from '../src/features/orders/orders.table.js';
import { redeemVoucher, releaseVoucher } from '../src/features/vouchers/vouchers.service.js';
import { vouchers } from '../src/features/vouchers/vouchers.table.js';
import { errorCode } from './helpers/browser.js';
import { addProduct, seedRegions } from './helpers/catalogue-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

const UNKNOWN_ID = '9d7a4a52-7a65-4b9a-9d7e-0f1f5d0c7a11';
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

describe('marketing in the back office', () => {
  let harness: TestApp;
  let dataDir: string;
  let desk: ReturnType<typeof apiAs>;
  let operatorId: string;

  const auditOf = (subjectId: string) =>
    harness.app.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, subjectId))
      .orderBy(auditEntries.createdAt);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crossbuy-marketing-'));
    await mkdir(path.join(dataDir, 'images', 'banners'), { recursive: true });
    for (const name of ['winter.svg', 'winter_thumb.svg', 'spring.svg', 'spring_thumb.svg']) {
      await writeFile(
        path.join(dataDir, 'images', 'banners', name),
        '<svg xmlns="http://www.w3.org/2000/svg"/>',
      );
    }
    harness = await createTestApp({ env: { DATA_DIR: dataDir } });
    await seedRegions(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator' });
    operatorId = operator.id;
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
  });
  afterAll(async () => {
    await harness?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('vouchers', () => {
    const create = (body: unknown) => desk.send('POST', '/api/admin/vouchers', body);

    it('creates a voucher with its code upper-cased, lists it as active and audits the creation', async () => {
      const created = await create({
        code: 'winter15',
        description: 'Winter sale',
        kind: 'percent',
        percentOff: 15,
        maxDiscount: sgd(2000),
        minSpend: sgd(5000),
        regions: ['sg', 'MY'],
        paymentMethods: ['card'],
        totalLimit: 100,
        perUserLimit: 1,
      });
      expect(created.statusCode, created.body).toBe(200);
      const { voucher } = created.json();
      expect(voucher).toMatchObject({
        code: 'WINTER15',
        kind: 'percent',
        percentOff: 15,
        maxDiscount: sgd(2000),
        minSpend: sgd(5000),
        regions: ['MY', 'SG'],
        paymentMethods: ['card'],
        active: true,
        status: 'active',
        redeemedCount: 0,
      });

      const listed = (await desk.get('/api/admin/vouchers?q=winter')).json();
      expect(listed.vouchers.map((row: { code: string }) => row.code)).toEqual(['WINTER15']);
      expect((await desk.get(`/api/admin/vouchers/${voucher.id}`)).json().voucher.code).toBe('WINTER15');

      const [entry] = await auditOf(voucher.id);
      expect(entry).toMatchObject({
        action: 'voucher.create',
        subjectType: 'voucher',
        actorUserId: operatorId,
        before: null,
        after: expect.objectContaining({ code: 'WINTER15', percentOff: 15, totalLimit: 100 }),
      });
    });

    it('refuses a code another voucher has in any case with 409, and exactly one of 20 parallel creates wins', async () => {
      const taken = await create({ code: 'Winter15', kind: 'fixed', amountOff: sgd(500) });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({ code: 'voucher/code_taken', params: ['WINTER15'] });

      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          create({ code: index % 2 ? 'burst' : 'BURST', kind: 'fixed', amountOff: sgd(100 + index) }),
        ),
      );
      expect(burst.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(burst.filter((answer) => answer.statusCode === 409)).toHaveLength(19);
      expect(
        burst.every((answer) => answer.statusCode === 200 || errorCode(answer) === 'voucher/code_taken'),
      ).toBe(true);
      const rows = await harness.app.db.select().from(vouchers).where(eq(vouchers.code, 'BURST'));
      expect(rows).toHaveLength(1);
      const created = await harness.app.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.action, 'voucher.create'), eq(auditEntries.subjectId, rows[0]?.id ?? '')));
      expect(created).toHaveLength(1);
    });

    it('refuses rules that do not hold, each with its catalogue code, and hostile bodies with 400', async () => {
      const cases: [unknown, string][] = [
        [{ code: 'PCT0', kind: 'percent', percentOff: 0 }, 'voucher/invalid_percent'],
        [{ code: 'PCT101', kind: 'percent', percentOff: 101 }, 'voucher/invalid_percent'],
        [{ code: 'FIXED', kind: 'fixed' }, 'voucher/invalid_amount'],
        [
          { code: 'FIXEDMYR', kind: 'fixed', amountOff: { amountMinor: 500, currency: 'MYR' } },
          'voucher/invalid_amount',
        ],
        [
          { code: 'CAPPED', kind: 'fixed', amountOff: sgd(500), maxDiscount: sgd(100) },
          'voucher/invalid_max_discount',
        ],
        [
          { code: 'MINSPEND', kind: 'percent', percentOff: 5, minSpend: sgd(-1) },
          'voucher/invalid_min_spend',
        ],
        [{ code: 'REGION', kind: 'percent', percentOff: 5, regions: ['SGP'] }, 'voucher/invalid_regions'],
        [
          { code: 'PAY', kind: 'percent', percentOff: 5, paymentMethods: ['cash'] },
          'voucher/invalid_payment_methods',
        ],
        [
          {
            code: 'WINDOW',
            kind: 'percent',
            percentOff: 5,
            startsAt: '2026-12-31T00:00:00Z',
            endsAt: '2026-12-01T00:00:00Z',
          },
          'voucher/invalid_window',
        ],
        [{ code: 'LIMIT', kind: 'percent', percentOff: 5, totalLimit: 0 }, 'voucher/invalid_limit'],
        [{ code: 'x', kind: 'percent', percentOff: 5 }, 'voucher/invalid_code'],
        [{ code: 'javascript:', kind: 'percent', percentOff: 5 }, 'voucher/invalid_code'],
      ];
      for (const [body, code] of cases) {
        const answer = await create(body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorCode(answer), JSON.stringify(body)).toBe(code);
      }
      for (const body of [null, [], 'WINTER', 42, { code: 'NUL\u0000', kind: 'percent', percentOff: 5 }]) {
        const answer = await create(body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorCode(answer)).toMatch(/^(general|voucher)\//);
      }
      const nul = await create({ code: 'NULDESC', kind: 'percent', percentOff: 5, description: 'a\u0000b' });
      expect(errorCode(nul)).toBe('general/argument_error');
    });

    it('answers 404 for vouchers that do not exist, and 403 without the anti-forgery header', async () => {
      for (const id of [UNKNOWN_ID, 'not-an-id']) {
        expect(errorCode(await desk.get(`/api/admin/vouchers/${id}`))).toBe('voucher/not_found');
        expect(errorCode(await desk.send('POST', `/api/admin/vouchers/${id}/disable`))).toBe(
          'voucher/not_found',
        );
        expect(
          errorCode(
            await desk.send('PUT', `/api/admin/vouchers/${id}`, {
              code: 'GHOST',
              kind: 'percent',
              percentOff: 5,
            }),
          ),
        ).toBe('voucher/not_found');
        expect(errorCode(await desk.get(`/api/admin/vouchers/${id}/redemptions`))).toBe('voucher/not_found');
      }
      const operator = await createUser(harness.app, { role: 'operator' });
      const session = await signInAs(harness.app, operator, { tfaPassed: true });
      const unprotected = await harness.app.inject({
        method: 'POST',
        url: '/api/admin/vouchers',
        headers: { cookie: session.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ code: 'NOXSRF', kind: 'percent', percentOff: 5 }),
      });
      expect(unprotected.statusCode).toBe(403);
      expect(errorCode(unprotected)).toBe('auth/invalid_state');
      expect(await harness.app.db.select().from(vouchers).where(eq(vouchers.code, 'NOXSRF'))).toEqual([]);
    });

    it("edits a voucher's rules and audits only the fields that changed; its code stays unique", async () => {
      const { voucher } = (await create({ code: 'EDITME', kind: 'percent', percentOff: 10 })).json();
      const edited = await desk.send('PUT', `/api/admin/vouchers/${voucher.id}`, {
        code: 'edited',
        kind: 'fixed',
        amountOff: sgd(800),
        startsAt: '2027-01-01T00:00:00Z',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().voucher).toMatchObject({
        code: 'EDITED',
        kind: 'fixed',
        percentOff: null,
        amountOff: sgd(800),
        status: 'scheduled',
      });
      const entries = await auditOf(voucher.id);
      expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        ['voucher.create', null, expect.anything()],
        [
          'voucher.update',
          { code: 'EDITME', kind: 'percent', percentOff: 10, amountOff: null, startsAt: null },
          {
            code: 'EDITED',
            kind: 'fixed',
            percentOff: null,
            amountOff: sgd(800),
            startsAt: '2027-01-01T00:00:00.000Z',
          },
        ],
      ]);
      const clash = await desk.send('PUT', `/api/admin/vouchers/${voucher.id}`, {
        code: 'winter15',
        kind: 'fixed',
        amountOff: sgd(800),
      });
      expect(clash.statusCode).toBe(409);
      expect(errorCode(clash)).toBe('voucher/code_taken');
      const statuses = (await desk.get('/api/admin/vouchers?status=scheduled')).json().vouchers;
      expect(statuses.map((row: { code: string }) => row.code)).toEqual(['EDITED']);
    });

    it('disables and enables a voucher, shoppers are refused it while off, and each switch is audited once', async () => {
      const { voucher } = (await create({ code: 'SWITCH', kind: 'percent', percentOff: 5 })).json();
      const shopper = await createUser(harness.app);
      const shopperApi = apiAs(harness.app, await signInAs(harness.app, shopper));
      const validate = () =>
        shopperApi.send('POST', '/api/voucher/validate', {
          code: 'switch',
          regionCountryCode: 'SG',
          voucherItems: { cartItemIds: [], quotationItemIds: [] },
        });
      expect((await validate()).statusCode).toBe(200);

      const disabled = await Promise.all(
        Array.from({ length: 5 }, () => desk.send('POST', `/api/admin/vouchers/${voucher.id}/disable`)),
      );
      expect(disabled.map((answer) => answer.json().voucher.status)).toEqual(Array(5).fill('disabled'));
      expect(errorCode(await validate())).toBe('voucher/unknown');
      expect((await desk.get('/api/admin/vouchers?status=disabled')).json().vouchers).toHaveLength(1);

      expect(
        (await desk.send('POST', `/api/admin/vouchers/${voucher.id}/enable`)).json().voucher.status,
      ).toBe('active');
      expect((await validate()).statusCode).toBe(200);
      const entries = await auditOf(voucher.id);
      expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        ['voucher.create', null, expect.anything()],
        ['voucher.disable', { active: true }, { active: false }],
        ['voucher.enable', { active: false }, { active: true }],
      ]);
    });

    it("lists a voucher's redemptions with their order and shopper, and refuses limits below what is used", async () => {
      const { voucher } = (
        await create({ code: 'USED', kind: 'fixed', amountOff: sgd(300), totalLimit: 5 })
      ).json();
      const [row] = await harness.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      if (!row) throw new Error('voucher not written');
      const mei = await createUser(harness.app, {
        firstName: 'Mei',
        lastName: 'Tan',
        email: 'mei.voucher@example.com',
      });
      const placed: OrderRow[] = [];
      for (let index = 0; index < 3; index += 1) {
        const order = await placeOrder(harness.app.db, mei.id, { method: 'card' });
        await harness.app.db.transaction((tx) =>
          redeemVoucher(tx, { voucher: row, userId: mei.id, orderId: order.id, discount: sgd(300) }),
        );
        placed.push(order);
      }
      await harness.app.db.transaction((tx) => releaseVoucher(tx, placed[0]?.id ?? ''));

      const answer = await desk.get(`/api/admin/vouchers/${voucher.id}/redemptions`);
      expect(answer.statusCode, answer.body).toBe(200);
      const page = answer.json();
      expect(page.total).toBe(3);
      expect(page.redemptions[0]).toMatchObject({
        order: { id: placed[2]?.id, orderRef: placed[2]?.orderRef },
        shopper: { id: mei.id, email: 'mei.voucher@example.com', name: 'Mei Tan' },
        discount: sgd(300),
        releasedAt: null,
      });
      expect(page.redemptions[2].releasedAt).not.toBeNull();
      expect((await desk.get(`/api/admin/vouchers/${voucher.id}`)).json().voucher.redeemedCount).toBe(2);

      const edit = (limits: object) =>
        desk.send('PUT', `/api/admin/vouchers/${voucher.id}`, {
          code: 'USED',
          kind: 'fixed',
          amountOff: sgd(300),
          ...limits,
        });
      for (const limits of [{ totalLimit: 1 }, { perUserLimit: 1 }]) {
        const refused = await edit(limits);
        expect(refused.statusCode, JSON.stringify(limits)).toBe(400);
        expect(refused.json().error).toMatchObject({ code: 'voucher/limit_below_used', params: ['2', '2'] });
      }
      expect((await edit({ totalLimit: 2, perUserLimit: 2 })).json().voucher.status).toBe('exhausted');
      expect((await desk.get('/api/admin/vouchers?status=exhausted')).json().vouchers[0].code).toBe('USED');
    });

    it('pages the list and refuses filters it cannot read', async () => {
      const first = (await desk.get('/api/admin/vouchers?limit=2')).json();
      const second = (await desk.get('/api/admin/vouchers?limit=2&page=2')).json();
      expect(first.vouchers).toHaveLength(2);
      expect(second.vouchers[0].id).not.toBe(first.vouchers[0].id);
      for (const query of ['status=lost', 'limit=101', 'page=0', `q=${'x'.repeat(101)}`, 'q=a%00b']) {
        expect((await desk.get(`/api/admin/vouchers?${query}`)).statusCode, query).toBe(400);
      }
    });
  });

  describe('banners', () => {
    const draft = {
      title: 'Winter in Hokkaido',
      subtitle: 'Warm things from the north',
      image: 'banners/winter.svg',
      link: '/search?q=winter',
      position: 5,
    };

    it("lists the store's pictures for content, thumbnails aside", async () => {
      const answer = await desk.get('/api/admin/content/pictures');
      expect(answer.json().pictures).toEqual([
        { key: 'banners/spring.svg', url: '/images/banners/spring.svg' },
        { key: 'banners/winter.svg', url: '/images/banners/winter.svg' },
      ]);
    });

    it('creates, edits and deletes a banner; the shop shows each change at once and each is audited', async () => {
      const created = await desk.send('POST', '/api/admin/banners', draft);
      expect(created.statusCode, created.body).toBe(200);
      const { banner } = created.json();
      expect(banner).toMatchObject({ ...draft, imageUrl: '/images/banners/winter.svg', status: 'live' });
      const shop = async () =>
        (await harness.app.inject({ method: 'GET', url: '/api/banner' })).json().banners;
      expect(await shop()).toContainEqual(
        expect.objectContaining({ id: banner.id, title: 'Winter in Hokkaido' }),
      );

      const edited = await desk.send('PUT', `/api/admin/banners/${banner.id}`, {
        ...draft,
        title: 'Spring in Kyoto',
        image: 'banners/spring.svg',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await shop()).toContainEqual(
        expect.objectContaining({
          id: banner.id,
          title: 'Spring in Kyoto',
          image: '/images/banners/spring.svg',
        }),
      );

      await desk.send('PUT', `/api/admin/banners/${banner.id}`, {
        ...draft,
        title: 'Spring in Kyoto',
        image: 'banners/spring.svg',
        active: false,
      });
      expect((await shop()).map((shown: { id: string }) => shown.id)).not.toContain(banner.id);
      expect((await desk.get('/api/admin/banners')).json().banners[0]).toMatchObject({
        id: banner.id,
        status: 'disabled',
      });

      const deleted = await desk.send('DELETE', `/api/admin/banners/${banner.id}`);
      expect(deleted.json()).toEqual({ deleted: true });
      expect(await harness.app.db.select().from(banners).where(eq(banners.id, banner.id))).toEqual([]);
      expect(errorCode(await desk.send('DELETE', `/api/admin/banners/${banner.id}`))).toBe(
        'banner/not_found',
      );

      const entries = await auditOf(banner.id);
      expect(entries.map((entry) => [entry.action, entry.subjectType, entry.before, entry.after])).toEqual([
        ['content.create_banner', 'content', null, expect.objectContaining({ title: 'Winter in Hokkaido' })],
        [
          'content.update_banner',
          'content',
          { title: 'Winter in Hokkaido', image: 'banners/winter.svg' },
          { title: 'Spring in Kyoto', image: 'banners/spring.svg' },
        ],
        ['content.update_banner', 'content', { active: true }, { active: false }],
        ['content.delete_banner', 'content', expect.objectContaining({ title: 'Spring in Kyoto' }), null],
      ]);
    });

    it('refuses script links, unknown pictures, unbounded text and unknown banners', async () => {
      const cases: [object, string][] = [
        [{ link: 'javascript:alert(1)' }, 'content/invalid_link'],
        [{ link: 'http://example.com' }, 'content/invalid_link'],
        [{ link: '//evil.example' }, 'content/invalid_link'],
        [{ image: 'banners/missing.svg' }, 'content/invalid_image'],
        [{ image: '../../etc/passwd' }, 'content/invalid_image'],
        [{ title: 'x'.repeat(121) }, 'content/invalid_title'],
        [{ subtitle: 'x'.repeat(301) }, 'content/invalid_text'],
        [{ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 'content/invalid_window'],
      ];
      for (const [change, code] of cases) {
        const answer = await desk.send('POST', '/api/admin/banners', { ...draft, ...change });
        expect(answer.statusCode, JSON.stringify(change)).toBe(400);
        expect(errorCode(answer), JSON.stringify(change)).toBe(code);
      }
      expect(errorCode(await desk.send('POST', '/api/admin/banners', { ...draft, title: 'a\u0000b' }))).toBe(
        'general/argument_error',
      );
      for (const id of [UNKNOWN_ID, 'nope']) {
        expect(errorCode(await desk.send('PUT', `/api/admin/banners/${id}`, draft))).toBe('banner/not_found');
      }
    });
  });

  describe('popups', () => {
    it('adds, edits and deletes a popup; the shop greets visitors with the newest live one; each change is audited', async () => {
      const shop = async () => (await harness.app.inject({ method: 'GET', url: '/api/popup' })).json().popup;
      const created = await desk.send('POST', '/api/admin/popups', {
        title: 'Winter week',
        body: 'Warm things from the north',
        link: 'https://example.com/winter',
      });
      expect(created.statusCode, created.body).toBe(200);
      const { popup } = created.json();
      expect(popup).toMatchObject({ title: 'Winter week', image: null, imageUrl: null, status: 'live' });
      expect(await shop()).toMatchObject({ id: popup.id, title: 'Winter week' });

      const edited = await desk.send('PUT', `/api/admin/popups/${popup.id}`, {
        title: 'Winter week',
        body: 'Now with free shipping',
        image: 'banners/winter.svg',
        link: '/search?q=winter',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await shop()).toMatchObject({
        id: popup.id,
        body: 'Now with free shipping',
        image: '/images/banners/winter.svg',
      });
      expect((await desk.get('/api/admin/popups')).json().popups[0]).toMatchObject({ id: popup.id });

      expect((await desk.send('DELETE', `/api/admin/popups/${popup.id}`)).json()).toEqual({ deleted: true });
      expect((await shop())?.id).not.toBe(popup.id);

      const entries = await auditOf(popup.id);
      expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        ['content.create_popup', null, expect.objectContaining({ title: 'Winter week', image: null })],
        [
          'content.update_popup',
          { body: 'Warm things from the north', image: null, link: 'https://example.com/winter' },
          { body: 'Now with free shipping', image: 'banners/winter.svg', link: '/search?q=winter' },
        ],
        ['content.delete_popup', expect.objectContaining({ title: 'Winter week' }), null],
      ]);
    });

    it('refuses script links and unknown pictures, and answers 404 for popups that do not exist', async () => {
      for (const [change, code] of [
        [{ link: 'javascript:alert(1)' }, 'content/invalid_link'],
        [{ image: 'banners/missing.svg' }, 'content/invalid_image'],
        [{ body: 'x'.repeat(301) }, 'content/invalid_text'],
      ] as const) {
        const answer = await desk.send('POST', '/api/admin/popups', { title: 'Sale', ...change });
        expect(errorCode(answer), JSON.stringify(change)).toBe(code);
      }
      for (const id of [UNKNOWN_ID, 'nope']) {
        expect(errorCode(await desk.send('PUT', `/api/admin/popups/${id}`, { title: 'Sale' }))).toBe(
          'popup/not_found',
        );
        expect(errorCode(await desk.send('DELETE', `/api/admin/popups/${id}`))).toBe('popup/not_found');
      }
    });
  });

  describe('home product groups', () => {
    let teaId: string;
    let cupId: string;
    let hiddenId: string;

    beforeAll(async () => {
      const { db } = harness.app;
      await db.insert(categories).values({ id: 'tea', name: 'Tea', parentId: null, path: 'tea' });
      const [merchant] = await db
        .insert(merchants)
        .values({ slug: 'kyoto-tea', name: 'Kyoto Tea', sourceMarketPlace: 'Rakuten', countryCode: 'JP' })
        .returning({ id: merchants.id, name: merchants.name });
      if (!merchant) throw new Error('merchant insert returned nothing');
      const fixture = { db, merchants: { audio: merchant, basics: merchant } };
      const product = (name: string, disabled = false) =>
        addProduct(fixture, { name, categoryId: 'tea', merchant, priceMinor: 1200, stock: 5, disabled });
      teaId = (await product('Sencha')).id;
      cupId = (await product('Tea cup')).id;
      hiddenId = (await product('Old kettle', true)).id;
    });

    const shop = async () =>
      (await harness.app.inject({ method: 'GET', url: '/api/home_product_group' })).json()
        .homeProductGroups as {
        id: string;
        title: string;
        categoryId: string | null;
        products: { uuid: string }[];
      }[];

    it('creates, edits, reorders, switches and deletes a group; the home page shows each change at once; each is audited', async () => {
      const created = await desk.send('POST', '/api/admin/home_groups', {
        title: 'Tea time',
        categoryId: 'tea',
        productIds: [teaId, hiddenId],
        position: 3,
      });
      expect(created.statusCode, created.body).toBe(200);
      const { homeGroup } = created.json();
      expect(homeGroup).toMatchObject({
        title: 'Tea time',
        categoryId: 'tea',
        categoryName: 'Tea',
        position: 3,
        status: 'live',
        products: [
          { id: teaId, name: 'Sencha', enabled: true },
          { id: hiddenId, name: 'Old kettle', enabled: false },
        ],
      });
      // The storefront leaves out products that are not on sale.
      const shown = (await shop()).find((group) => group.id === homeGroup.id);
      expect(shown).toMatchObject({ title: 'Tea time', categoryId: 'tea' });
      expect(shown?.products.map((product) => product.uuid)).toEqual([teaId]);

      const edited = await desk.send('PUT', `/api/admin/home_groups/${homeGroup.id}`, {
        title: 'Tea and cups',
        categoryId: '',
        productIds: [cupId, teaId],
        position: 0,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().homeGroup).toMatchObject({ categoryId: null, categoryName: null });
      const [first] = await shop();
      expect(first).toMatchObject({ id: homeGroup.id, title: 'Tea and cups', categoryId: null });
      expect(first?.products.map((product) => product.uuid)).toEqual([cupId, teaId]);

      await desk.send('PUT', `/api/admin/home_groups/${homeGroup.id}`, {
        title: 'Tea and cups',
        productIds: [cupId, teaId],
        active: false,
      });
      expect((await shop()).map((group) => group.id)).not.toContain(homeGroup.id);
      expect((await desk.get('/api/admin/home_groups')).json().homeGroups).toContainEqual(
        expect.objectContaining({ id: homeGroup.id, status: 'disabled' }),
      );

      const deleted = await desk.send('DELETE', `/api/admin/home_groups/${homeGroup.id}`);
      expect(deleted.json()).toEqual({ deleted: true });
      expect(
        await harness.app.db
          .select()
          .from(homeProductGroupItems)
          .where(eq(homeProductGroupItems.groupId, homeGroup.id)),
      ).toEqual([]);
      expect(errorCode(await desk.send('DELETE', `/api/admin/home_groups/${homeGroup.id}`))).toBe(
        'home_group/not_found',
      );

      const entries = await auditOf(homeGroup.id);
      expect(entries.map((entry) => [entry.action, entry.subjectType, entry.before, entry.after])).toEqual([
        [
          'content.create_home_group',
          'content',
          null,
          expect.objectContaining({ title: 'Tea time', categoryId: 'tea', productIds: [teaId, hiddenId] }),
        ],
        [
          'content.update_home_group',
          'content',
          { title: 'Tea time', categoryId: 'tea', productIds: [teaId, hiddenId], position: 3 },
          { title: 'Tea and cups', categoryId: null, productIds: [cupId, teaId], position: 0 },
        ],
        ['content.update_home_group', 'content', { active: true }, { active: false }],
        ['content.delete_home_group', 'content', expect.objectContaining({ title: 'Tea and cups' }), null],
      ]);
    });

    it('refuses unknown categories and products, repeats, hostile bodies and unknown groups', async () => {
      const draft = { title: 'Tea time', productIds: [teaId] };
      const cases: [object, string][] = [
        [{ categoryId: 'no-such-category' }, 'content/invalid_category'],
        [{ categoryId: 'Not A Category' }, 'content/invalid_category'],
        [{ productIds: [UNKNOWN_ID] }, 'content/invalid_products'],
        [{ productIds: ['nope'] }, 'content/invalid_products'],
        [{ productIds: [teaId, teaId] }, 'content/invalid_products'],
        [{ productIds: Array.from({ length: 31 }, () => UNKNOWN_ID) }, 'content/invalid_products'],
        [{ productIds: teaId }, 'content/invalid_products'],
        [{ title: ' ' }, 'content/invalid_title'],
        [{ position: -1 }, 'content/invalid_position'],
        [{ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 'content/invalid_window'],
      ];
      for (const [change, code] of cases) {
        const answer = await desk.send('POST', '/api/admin/home_groups', { ...draft, ...change });
        expect(answer.statusCode, JSON.stringify(change)).toBe(400);
        expect(errorCode(answer), JSON.stringify(change)).toBe(code);
      }
      for (const body of [null, [draft], 'Tea time', { ...draft, title: 'a\u0000b' }]) {
        const answer = await desk.send('POST', '/api/admin/home_groups', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      }
      for (const id of [UNKNOWN_ID, 'nope']) {
        expect(errorCode(await desk.send('PUT', `/api/admin/home_groups/${id}`, draft))).toBe(
          'home_group/not_found',
        );
        expect(errorCode(await desk.send('DELETE', `/api/admin/home_groups/${id}`))).toBe(
          'home_group/not_found',
        );
      }
    });

    it('refuses a change without the anti-forgery header and a shopper altogether', async () => {
      const operator = await createUser(harness.app, { role: 'operator' });
      const session = await signInAs(harness.app, operator, { tfaPassed: true });
      const forged = await harness.app.inject({
        method: 'POST',
        url: '/api/admin/home_groups',
        headers: { cookie: session.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ title: 'Forged' }),
      });
      expect(forged.statusCode).toBe(403);
      expect(errorCode(forged)).toBe('auth/invalid_state');

      const shopper = apiAs(harness.app, await signInAs(harness.app, await createUser(harness.app)));
      expect((await shopper.get('/api/admin/home_groups')).statusCode).toBe(403);
      expect((await shopper.send('POST', '/api/admin/home_groups', { title: 'Mine' })).statusCode).toBe(403);
    });
  });

  describe('image pages', () => {
    const winter = { image: 'banners/winter.svg', link: '/search?q=winter', alt: 'Snow on the fields' };
    const spring = { image: 'banners/spring.svg', link: 'https://example.com/spring', alt: '' };
    const shop = (id: string) => harness.app.inject({ method: 'GET', url: `/api/image_page/${id}` });

    it('adds, edits, switches and deletes a page; the storefront shows each change at once; each is audited', async () => {
      const created = await desk.send('POST', '/api/admin/image_pages', {
        id: 'winter-week',
        title: 'Winter week',
        pictures: [winter],
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().imagePage).toEqual({
        id: 'winter-week',
        title: 'Winter week',
        path: '/image_page/winter-week',
        pictures: [{ ...winter, imageUrl: '/images/banners/winter.svg' }],
        active: true,
        linkedFrom: 0,
      });
      expect((await shop('winter-week')).json().imagePage).toMatchObject({
        title: 'Winter week',
        images: [
          { image: '/images/banners/winter.svg', link: '/search?q=winter', alt: 'Snow on the fields' },
        ],
      });

      const edited = await desk.send('PUT', '/api/admin/image_pages/winter-week', {
        title: 'Winter and spring',
        pictures: [spring, { ...winter, link: '' }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await shop('winter-week')).json().imagePage).toMatchObject({
        title: 'Winter and spring',
        images: [
          { image: '/images/banners/spring.svg', link: 'https://example.com/spring' },
          { image: '/images/banners/winter.svg', link: null },
        ],
      });

      await desk.send('PUT', '/api/admin/image_pages/winter-week', {
        title: 'Winter and spring',
        pictures: [spring, { ...winter, link: null }],
        active: false,
      });
      expect(errorCode(await shop('winter-week'))).toBe('image_page/not_found');
      expect((await desk.get('/api/admin/image_pages')).json().imagePages).toContainEqual(
        expect.objectContaining({ id: 'winter-week', active: false }),
      );

      expect((await desk.send('DELETE', '/api/admin/image_pages/winter-week')).json()).toEqual({
        deleted: true,
      });
      expect(errorCode(await desk.send('DELETE', '/api/admin/image_pages/winter-week'))).toBe(
        'image_page/not_found',
      );

      const entries = await auditOf('winter-week');
      expect(entries.map((entry) => [entry.action, entry.subjectType, entry.before, entry.after])).toEqual([
        [
          'content.create_image_page',
          'content',
          null,
          { title: 'Winter week', pictures: [winter], active: true },
        ],
        [
          'content.update_image_page',
          'content',
          { title: 'Winter week', pictures: [winter] },
          { title: 'Winter and spring', pictures: [spring, { ...winter, link: null }] },
        ],
        ['content.update_image_page', 'content', { active: true }, { active: false }],
        [
          'content.delete_image_page',
          'content',
          expect.objectContaining({ title: 'Winter and spring' }),
          null,
        ],
      ]);
    });

    it('refuses to delete a page a banner links to, and says how many link to it', async () => {
      await desk.send('POST', '/api/admin/image_pages', {
        id: 'tea-week',
        title: 'Tea week',
        pictures: [winter],
      });
      const banner = (
        await desk.send('POST', '/api/admin/banners', {
          title: 'Tea week',
          image: 'banners/winter.svg',
          link: '/image_page/tea-week?from=banner',
        })
      ).json().banner;
      expect((await desk.get('/api/admin/image_pages')).json().imagePages).toContainEqual(
        expect.objectContaining({ id: 'tea-week', linkedFrom: 1 }),
      );
      const refused = await desk.send('DELETE', '/api/admin/image_pages/tea-week');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'image_page/linked', params: ['1'] });
      expect((await shop('tea-week')).statusCode).toBe(200);

      await desk.send('DELETE', `/api/admin/banners/${banner.id}`);
      expect((await desk.send('DELETE', '/api/admin/image_pages/tea-week')).statusCode).toBe(200);
    });

    it('gives an address to exactly one of 20 parallel creates and 409 to the rest', async () => {
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          desk.send('POST', '/api/admin/image_pages', {
            id: 'burst-page',
            title: `Burst ${index}`,
            pictures: [winter],
          }),
        ),
      );
      expect(burst.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(burst.filter((answer) => errorCode(answer) === 'image_page/id_taken')).toHaveLength(19);
      expect(await auditOf('burst-page')).toHaveLength(1);
    });

    it('refuses bad addresses, pictures and links, hostile bodies and unknown pages', async () => {
      const draft = { id: 'autumn', title: 'Autumn', pictures: [winter] };
      const cases: [object, string][] = [
        [{ id: 'Autumn Week' }, 'content/invalid_page_id'],
        [{ id: '-autumn' }, 'content/invalid_page_id'],
        [{ id: 'a'.repeat(65) }, 'content/invalid_page_id'],
        [{ pictures: [] }, 'content/invalid_pictures'],
        [{ pictures: Array.from({ length: 21 }, () => winter) }, 'content/invalid_pictures'],
        [{ pictures: [null] }, 'content/invalid_pictures'],
        [{ pictures: 'banners/winter.svg' }, 'content/invalid_pictures'],
        [{ pictures: [{ ...winter, image: 'banners/missing.svg' }] }, 'content/invalid_pictures'],
        [{ pictures: [{ ...winter, image: '../../etc/passwd' }] }, 'content/invalid_image'],
        [{ pictures: [{ ...winter, link: 'javascript:alert(1)' }] }, 'content/invalid_link'],
        [{ pictures: [{ ...winter, link: '//evil.example' }] }, 'content/invalid_link'],
        [{ pictures: [{ ...winter, alt: 'x'.repeat(301) }] }, 'content/invalid_text'],
        [{ title: '' }, 'content/invalid_title'],
      ];
      for (const [change, code] of cases) {
        const answer = await desk.send('POST', '/api/admin/image_pages', { ...draft, ...change });
        expect(answer.statusCode, JSON.stringify(change)).toBe(400);
        expect(errorCode(answer), JSON.stringify(change)).toBe(code);
      }
      for (const body of [null, [draft], 'autumn', { ...draft, title: 'a\u0000b' }]) {
        const answer = await desk.send('POST', '/api/admin/image_pages', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      }
      for (const id of ['no-such-page', 'Not A Page']) {
        expect(
          errorCode(await desk.send('PUT', `/api/admin/image_pages/${encodeURIComponent(id)}`, draft)),
        ).toBe('image_page/not_found');
        expect(errorCode(await desk.send('DELETE', `/api/admin/image_pages/${encodeURIComponent(id)}`))).toBe(
          'image_page/not_found',
        );
      }
      const forged = await harness.app.inject({
        method: 'DELETE',
        url: '/api/admin/image_pages/japan-week',
        headers: {
          cookie: (
            await signInAs(harness.app, await createUser(harness.app, { role: 'admin' }), { tfaPassed: true })
          ).cookie,
        },
      });
      expect(errorCode(forged)).toBe('auth/invalid_state');
      const shopper = apiAs(harness.app, await signInAs(harness.app, await createUser(harness.app)));
      expect((await shopper.get('/api/admin/image_pages')).statusCode).toBe(403);
    });
  });
});
