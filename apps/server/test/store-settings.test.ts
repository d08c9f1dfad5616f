import { EXCHANGE_RATE_CSV_MAX_CHARACTERS } from '@crossbuy/core/settings';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { quotationItems } from '../src/features/quotations/quotations.table.js';
import { exchangeRates, regions } from '../src/features/regions/regions.table.js';
import { shippingLocations } from '../src/features/settings/shipping.table.js';
import { errorCode } from './helpers/browser.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { addAddress, addResolvedQuotation, seedCheckoutRules } from './helpers/checkout-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

const DAY_MS = 86_400_000;
const SINGAPORE_ADDRESS = {
  fullName: 'Ada Lovelace',
  phoneNumber: '8123 4567',
  address: '1 Raffles Place',
  postalCode: '048616',
  country: 'SG',
};

describe('store settings (admins only)', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;

  beforeAll(async () => {
    harness = await createTestApp({ env: { QUOTE_VALID_DAYS: '7', MAX_ADDRESSES_PER_USER: '3' } });
    fixture = await seedCatalogue(harness.app.db);
    await seedCheckoutRules(harness.app.db);
  });
  afterAll(() => harness?.close());

  const staff = async (role: 'operator' | 'admin') => {
    const user = await createUser(harness.app, { role });
    const session = await signInAs(harness.app, user, { tfaPassed: true });
    return { user, session, api: apiAs(harness.app, session) };
  };
  const auditOf = (subjectType: string, subjectId: string) =>
    harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectType, subjectType), eq(auditEntries.subjectId, subjectId)))
      .orderBy(asc(auditEntries.createdAt));
  const rateOf = async (currency: string) =>
    (
      await harness.app.db
        .select({ rate: exchangeRates.rate })
        .from(exchangeRates)
        .where(eq(exchangeRates.quoteCurrency, currency as 'MYR'))
    )[0]?.rate;

  describe('who may call', () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/settings/general'],
      ['PATCH', '/api/admin/settings/general', { quoteValidDays: 5 }],
      ['GET', '/api/admin/settings/regions'],
      ['POST', '/api/admin/settings/regions', { countryCode: 'TH', currency: 'THB' }],
      ['PATCH', '/api/admin/settings/regions/MY', { enabled: false }],
      ['GET', '/api/admin/settings/exchange_rates'],
      ['PUT', '/api/admin/settings/exchange_rates/MYR', { rate: '3.5' }],
      ['POST', '/api/admin/settings/exchange_rates/import', { csv: 'MYR,3.5' }],
      ['GET', '/api/admin/settings/shipping'],
      [
        'PATCH',
        '/api/admin/settings/shipping/locations/00000000-0000-4000-8000-000000000000',
        { enabled: false },
      ],
      ['POST', '/api/admin/settings/shipping/rules', {}],
      ['PUT', '/api/admin/settings/shipping/rules/00000000-0000-4000-8000-000000000000', {}],
      ['DELETE', '/api/admin/settings/shipping/rules/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/admin/settings/tax_rates'],
      ['PUT', '/api/admin/settings/tax_rates/SG', { name: 'GST', ratePercent: '9', inclusive: false }],
      ['DELETE', '/api/admin/settings/tax_rates/SG'],
    ];

    it('refuses an operator every call, before anything is read or changed', async () => {
      const operator = await staff('operator');
      for (const [method, url, body] of calls) {
        const response =
          method === 'GET'
            ? await operator.api.get(url)
            : await operator.api.send(method as 'POST', url, body ?? {});
        expect(`${method} ${url} ${response.statusCode} ${errorCode(response)}`).toBe(
          `${method} ${url} 403 auth/not_authorized`,
        );
      }
      expect(await rateOf('MYR')).toBe('3.4875');
    });

    it('refuses a change without the anti-forgery header', async () => {
      const admin = await staff('admin');
      for (const [method, url, body] of calls.filter(([method]) => method !== 'GET')) {
        const response = await harness.app.inject({
          method: method as 'POST',
          url,
          headers: { cookie: admin.session.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(body ?? {}),
        });
        expect(`${method} ${url} ${response.statusCode} ${errorCode(response)}`).toBe(
          `${method} ${url} 403 auth/invalid_state`,
        );
      }
    });
  });

  it('answers hostile bodies with catalogue codes, never a server error, and changes nothing', async () => {
    const admin = await staff('admin');
    const [malaysia] = await harness.app.db
      .select()
      .from(shippingLocations)
      .where(eq(shippingLocations.countryCode, 'MY'));
    const changes: [string, string, Record<string, unknown>][] = [
      ['PATCH', '/api/admin/settings/general', { quoteValidDays: 7 }],
      ['POST', '/api/admin/settings/regions', { countryCode: 'TH', currency: 'THB' }],
      ['PATCH', '/api/admin/settings/regions/MY', { enabled: true }],
      ['PUT', '/api/admin/settings/exchange_rates/MYR', { rate: '3.4875' }],
      ['POST', '/api/admin/settings/exchange_rates/import', { csv: 'MYR,3.4875' }],
      ['PATCH', `/api/admin/settings/shipping/locations/${malaysia?.id}`, { enabled: true }],
      ['PUT', '/api/admin/settings/tax_rates/SG', { name: 'GST', ratePercent: '9', inclusive: false }],
    ];
    const hostile: unknown[] = [
      null,
      12_345,
      -1,
      1e300,
      '   ',
      'x'.repeat(200_000),
      [],
      {},
      ['a'],
      { a: { b: 1 } },
      'NUL\u0000',
    ];
    const answers: string[] = [];
    for (const [method, url, valid] of changes) {
      const bodies: unknown[] = [
        null,
        [],
        'text',
        42,
        ...Object.keys(valid).flatMap((field) => hostile.map((value) => ({ ...valid, [field]: value }))),
      ];
      for (const body of bodies) {
        const response = await admin.api.send(method as 'POST', url, body);
        if (response.statusCode >= 500 || response.statusCode < 400 || !errorCode(response)) {
          answers.push(`${method} ${url} ${JSON.stringify(body).slice(0, 80)} -> ${response.statusCode}`);
        }
      }
    }
    expect(answers).toEqual([]);
    expect(await rateOf('MYR')).toBe('3.4875');
  });

  describe('general rules', () => {
    it('starts from the environment and keeps what an admin sets, audited per key', async () => {
      const admin = await staff('admin');
      const initial = await admin.api.get('/api/admin/settings/general');
      expect(initial.statusCode, initial.body).toBe(200);
      const defaults = {
        quoteValidDays: 7,
        quoteFeePercent: '10',
        maxAddressesPerUser: 3,
        maxUnpaidOrders: 5,
        maxUnitsHeldPerItem: 20,
        maxOrdersPerHour: 10,
        maxOpenCheckouts: 20,
      };
      expect(initial.json()).toEqual({ settings: defaults, defaults });

      const changed = await admin.api.send('PATCH', '/api/admin/settings/general', {
        quoteFeePercent: '12.5',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().settings).toEqual({ ...defaults, quoteFeePercent: '12.5' });
      const [entry, ...more] = await auditOf('setting', 'quoteFeePercent');
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        actorUserId: admin.user.id,
        action: 'setting.update',
        before: { quoteFeePercent: '10' },
        after: { quoteFeePercent: '12.5' },
      });
      // Saving the same value again changes nothing and records nothing.
      await admin.api.send('PATCH', '/api/admin/settings/general', { quoteFeePercent: '12.5' });
      expect(await auditOf('setting', 'quoteFeePercent')).toHaveLength(1);
      await admin.api.send('PATCH', '/api/admin/settings/general', { quoteFeePercent: '10' });
    });

    it('refuses values out of bounds with their codes', async () => {
      const admin = await staff('admin');
      const cases: [unknown, string][] = [
        [{ quoteValidDays: 0 }, 'settings/invalid_quote_valid_days'],
        [{ quoteValidDays: 91 }, 'settings/invalid_quote_valid_days'],
        [{ quoteValidDays: 2.5 }, 'settings/invalid_quote_valid_days'],
        [{ quoteValidDays: '7' }, 'settings/invalid_quote_valid_days'],
        [{ maxAddressesPerUser: 0 }, 'settings/invalid_max_addresses'],
        [{ maxAddressesPerUser: 1001 }, 'settings/invalid_max_addresses'],
        [{ maxUnpaidOrders: 0 }, 'settings/invalid_max_unpaid_orders'],
        [{ maxUnitsHeldPerItem: 10_001 }, 'settings/invalid_max_units_held'],
        [{ maxOrdersPerHour: 1.5 }, 'settings/invalid_max_orders_per_hour'],
        [{ maxOpenCheckouts: '20' }, 'settings/invalid_max_open_checkouts'],
        [{ quoteFeePercent: '-1' }, 'settings/invalid_quote_fee_percent'],
        [{ quoteFeePercent: '1e2' }, 'settings/invalid_quote_fee_percent'],
        [{ quoteFeePercent: '10\u0000' }, 'general/argument_error'],
        [{ quoteFeePercent: 10 }, 'settings/invalid_quote_fee_percent'],
        [null, 'general/argument_error'],
        [[], 'general/argument_error'],
      ];
      for (const [body, code] of cases) {
        const response = await admin.api.send('PATCH', '/api/admin/settings/general', body);
        expect(`${JSON.stringify(body)} ${response.statusCode} ${errorCode(response)}`).toBe(
          `${JSON.stringify(body)} 400 ${code}`,
        );
      }
      const message = (
        await admin.api.send('PATCH', '/api/admin/settings/general', { quoteValidDays: 0 })
      ).json().error.message;
      expect(message).toBe('Please enter a quote validity of 1 to 90 days');
    });

    it('audits a burst of changes as one honest chain: each "before" is the "after" of the one before', async () => {
      const admin = await staff('admin');
      const values = Array.from({ length: 20 }, (_, index) => index + 10);
      const answers = await Promise.all(
        values.map((quoteValidDays) =>
          admin.api.send('PATCH', '/api/admin/settings/general', { quoteValidDays }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(values.map(() => 200));
      const chain = await auditOf('setting', 'quoteValidDays');
      expect(chain).toHaveLength(20);
      expect(chain[0]?.before).toEqual({ quoteValidDays: 7 });
      for (let index = 1; index < chain.length; index += 1) {
        expect(chain[index]?.before).toEqual(chain[index - 1]?.after);
      }
      const last = chain[chain.length - 1]?.after as { quoteValidDays: number };
      expect((await admin.api.get('/api/admin/settings/general')).json().settings.quoteValidDays).toBe(
        last.quoteValidDays,
      );
      await admin.api.send('PATCH', '/api/admin/settings/general', { quoteValidDays: 7 });
    });

    it('gives the next quote the validity an admin just set; quotes already given keep theirs', async () => {
      const admin = await staff('admin');
      const shopper = await createUser(harness.app);
      const given = await addResolvedQuotation(harness.app.db, shopper.id, {}, { status: 'p' });
      const resolve = (id: string) =>
        admin.api.send('POST', `/api/admin/quotation_items/${id}/resolve`, {
          basePrice: { amountMinor: 5_000, currency: 'SGD' },
        });
      const first = await resolve(given);
      expect(first.statusCode, first.body).toBe(200);
      const firstExpiry = Date.parse(first.json().quotationItem.statusData.expiresAt);

      await admin.api.send('PATCH', '/api/admin/settings/general', { quoteValidDays: 30 });
      const preview = await admin.api.get(
        '/api/admin/quotation_items/quote_preview?amountMinor=5000&currency=SGD',
      );
      expect(Date.parse(preview.json().expiresAt) - Date.now()).toBeGreaterThan(29 * DAY_MS);
      const next = await addResolvedQuotation(harness.app.db, shopper.id, {}, { status: 'p' });
      const before = Date.now();
      const second = await resolve(next);
      expect(second.statusCode, second.body).toBe(200);
      const expiresAt = Date.parse(second.json().quotationItem.statusData.expiresAt);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1000);
      const [kept] = await harness.app.db
        .select({ expiresAt: quotationItems.expiresAt })
        .from(quotationItems)
        .where(eq(quotationItems.id, given));
      expect(kept?.expiresAt?.getTime()).toBe(firstExpiry);
      await admin.api.send('PATCH', '/api/admin/settings/general', { quoteValidDays: 7 });
    });

    it('applies a new address limit to the next address and never deletes addresses beyond it', async () => {
      const admin = await staff('admin');
      const shopperUser = await createUser(harness.app);
      const shopper = apiAs(harness.app, await signInAs(harness.app, shopperUser));
      for (let index = 0; index < 3; index += 1) await addAddress(harness.app.db, shopperUser.id);
      const refused = await shopper.send('POST', '/api/address', SINGAPORE_ADDRESS);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'user/max_addresses_reached', params: ['3'] });

      await admin.api.send('PATCH', '/api/admin/settings/general', { maxAddressesPerUser: 4 });
      expect((await shopper.send('POST', '/api/address', SINGAPORE_ADDRESS)).statusCode).toBe(201);

      await admin.api.send('PATCH', '/api/admin/settings/general', { maxAddressesPerUser: 2 });
      expect((await shopper.get('/api/address')).json().addresses).toHaveLength(4);
      const lowered = await shopper.send('POST', '/api/address', SINGAPORE_ADDRESS);
      expect(lowered.json().error).toMatchObject({ code: 'user/max_addresses_reached', params: ['2'] });
      await admin.api.send('PATCH', '/api/admin/settings/general', { maxAddressesPerUser: 3 });
    });
  });

  describe('exchange rates', () => {
    const importCsv = (api: ReturnType<typeof apiAs>, csv: unknown) =>
      api.send('POST', '/api/admin/settings/exchange_rates/import', { csv });

    it('lists the rates as exact decimals and sets one by hand, audited before and after', async () => {
      const admin = await staff('admin');
      const list = await admin.api.get('/api/admin/settings/exchange_rates');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({
        baseCurrency: 'SGD',
        rates: [
          { currency: 'GBP', rate: '0.5821' },
          { currency: 'JPY', rate: '112.35' },
          { currency: 'MYR', rate: '3.4875' },
        ],
      });
      const set = await admin.api.send('PUT', '/api/admin/settings/exchange_rates/usd', {
        rate: '0.10000000',
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().rate).toMatchObject({ currency: 'USD', rate: '0.1' });
      expect(await rateOf('USD')).toBe('0.1');
      const [entry] = await auditOf('exchange_rate', 'USD');
      expect(entry).toMatchObject({
        action: 'exchange_rate.set',
        before: { baseCurrency: 'SGD', rate: null },
        after: { baseCurrency: 'SGD', rate: '0.1' },
      });
    });

    it('refuses a rate that is not a positive exact decimal, an unknown currency and the base currency', async () => {
      const admin = await staff('admin');
      for (const rate of ['0', '0.000', '-1', '1e3', '1.123456789', '12345678901', 'abc', ' ', 3.5, null]) {
        const response = await admin.api.send('PUT', '/api/admin/settings/exchange_rates/MYR', { rate });
        expect(`${JSON.stringify(rate)} ${errorCode(response)}`).toBe(
          `${JSON.stringify(rate)} settings/invalid_exchange_rate`,
        );
      }
      const unknown = await admin.api.send('PUT', '/api/admin/settings/exchange_rates/XXX', { rate: '1' });
      expect(unknown.json().error).toMatchObject({ code: 'settings/unknown_currency', params: ['XXX'] });
      const base = await admin.api.send('PUT', '/api/admin/settings/exchange_rates/SGD', { rate: '2' });
      expect(errorCode(base)).toBe('settings/base_currency_rate');
      expect(await rateOf('MYR')).toBe('3.4875');
    });

    it('converts prices at a new rate from the next page load on', async () => {
      const admin = await staff('admin');
      const product = await addProduct(fixture, {
        name: 'Rate Probe',
        categoryId: 'speakers',
        merchant: fixture.merchants.audio,
        priceMinor: 10_000,
      });
      const priceInMalaysia = async () =>
        (await harness.app.inject({ url: `/api/product/one/${product.id}?region=MY` })).json().product.price;
      expect(await priceInMalaysia()).toEqual({ amountMinor: 34_875, currency: 'MYR' });
      await importCsv(admin.api, 'MYR,3.6');
      await expect.poll(priceInMalaysia).toEqual({ amountMinor: 36_000, currency: 'MYR' });
      await importCsv(admin.api, 'MYR,3.4875');
      await expect.poll(priceInMalaysia).toEqual({ amountMinor: 34_875, currency: 'MYR' });
    });

    it('imports a file with a header, a byte-order mark, CRLF line ends and quoted fields, every line at once', async () => {
      const admin = await staff('admin');
      const shopper = await createUser(harness.app);
      const quoted = await addResolvedQuotation(harness.app.db, shopper.id, {
        MY: { amountMinor: 17_438, currency: 'MYR' },
      });
      const csv = '\uFEFFcurrency,rate\r\n"KRW","1024.50"\r\n\r\nAUD, 1.1345 \r\n"usd",0.7412\r\n';
      const response = await importCsv(admin.api, csv);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().changes).toEqual([
        { currency: 'KRW', before: null, after: '1024.5' },
        { currency: 'AUD', before: null, after: '1.1345' },
        { currency: 'USD', before: '0.1', after: '0.7412' },
      ]);
      expect(await rateOf('KRW')).toBe('1024.5');
      expect(await rateOf('AUD')).toBe('1.1345');
      const imported = (await auditOf('exchange_rate', 'AUD'))[0];
      expect(imported).toMatchObject({
        action: 'exchange_rate.import',
        before: { rate: null },
        after: { rate: '1.1345' },
      });
      const [kept] = await harness.app.db
        .select({ quotedPrice: quotationItems.quotedPrice })
        .from(quotationItems)
        .where(eq(quotationItems.id, quoted));
      expect(kept?.quotedPrice).toEqual({ MY: { amountMinor: 17_438, currency: 'MYR' } });
    });

    it('refuses a file with wrong lines, naming every one by its number, and changes nothing', async () => {
      const admin = await staff('admin');
      const before = (await admin.api.get('/api/admin/settings/exchange_rates')).json().rates;
      const csv = [
        'currency,rate',
        'MYR,3.9',
        'XYZ,1.5',
        'JPY,0',
        'SGD,1',
        'GBP,0.6,extra',
        'MYR,3.8',
        'AUD,1.123456789',
        '"KRW,1000',
      ].join('\n');
      const response = await importCsv(admin.api, csv);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toMatchObject({ code: 'settings/csv_invalid', params: ['7'] });
      expect(body.lines.map((line: { line: number; code: string }) => [line.line, line.code])).toEqual([
        [3, 'settings/unknown_currency'],
        [4, 'settings/invalid_exchange_rate'],
        [5, 'settings/base_currency_rate'],
        [6, 'settings/csv_malformed_line'],
        [7, 'settings/csv_duplicate_currency'],
        [8, 'settings/invalid_exchange_rate'],
        [9, 'settings/csv_malformed_line'],
      ]);
      expect(body.lines[0].message).toBe('The currency XYZ is not one the store supports');
      expect((await admin.api.get('/api/admin/settings/exchange_rates')).json().rates).toEqual(before);
      expect(await rateOf('MYR')).toBe('3.4875');
    });

    it('refuses an empty file, a file too large to read and one that is not text', async () => {
      const admin = await staff('admin');
      const huge = `currency,rate\n${'MYR,3.5\n'.repeat(EXCHANGE_RATE_CSV_MAX_CHARACTERS / 8 + 1)}`;
      const tooLarge = await importCsv(admin.api, huge);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().error).toMatchObject({
        code: 'settings/csv_too_large',
        params: [String(EXCHANGE_RATE_CSV_MAX_CHARACTERS)],
      });
      expect(errorCode(await importCsv(admin.api, 'currency,rate\r\n\r\n'))).toBe('settings/csv_empty');
      expect(errorCode(await importCsv(admin.api, ''))).toBe('settings/csv_empty');
      const withNul = await importCsv(admin.api, 'MYR,3.5\u0000');
      expect(withNul.json().error).toMatchObject({ code: 'general/argument_error', params: ['csv'] });
      const tooManyLines = await importCsv(admin.api, 'MYR,3.5\n'.repeat(101));
      expect(tooManyLines.statusCode).toBe(413);
      expect(tooManyLines.json().error).toMatchObject({
        code: 'settings/csv_too_many_lines',
        params: ['100'],
      });
      expect(errorCode(await importCsv(admin.api, 42))).toBe('settings/csv_empty');
      expect(errorCode(await admin.api.send('POST', '/api/admin/settings/exchange_rates/import', {}))).toBe(
        'general/missing_argument',
      );
      expect(await rateOf('MYR')).toBe('3.4875');
    });
  });

  describe('regions', () => {
    it('lists regions with their currency and rate', async () => {
      const admin = await staff('admin');
      const response = await admin.api.get('/api/admin/settings/regions');
      expect(response.statusCode).toBe(200);
      expect(response.json().regions.slice(0, 2)).toEqual([
        {
          countryCode: 'SG',
          name: 'Singapore',
          currency: 'SGD',
          enabled: true,
          default: true,
          position: 0,
          rate: '1',
        },
        {
          countryCode: 'MY',
          name: 'Malaysia',
          currency: 'MYR',
          enabled: true,
          default: false,
          position: 1,
          rate: '3.4875',
        },
      ]);
    });

    it('adds a region, keeping regions on sale priceable, and refuses a second of the same country', async () => {
      const admin = await staff('admin');
      const noRate = await admin.api.send('POST', '/api/admin/settings/regions', {
        countryCode: 'th',
        currency: 'THB',
        enabled: true,
      });
      expect(noRate.json().error).toMatchObject({ code: 'region/no_exchange_rate', params: ['THB'] });
      const created = await admin.api.send('POST', '/api/admin/settings/regions', {
        countryCode: 'th',
        currency: 'THB',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().region).toMatchObject({ countryCode: 'TH', enabled: false, rate: null });
      const again = await admin.api.send('POST', '/api/admin/settings/regions', {
        countryCode: 'TH',
        currency: 'THB',
      });
      expect(again.statusCode).toBe(409);
      expect(errorCode(again)).toBe('region/exists');
      expect(
        errorCode(
          await admin.api.send('POST', '/api/admin/settings/regions', { countryCode: 'ZZ', currency: 'THB' }),
        ),
      ).toBe('address/invalid_country');
      expect(
        errorCode(
          await admin.api.send('POST', '/api/admin/settings/regions', { countryCode: 'DE', currency: 'EUR' }),
        ),
      ).toBe('settings/unknown_currency');
      expect((await auditOf('region', 'TH'))[0]).toMatchObject({
        action: 'region.create',
        before: null,
        after: { currency: 'THB', enabled: false, default: false },
      });
    });

    it('changes a region, keeps the default on sale, and refuses unknown regions', async () => {
      const admin = await staff('admin');
      const enable = await admin.api.send('PATCH', '/api/admin/settings/regions/GB', { enabled: true });
      expect(enable.statusCode, enable.body).toBe(200);
      expect(enable.json().region).toMatchObject({ countryCode: 'GB', enabled: true, rate: '0.5821' });
      await expect
        .poll(async () => (await harness.app.inject({ url: '/api/region/enabled' })).json().regions.length)
        .toBe(4);
      expect((await auditOf('region', 'GB'))[0]).toMatchObject({
        action: 'region.update',
        before: { enabled: false },
        after: { enabled: true },
      });
      const offDefault = await admin.api.send('PATCH', '/api/admin/settings/regions/SG', { enabled: false });
      expect(errorCode(offDefault)).toBe('region/default_required');
      const toUnpriced = await admin.api.send('PATCH', '/api/admin/settings/regions/GB', { currency: 'THB' });
      expect(toUnpriced.json().error).toMatchObject({ code: 'region/no_exchange_rate', params: ['THB'] });
      const unknown = await admin.api.send('PATCH', '/api/admin/settings/regions/FR', { enabled: true });
      expect(unknown.statusCode).toBe(404);
      expect(errorCode(unknown)).toBe('region/not_found');
      expect(
        errorCode(await admin.api.send('PATCH', '/api/admin/settings/regions/GB', { default: false })),
      ).toBe('general/argument_error');
      expect(
        errorCode(await admin.api.send('PATCH', '/api/admin/settings/regions/GB', { position: -1 })),
      ).toBe('general/argument_error');
    });

    it('leaves exactly one default after a burst of admins each making another region the default', async () => {
      const admin = await staff('admin');
      const candidates = ['SG', 'MY', 'JP', 'GB'];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          admin.api.send('PATCH', `/api/admin/settings/regions/${candidates[index % 4]}`, { default: true }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const defaults = await harness.app.db.select().from(regions).where(eq(regions.isDefault, true));
      expect(defaults).toHaveLength(1);
      await admin.api.send('PATCH', '/api/admin/settings/regions/SG', { default: true });
      const demoted = await auditOf('region', 'SG');
      expect(demoted.some((entry) => entry.after?.default === false)).toBe(true);
    });
  });

  describe('shipping and tax', () => {
    it('lists locations with their rules, and adds, changes and removes a rule, each audited', async () => {
      const admin = await staff('admin');
      const list = await admin.api.get('/api/admin/settings/shipping');
      expect(list.statusCode).toBe(200);
      const japan = list
        .json()
        .locations.find((location: { countryCode: string }) => location.countryCode === 'JP');
      expect(japan).toMatchObject({ name: 'Japan', enabled: false, rules: [] });
      const rule = {
        originCountry: null,
        method: 'by_weight',
        baseFeeMinor: 900,
        stepFeeMinor: 300,
        stepGrams: 500,
        freeAboveMinor: null,
      };
      const created = await admin.api.send('POST', '/api/admin/settings/shipping/rules', {
        shippingLocationId: japan.id,
        rule,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().rule.id;
      expect(created.json().rule).toEqual({ id, ...rule, currency: 'SGD' });
      const duplicate = await admin.api.send('POST', '/api/admin/settings/shipping/rules', {
        shippingLocationId: japan.id,
        rule,
      });
      expect(duplicate.statusCode).toBe(409);
      expect(errorCode(duplicate)).toBe('shipping/rule_exists');

      const changed = await admin.api.send('PUT', `/api/admin/settings/shipping/rules/${id}`, {
        ...rule,
        method: 'per_item',
        freeAboveMinor: 20_000,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().rule).toMatchObject({
        method: 'per_item',
        stepGrams: null,
        freeAboveMinor: 20_000,
      });
      expect((await admin.api.send('DELETE', `/api/admin/settings/shipping/rules/${id}`)).statusCode).toBe(
        204,
      );
      expect(
        (await auditOf('shipping_rule', id)).map((entry) => [entry.action, entry.before?.method ?? null]),
      ).toEqual([
        ['shipping_rule.create', null],
        ['shipping_rule.update', 'by_weight'],
        ['shipping_rule.delete', 'per_item'],
      ]);
      const gone = await admin.api.send('DELETE', `/api/admin/settings/shipping/rules/${id}`);
      expect(gone.statusCode, gone.body).toBe(404);
      expect(errorCode(gone)).toBe('shipping/rule_not_found');
      expect(
        errorCode(await admin.api.send('PUT', '/api/admin/settings/shipping/rules/not-an-id', rule)),
      ).toBe('shipping/rule_not_found');
      const nowhere = await admin.api.send('POST', '/api/admin/settings/shipping/rules', {
        shippingLocationId: '00000000-0000-4000-8000-000000000000',
        rule,
      });
      expect(nowhere.statusCode).toBe(404);
      expect(errorCode(nowhere)).toBe('shipping/location_not_found');
    });

    it('refuses rules that checkout could not apply', async () => {
      const admin = await staff('admin');
      const [singapore] = await harness.app.db
        .select()
        .from(shippingLocations)
        .where(eq(shippingLocations.countryCode, 'SG'));
      const base = {
        originCountry: 'US',
        method: 'per_item',
        baseFeeMinor: 100,
        stepFeeMinor: 100,
        stepGrams: null,
        freeAboveMinor: null,
      };
      const cases: [Record<string, unknown>, string][] = [
        [{ method: 'by_weight' }, 'shipping/weight_step_required'],
        [{ baseFeeMinor: -1 }, 'shipping/invalid_fee'],
        [{ stepFeeMinor: 1.5 }, 'shipping/invalid_fee'],
        [{ freeAboveMinor: 1e12 }, 'shipping/invalid_fee'],
        [{ originCountry: 'U\u0000' }, 'general/argument_error'],
        [{ method: 'by_volume' }, 'general/argument_error'],
      ];
      for (const [change, code] of cases) {
        const response = await admin.api.send('POST', '/api/admin/settings/shipping/rules', {
          shippingLocationId: singapore?.id,
          rule: { ...base, ...change },
        });
        expect(`${JSON.stringify(change)} ${response.statusCode} ${errorCode(response)}`).toBe(
          `${JSON.stringify(change)} 400 ${code}`,
        );
      }
    });

    it('closes and reopens delivery to a location', async () => {
      const admin = await staff('admin');
      const enabledCountries = async () =>
        (await harness.app.inject({ url: '/api/shipping_location/enabled' }))
          .json()
          .shippingLocations.map((location: { countryCode: string }) => location.countryCode);
      const [malaysia] = await harness.app.db
        .select()
        .from(shippingLocations)
        .where(eq(shippingLocations.countryCode, 'MY'));
      const url = `/api/admin/settings/shipping/locations/${malaysia?.id}`;
      expect((await admin.api.send('PATCH', url, { enabled: false })).statusCode).toBe(204);
      expect(await enabledCountries()).not.toContain('MY');
      expect((await admin.api.send('PATCH', url, { enabled: true })).statusCode).toBe(204);
      expect(await enabledCountries()).toContain('MY');
      expect((await auditOf('shipping_location', malaysia?.id ?? '')).map((entry) => entry.after)).toEqual([
        { countryCode: 'MY', enabled: false },
        { countryCode: 'MY', enabled: true },
      ]);
      expect(errorCode(await admin.api.send('PATCH', url, { enabled: 'no' }))).toBe('general/argument_error');
      const unknown = await admin.api.send(
        'PATCH',
        '/api/admin/settings/shipping/locations/00000000-0000-4000-8000-000000000000',
        { enabled: false },
      );
      expect(unknown.statusCode, unknown.body).toBe(404);
    });

    it('sets and removes the tax of a region, audited', async () => {
      const admin = await staff('admin');
      const list = await admin.api.get('/api/admin/settings/tax_rates');
      expect(list.json().taxRates).toEqual([
        { countryCode: 'MY', name: 'SST', ratePercent: '10', inclusive: true },
        { countryCode: 'SG', name: 'GST', ratePercent: '9', inclusive: false },
      ]);
      const set = await admin.api.send('PUT', '/api/admin/settings/tax_rates/JP', {
        name: 'Consumption tax',
        ratePercent: '10',
        inclusive: true,
      });
      expect(set.statusCode, set.body).toBe(200);
      const changed = await admin.api.send('PUT', '/api/admin/settings/tax_rates/jp', {
        name: 'Consumption tax',
        ratePercent: '8',
        inclusive: true,
      });
      expect(changed.json().taxRate).toEqual({
        countryCode: 'JP',
        name: 'Consumption tax',
        ratePercent: '8',
        inclusive: true,
      });
      expect((await admin.api.send('DELETE', '/api/admin/settings/tax_rates/JP')).statusCode).toBe(204);
      expect(
        (await auditOf('tax_rate', 'JP')).map((entry) => [entry.action, entry.before, entry.after]),
      ).toEqual([
        ['tax_rate.set', null, { name: 'Consumption tax', ratePercent: '10', inclusive: true }],
        [
          'tax_rate.set',
          { name: 'Consumption tax', ratePercent: '10', inclusive: true },
          { name: 'Consumption tax', ratePercent: '8', inclusive: true },
        ],
        ['tax_rate.delete', { name: 'Consumption tax', ratePercent: '8', inclusive: true }, null],
      ]);
      expect(errorCode(await admin.api.send('DELETE', '/api/admin/settings/tax_rates/JP'))).toBe(
        'tax/not_found',
      );
      const unknownRegion = await admin.api.send('PUT', '/api/admin/settings/tax_rates/FR', {
        name: 'TVA',
        ratePercent: '20',
        inclusive: true,
      });
      expect(unknownRegion.statusCode).toBe(404);
      expect(errorCode(unknownRegion)).toBe('region/not_found');
      const cases: [Record<string, string>, string][] = [
        [{ ratePercent: '100' }, 'tax/invalid_rate'],
        [{ ratePercent: '-1' }, 'tax/invalid_rate'],
        [{ ratePercent: '9.12345' }, 'tax/invalid_rate'],
        [{ name: '' }, 'tax/invalid_name'],
        [{ name: 'G\u0000ST' }, 'general/argument_error'],
        [{ name: 'G\tST' }, 'tax/invalid_name'],
        [{ name: 'x'.repeat(41) }, 'tax/invalid_name'],
      ];
      for (const [change, code] of cases) {
        const response = await admin.api.send('PUT', '/api/admin/settings/tax_rates/SG', {
          name: 'GST',
          ratePercent: '9',
          inclusive: false,
          ...change,
        });
        expect(errorCode(response)).toBe(code);
      }
    });
  });
});
