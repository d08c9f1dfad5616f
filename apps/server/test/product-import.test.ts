import { parse } from 'csv-parse/sync';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { products, productVariants } from '../src/features/catalogue/catalogue.table.js';
import { errorCode } from './helpers/browser.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Api = ReturnType<typeof apiAs>;
type Line = Record<string, string>;

const HEADER =
  'product,name,category,merchant,enabled,option_1,value_1,option_2,value_2,option_3,value_3,price_SGD,price_SG_SGD,price_MY_MYR,price_JP_JPY,price_GB_GBP,stock';

describe('the product file: export, preview and import', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  let desk: Api;
  let earbuds: { id: string; paramName: string };
  let tee: { id: string; paramName: string };

  const exported = async () => {
    const answer = await desk.get('/api/admin/products/export');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.body;
  };
  const preview = (csv: unknown) => desk.send('POST', '/api/admin/products/import/preview', { csv });
  const apply = async (csv: string) => {
    const previewed = await preview(csv);
    expect(previewed.statusCode, previewed.body).toBe(200);
    return desk.send('POST', '/api/admin/products/import', {
      csv,
      fingerprint: previewed.json().fingerprint,
    });
  };

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator' });
    desk = apiAs(harness.app, await signInAs(harness.app, operator, { tfaPassed: true }));
    earbuds = await addProduct(fixture, {
      name: 'Wireless earbuds',
      categoryId: 'headphones',
      merchant: fixture.merchants.audio,
      priceMinor: 5_990,
      stock: 7,
      regionPrices: [{ countryCode: 'MY', amountMinor: 19_900, currency: 'MYR' }],
    });
    tee = await addProduct(fixture, {
      name: 'Tee',
      categoryId: 'sneakers',
      merchant: fixture.merchants.basics,
      priceMinor: 1_500,
      variants: [
        { name: 'Colour', options: ['Black', 'White'] },
        { name: 'Size', options: ['M', 'L'] },
      ],
      variantPaths: { '0/1': { priceMinor: 1_700, stock: 2 } },
    });
    // A name a spreadsheet would run as a formula, were the export not to guard it.
    await harness.app.db
      .update(products)
      .set({ name: '=Wireless earbuds' })
      .where(eq(products.id, earbuds.id));
    await harness.app.db.update(products).set({ name: 'Tee, "classic"' }).where(eq(products.id, tee.id));
  });
  afterAll(() => harness?.close());

  it('exports a line per product without options and per variant, with every region’s price column', async () => {
    const text = await exported();
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    const lines = parse(text, { columns: true, bom: true }) as Line[];
    const earbudsLine = lines.find((line) => line.product === earbuds.paramName);
    expect(earbudsLine).toMatchObject({
      name: "'=Wireless earbuds",
      category: 'headphones',
      merchant: 'tokyo-audio',
      enabled: 'yes',
      option_1: '',
      price_SGD: '59.90',
      price_MY_MYR: '199.00',
      price_JP_JPY: '',
      stock: '7',
    });
    const teeLines = lines.filter((line) => line.product === tee.paramName);
    expect(teeLines.map((line) => [line.value_1, line.value_2, line.price_SGD, line.stock])).toEqual([
      ['Black', 'M', '15.00', '5'],
      ['Black', 'L', '17.00', '2'],
      ['White', 'M', '15.00', '5'],
      ['White', 'L', '15.00', '5'],
    ]);
    expect(teeLines[0]?.name).toBe('Tee, "classic"');
  });

  it('previews an exported file unchanged as changing nothing, and applies it changing nothing', async () => {
    const text = await exported();
    const previewed = await preview(text);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(
      previewed.json().products.every((product: { action: string }) => product.action === 'unchanged'),
    ).toBe(true);
    const applied = await apply(text);
    expect(applied.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('previews a changed price and stock, applies them, audits them, and the shop sells at the new price', async () => {
    const text = (await exported())
      .replace(/(earbuds[^\r\n]*?),59\.90,,199\.00,,,7/, '$1,64.50,,,1200,,9')
      .replace(/(,Black,Size,L,,,)17\.00/, '$118.25');
    const previewed = await preview(text);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const plan = previewed.json().products as { key: string; action: string; changes: unknown[] }[];
    expect(plan.find((product) => product.key === earbuds.paramName)).toEqual({
      key: earbuds.paramName,
      name: '=Wireless earbuds',
      action: 'update',
      line: expect.any(Number),
      changes: [
        { field: 'price', variant: null, region: null, before: 'S$59.90', after: 'S$64.50' },
        { field: 'stock', variant: null, region: null, before: '7', after: '9' },
        { field: 'region_price', variant: null, region: 'MY', before: 'RM\u00a0199.00', after: null },
        { field: 'region_price', variant: null, region: 'JP', before: null, after: '¥1,200' },
      ],
    });
    expect(plan.find((product) => product.key === tee.paramName)?.changes).toEqual([
      {
        field: 'price',
        variant: 'Colour: Black, Size: L',
        region: null,
        before: 'S$17.00',
        after: 'S$18.25',
      },
    ]);
    // Nothing is written by a preview.
    const [before] = await harness.app.db.select().from(products).where(eq(products.id, earbuds.id));
    expect(before?.priceMinor).toBe(5_990);

    const applied = await desk.send('POST', '/api/admin/products/import', {
      csv: text,
      fingerprint: previewed.json().fingerprint,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    const product = (await desk.get(`/api/admin/products/${earbuds.id}`)).json().product;
    expect(product).toMatchObject({ price: { amountMinor: 6_450 }, stock: 9, version: 2 });
    expect(product.regionPrices).toEqual([
      { countryCode: 'JP', variantPath: '', price: { amountMinor: 1_200, currency: 'JPY' } },
    ]);
    const shopped = await harness.app.inject({
      method: 'GET',
      url: `/api/product/one/${earbuds.id}?region=SG`,
    });
    expect(shopped.json().product.price).toMatchObject({ amountMinor: 6_450 });
    const [variant] = await harness.app.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, tee.id), eq(productVariants.path, '0/1')));
    expect(variant?.priceMinor).toBe(1_825);
    const audited = await harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'product.import'), eq(auditEntries.subjectId, earbuds.id)))
      .orderBy(asc(auditEntries.createdAt));
    expect(audited.at(-1)?.before).toMatchObject({
      price: 'S$59.90',
      stock: '7',
      'price in MY': 'RM\u00a0199.00',
    });
    expect(audited.at(-1)?.after).toMatchObject({ price: 'S$64.50', stock: '9', 'price in JP': '¥1,200' });
  });

  it('creates products with new keys, variants from their option values, and adds new values to a product', async () => {
    const text = [
      HEADER,
      'desk-lamp,Desk lamp,speakers,tokyo-audio,yes,,,,,,,25,,,,,4',
      'socks,Socks,sneakers,brooklyn-basics,no,Size,S,,,,,5,,,,,10',
      'socks,Socks,sneakers,brooklyn-basics,no,Size,M,,,,,6,,20.50,,,11',
      `${tee.paramName},"Tee, ""classic""",sneakers,brooklyn-basics,yes,Colour,Red,Size,M,,,16,,,,,1`,
    ].join('\r\n');
    const applied = await apply(text);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ created: 2, updated: 1 });
    const [socks] = await harness.app.db.select().from(products).where(eq(products.paramName, 'socks'));
    expect(socks).toMatchObject({
      name: 'Socks',
      disabled: true,
      priceMinor: 500,
      stock: 21,
      variants: [{ name: 'Size', options: ['S', 'M'] }],
    });
    const teeNow = (await desk.get(`/api/admin/products/${tee.id}`)).json().product;
    expect(teeNow.variants).toEqual([
      { name: 'Colour', options: ['Black', 'White', 'Red'] },
      { name: 'Size', options: ['M', 'L'] },
    ]);
    expect(teeNow.variantRows.find((row: { path: string }) => row.path === '2/0')).toMatchObject({
      label: 'Colour: Red, Size: M',
      price: { amountMinor: 1_600 },
      stock: 1,
    });
    const listed = await harness.app.inject({ method: 'GET', url: '/api/product/search?q=lamp' });
    expect(listed.body).toContain('Desk lamp');
  });

  it('changes nothing when any line is wrong, and names each wrong line and why', async () => {
    const text = [
      HEADER,
      `${earbuds.paramName},Earbuds,headphones,tokyo-audio,yes,,,,,,,99,,,,,1`,
      'new-thing,New thing,no-such-category,tokyo-audio,yes,,,,,,,1,,,,,1',
      `${tee.paramName},Tee,sneakers,brooklyn-basics,yes,Size,M,,,,,1,,,,,1`,
      'another,Another,speakers,nobody,yes,,,,,,,1,,,,,1',
      `${earbuds.paramName},Earbuds,headphones,tokyo-audio,yes,Colour,Red,,,,,1,,,,,1`,
      'bad,Bad,speakers,tokyo-audio,yes,,,,,,,abc,,,,,1',
    ].join('\n');
    const refused = await preview(text);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'product_import/invalid',
      message: 'The file has errors on 5 line(s); nothing was imported',
    });
    expect(
      refused.json().lines.map((line: { line: number; code: string }) => [line.line, line.code]),
    ).toEqual([
      [3, 'product_import/unknown_category'],
      [4, 'product_import/options_differ'],
      [5, 'product_import/unknown_merchant'],
      [6, 'product_import/options_differ'],
      [7, 'product_import/invalid_price'],
    ]);
    const [before] = await harness.app.db.select().from(products).where(eq(products.id, earbuds.id));
    const forced = await desk.send('POST', '/api/admin/products/import', { csv: text, fingerprint: 'x' });
    expect(forced.statusCode).toBe(400);
    const [after] = await harness.app.db.select().from(products).where(eq(products.id, earbuds.id));
    expect(after).toEqual(before);
    expect(await harness.app.db.select().from(products).where(eq(products.paramName, 'new-thing'))).toEqual(
      [],
    );
  });

  it('applies only what the preview showed: a catalogue changed since refuses the file', async () => {
    const text = [HEADER, `${earbuds.paramName},Earbuds,headphones,tokyo-audio,yes,,,,,,,70,,,,,3`].join(
      '\n',
    );
    const previewed = await preview(text);
    await harness.app.db
      .update(products)
      .set({ name: 'Renamed meanwhile' })
      .where(eq(products.id, earbuds.id));
    const stale = await desk.send('POST', '/api/admin/products/import', {
      csv: text,
      fingerprint: previewed.json().fingerprint,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorCode(stale)).toBe('product_import/stale_preview');
    const [after] = await harness.app.db.select().from(products).where(eq(products.id, earbuds.id));
    expect(after?.priceMinor).not.toBe(7_000);
    const missing = await desk.send('POST', '/api/admin/products/import', { csv: text });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'general/missing_argument', params: ['fingerprint'] });
  });

  it('refuses bodies that are not a file: null, arrays, numbers, NUL characters, too large, too many lines', async () => {
    for (const body of [null, [], ['a'], 'csv', 42, {}, { csv: null }, { csv: ['a'] }, { csv: 5 }]) {
      const answer = await desk.send('POST', '/api/admin/products/import/preview', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error.code, JSON.stringify(body)).toMatch(/^(general|product_import)\//);
    }
    const withNul = await preview(`${HEADER}\nx,Na\u0000me,audio,m,yes,,,,,,,1,,,,,1`);
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json().error).toMatchObject({ code: 'general/argument_error', params: ['csv'] });
    const tooLarge = await preview('x'.repeat(1_000_001));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(
      'The file is too large; import at most 1000000 characters at a time',
    );
    const tooLong = await preview(`${HEADER}\n${'a,b\n'.repeat(5_000)}`);
    expect(tooLong.statusCode).toBe(413);
    expect(errorCode(tooLong)).toBe('product_import/too_many_lines');
    const empty = await preview(`${HEADER}\n`);
    expect(errorCode(empty)).toBe('product_import/empty');
  });

  it('refuses a call without the anti-forgery header, a shopper, and an operator without two-factor', async () => {
    const session = await signInAs(harness.app, await createUser(harness.app, { role: 'operator' }), {
      tfaPassed: true,
    });
    const forged = await harness.app.inject({
      method: 'POST',
      url: '/api/admin/products/import/preview',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ csv: `${HEADER}\n` }),
    });
    expect(forged.statusCode).toBe(403);
    expect(errorCode(forged)).toBe('auth/invalid_state');

    const shopper = apiAs(
      harness.app,
      await signInAs(harness.app, await createUser(harness.app), { tfaPassed: true }),
    );
    for (const answer of [
      await shopper.get('/api/admin/products/export'),
      await shopper.send('POST', '/api/admin/products/import/preview', { csv: HEADER }),
      await shopper.send('POST', '/api/admin/products/import', { csv: HEADER, fingerprint: 'x' }),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(errorCode(answer)).toBe('auth/not_authorized');
    }
    const noTfa = apiAs(
      harness.app,
      await signInAs(harness.app, await createUser(harness.app, { role: 'operator' })),
    );
    expect(errorCode(await noTfa.get('/api/admin/products/export'))).toBe('auth/staff_tfa_required');
  });

  it('records each export in the audit log', async () => {
    await exported();
    const entries = await harness.app.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'product.export'));
    expect(entries.length).toBeGreaterThan(0);
  });
  it('round-trips a product whose name and options hold line breaks, and names a quote left open with a sentence', async () => {
    const set = await addProduct(fixture, {
      name: 'Tea set',
      categoryId: 'speakers',
      merchant: fixture.merchants.audio,
      priceMinor: 4_200,
      variants: [{ name: 'Glaze\nfinish', options: ['Celadon\r\ngreen', 'Plain'] }],
    });
    // Names are free text of up to 200 characters, line breaks included (a name pasted from a listing).
    const name = 'Tea set\nfor two,\r\n"gift" box';
    const renamed = await desk.send('PATCH', `/api/admin/products/${set.id}`, { version: 1, name });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const text = await exported();
    const previewed = await preview(text);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const planned = previewed
      .json()
      .products.find((product: { key: string }) => product.key === set.paramName);
    expect(planned).toMatchObject({ name, action: 'unchanged', changes: [] });
    const applied = await apply(text);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ created: 0, updated: 0 });
    const [row] = await harness.app.db.select().from(products).where(eq(products.id, set.id));
    expect(row).toMatchObject({
      name,
      variants: [{ name: 'Glaze\nfinish', options: ['Celadon\r\ngreen', 'Plain'] }],
    });

    const broken = `${HEADER}\r\nteapot,"Teapot,headphones,tokyo-audio,yes,,,,,,,12.00,,,,,1\r\nmug,Mug,headphones,tokyo-audio,yes,,,,,,,3.00,,,,,2,extra\r\n`;
    const refused = await preview(broken);
    expect([refused.statusCode, errorCode(refused)]).toEqual([400, 'product_import/invalid']);
    expect(refused.json().lines).toEqual([
      {
        line: 2,
        code: 'product_import/unclosed_quote',
        message:
          'A cell on this line opens a quote (") that no line after it closes; close it, or take the quote out',
      },
      {
        line: 3,
        code: 'product_import/malformed_line',
        message: 'This line is not CSV with one cell per column of the header line',
      },
    ]);
  });
});
