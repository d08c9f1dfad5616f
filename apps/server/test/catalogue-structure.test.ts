import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '@crossbuy/core/catalogue';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { categories, products } from '../src/features/catalogue/catalogue.table.js';
import { errorCode } from './helpers/browser.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Listed = { id: string; name: string; parentId: string | null; path: string; position: number };

describe("the back office's catalogue structure", () => {
  let harness: TestApp;
  let dataDir: string;
  let fixture: CatalogueFixture;
  let staff: ReturnType<typeof apiAs>;
  let session: { cookie: string; header: Record<string, string> };
  let operatorId: string;

  const tree = async () => {
    const answer = await staff.get('/api/admin/categories');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().categories as Listed[];
  };
  const auditOf = (subjectId: string) =>
    harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectId, subjectId), eq(auditEntries.actorUserId, operatorId)));
  const upload = (productId: string, body: Buffer | string, contentType = 'image/png') =>
    harness.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/images`,
      headers: { cookie: session.cookie, ...session.header, 'content-type': contentType },
      payload: body,
    });
  const png = (width = 40, height = 30, colour = '#c0392b') =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crossbuy-catalogue-'));
    harness = await createTestApp({ env: { DATA_DIR: dataDir } });
    fixture = await seedCatalogue(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator' });
    operatorId = operator.id;
    session = await signInAs(harness.app, operator, { tfaPassed: true });
    staff = apiAs(harness.app, session);
  });
  afterAll(async () => {
    await harness?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers hostile bodies from staff with 4xx and a catalogue code, never 5xx', async () => {
    const hostile = [
      null,
      [],
      'text',
      42,
      { name: 'a\u0000b', parentId: null },
      { name: 'x'.repeat(100_000) },
    ];
    const calls: [method: 'POST' | 'PATCH' | 'PUT', url: string][] = [
      ['POST', '/api/admin/categories'],
      ['PATCH', '/api/admin/categories/audio'],
      ['POST', '/api/admin/categories/audio/move'],
      ['POST', '/api/admin/merchants'],
      ['PATCH', `/api/admin/merchants/${fixture.merchants.audio.id}`],
      ['PUT', '/api/admin/products/00000000-0000-4000-8000-000000000000/images/order'],
      ['POST', '/api/admin/products/00000000-0000-4000-8000-000000000000/images'],
    ];
    for (const [method, url] of calls) {
      for (const body of hostile) {
        const answer = await staff.send(method, url, body);
        expect(
          answer.statusCode,
          `${method} ${url} ${JSON.stringify(body)?.slice(0, 40)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode).toBeLessThan(500);
        expect(errorCode(answer)).toMatch(/^[a-z_]+\/[a-z_]+$/);
      }
    }
    const position = await staff.send('POST', '/api/admin/categories/audio/move', {
      parentId: null,
      position: Number.MAX_SAFE_INTEGER,
    });
    expect([position.statusCode, errorCode(position)]).toEqual([400, 'general/argument_error']);
    const query = await staff.get('/api/admin/merchants?q=a%00b&page=99999999');
    expect(query.statusCode).toBe(400);
  });

  describe('categories', () => {
    it('lists the whole tree depth first, with what each category holds', async () => {
      await addProduct(fixture, {
        name: 'Studio Monitor',
        categoryId: 'headphones',
        merchant: fixture.merchants.audio,
        priceMinor: 9900,
      });
      const listed = await tree();
      expect(listed.slice(0, 3).map((category) => category.path)).toEqual([
        'electronics',
        'electronics.audio',
        'electronics.audio.headphones',
      ]);
      expect(listed.find((category) => category.id === 'headphones')).toMatchObject({
        productCount: 1,
        childCount: 0,
        disabled: false,
      });
    });

    it('adds a category at the end of its parent, its id made from its name, and audits it', async () => {
      const answer = await staff.send('POST', '/api/admin/categories', {
        name: ' Rice Cookers & Kettles ',
        parentId: 'electronics',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().category).toMatchObject({
        id: 'rice-cookers-kettles',
        name: 'Rice Cookers & Kettles',
        path: 'electronics.rice-cookers-kettles',
        position: 3,
      });
      const [entry] = await auditOf('rice-cookers-kettles');
      expect(entry).toMatchObject({
        action: 'category.create',
        subjectType: 'category',
        before: null,
        after: { name: 'Rice Cookers & Kettles', parentId: 'electronics', position: 3 },
      });
    });

    it('refuses a taken id, a bad name, a name without an id to make, and an unknown parent', async () => {
      const taken = await staff.send('POST', '/api/admin/categories', { name: 'Shoes', parentId: null });
      expect([taken.statusCode, errorCode(taken)]).toEqual([409, 'category/id_taken']);
      const blank = await staff.send('POST', '/api/admin/categories', { name: '   ', parentId: null });
      expect([blank.statusCode, errorCode(blank)]).toEqual([400, 'category/invalid_name']);
      const kana = await staff.send('POST', '/api/admin/categories', { name: 'キッチン', parentId: null });
      expect([kana.statusCode, errorCode(kana)]).toEqual([400, 'category/invalid_id']);
      const given = await staff.send('POST', '/api/admin/categories', {
        name: 'キッチン',
        parentId: null,
        id: 'kitchen',
      });
      expect(given.json().category).toMatchObject({ id: 'kitchen', path: 'kitchen' });
      const orphan = await staff.send('POST', '/api/admin/categories', {
        name: 'Orphan',
        parentId: 'nowhere',
      });
      expect([orphan.statusCode, errorCode(orphan)]).toEqual([404, 'category/not_found']);
    });

    it('renames and disables a category; the store leaves a disabled branch out of its tree', async () => {
      const renamed = await staff.send('PATCH', '/api/admin/categories/shoes', { name: 'Footwear' });
      expect(renamed.json().category).toMatchObject({ id: 'shoes', name: 'Footwear' });
      const disabled = await staff.send('PATCH', '/api/admin/categories/shoes', { disabled: true });
      expect(disabled.json().category.disabled).toBe(true);
      const shop = await harness.app.inject({ method: 'GET', url: '/api/product/categories' });
      const fashion = shop.json().categories.find((node: { id: string }) => node.id === 'fashion');
      expect(fashion.children).toEqual([]);
      expect(JSON.stringify(shop.json())).not.toContain('sneakers');
      const entries = await auditOf('shoes');
      expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual(
        expect.arrayContaining([
          ['category.update', { name: 'Shoes' }, { name: 'Footwear' }],
          ['category.update', { disabled: false }, { disabled: true }],
        ]),
      );
      await staff.send('PATCH', '/api/admin/categories/shoes', { disabled: false });
      const empty = await staff.send('PATCH', '/api/admin/categories/shoes', {});
      expect(empty.statusCode).toBe(400);
      const unknown = await staff.send('PATCH', '/api/admin/categories/nowhere', { name: 'X' });
      expect([unknown.statusCode, errorCode(unknown)]).toEqual([404, 'category/not_found']);
    });

    it('moves a category with everything below it, and reorders siblings', async () => {
      const moved = await staff.send('POST', '/api/admin/categories/shoes/move', {
        parentId: 'electronics',
        position: 0,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const listed = await tree();
      const byId = new Map(listed.map((category) => [category.id, category]));
      expect(byId.get('shoes')).toMatchObject({
        parentId: 'electronics',
        path: 'electronics.shoes',
        position: 0,
      });
      expect(byId.get('sneakers')?.path).toBe('electronics.shoes.sneakers');
      expect(
        listed.filter((category) => category.parentId === 'electronics').map((category) => category.id),
      ).toEqual(['shoes', 'audio', 'audiobooks', 'computing', 'rice-cookers-kettles']);
      const down = await staff.send('POST', '/api/admin/categories/shoes/move', {
        parentId: 'electronics',
        position: 1,
      });
      expect(down.json().category.position).toBe(1);
      const [entry] = (await auditOf('shoes')).filter((row) => row.action === 'category.move');
      expect(entry).toMatchObject({
        before: { parentId: 'fashion' },
        after: { parentId: 'electronics', position: 0 },
      });
    });

    it('refuses to put a category under itself or under a category inside it', async () => {
      for (const parentId of ['electronics', 'shoes', 'sneakers']) {
        const answer = await staff.send('POST', '/api/admin/categories/electronics/move', {
          parentId,
          position: 0,
        });
        expect([answer.statusCode, errorCode(answer)]).toEqual([409, 'category/invalid_move']);
      }
    });

    it('never makes a loop when opposite moves arrive together', async () => {
      for (const id of ['left', 'right']) {
        await staff.send('POST', '/api/admin/categories', { name: id, parentId: null });
      }
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          index % 2 === 0
            ? staff.send('POST', '/api/admin/categories/left/move', { parentId: 'right', position: 0 })
            : staff.send('POST', '/api/admin/categories/right/move', { parentId: 'left', position: 0 }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
      const rows = await harness.app.db.select().from(categories);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const row of rows) {
        const parent = row.parentId === null ? undefined : byId.get(row.parentId);
        expect(row.path).toBe(parent ? `${parent.path}.${row.id}` : row.id);
      }
      const left = byId.get('left');
      const right = byId.get('right');
      expect([left?.parentId, right?.parentId].filter((parent) => parent === null)).toHaveLength(1);
    });

    it('deletes only an empty category, and says why otherwise', async () => {
      const withProducts = await staff.send('DELETE', '/api/admin/categories/headphones');
      expect([withProducts.statusCode, errorCode(withProducts)]).toEqual([409, 'category/not_empty']);
      expect(withProducts.json().error.message).toContain('Headphones');
      const withChildren = await staff.send('DELETE', '/api/admin/categories/audio');
      expect([withChildren.statusCode, errorCode(withChildren)]).toEqual([409, 'category/not_empty']);
      const empty = await staff.send('DELETE', '/api/admin/categories/kitchen');
      expect(empty.json()).toEqual({ deleted: true });
      const [entry] = (await auditOf('kitchen')).filter((row) => row.action === 'category.delete');
      expect(entry?.before).toMatchObject({ name: 'キッチン', parentId: null });
      const again = await staff.send('DELETE', '/api/admin/categories/kitchen');
      expect([again.statusCode, errorCode(again)]).toEqual([404, 'category/not_found']);
    });

    it('refuses a change without the anti-forgery header', async () => {
      const answer = await harness.app.inject({
        method: 'PATCH',
        url: '/api/admin/categories/audio',
        headers: { cookie: session.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Sound' }),
      });
      expect([answer.statusCode, errorCode(answer)]).toEqual([403, 'auth/invalid_state']);
    });
  });

  describe('merchants', () => {
    let merchantId: string;

    it('adds a merchant, its address name made from its name, and audits it', async () => {
      const answer = await staff.send('POST', '/api/admin/merchants', {
        name: 'Osaka Kitchen Supply',
        sourceMarketPlace: 'Rakuten',
        countryCode: 'jp',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const { merchant } = answer.json();
      expect(merchant).toMatchObject({
        slug: 'osaka-kitchen-supply',
        countryCode: 'JP',
        description: '',
        disabled: false,
        productCount: 0,
      });
      merchantId = merchant.id;
      const [entry] = await auditOf(merchantId);
      expect(entry).toMatchObject({ action: 'merchant.create', subjectType: 'merchant' });
      const again = await staff.send('POST', '/api/admin/merchants', {
        name: 'Osaka Kitchen Supply',
        sourceMarketPlace: 'Rakuten',
        countryCode: 'JP',
      });
      expect([again.statusCode, errorCode(again)]).toEqual([409, 'merchant/slug_taken']);
      const badCountry = await staff.send('POST', '/api/admin/merchants', {
        name: 'Nowhere',
        sourceMarketPlace: 'Rakuten',
        countryCode: 'J1',
      });
      expect([badCountry.statusCode, errorCode(badCountry)]).toEqual([400, 'merchant/invalid_country']);
    });

    it('lists merchants by name, by part of a name and by status', async () => {
      const all = await staff.get('/api/admin/merchants');
      expect(all.json().merchants.map((merchant: { name: string }) => merchant.name)).toEqual([
        'Brooklyn Basics',
        'Osaka Kitchen Supply',
        'Tokyo Audio Works',
      ]);
      const found = await staff.get('/api/admin/merchants?q=rakut');
      expect(found.json()).toMatchObject({ total: 1, merchants: [{ id: merchantId }] });
      const disabled = await staff.get('/api/admin/merchants?status=disabled');
      expect(disabled.json().total).toBe(0);
    });

    it('edits and disables a merchant: the store lists it no more, and the change is audited', async () => {
      const edited = await staff.send('PATCH', `/api/admin/merchants/${merchantId}`, {
        description: 'Pots and pans from Osaka.',
        disabled: true,
      });
      expect(edited.json().merchant).toMatchObject({
        description: 'Pots and pans from Osaka.',
        disabled: true,
      });
      const shop = await harness.app.inject({ method: 'GET', url: '/api/merchant' });
      expect(shop.json().merchants.map((merchant: { id: string }) => merchant.id)).not.toContain(merchantId);
      const updates = (await auditOf(merchantId)).filter((entry) => entry.action === 'merchant.update');
      expect(updates[0]).toMatchObject({
        before: { description: '', disabled: false },
        after: { description: 'Pots and pans from Osaka.', disabled: true },
      });
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const unknown = await staff.send('PATCH', `/api/admin/merchants/${id}`, { name: 'X' });
        expect([unknown.statusCode, errorCode(unknown)]).toEqual([404, 'merchant/not_found']);
      }
    });

    it('replaces a merchant’s logo with an upload checked like any picture, and audits it', async () => {
      const put = (body: Buffer | string, contentType = 'image/png') =>
        harness.app.inject({
          method: 'PUT',
          url: `/api/admin/merchants/${merchantId}/logo`,
          headers: { cookie: session.cookie, ...session.header, 'content-type': contentType },
          payload: body,
        });
      const first = await put(await png(300, 100));
      expect(first.statusCode, first.body).toBe(200);
      const logo: string = first.json().merchant.logo;
      expect(logo).toMatch(new RegExp(`^/images/merchants/${merchantId}/[0-9a-f-]+\\.webp$`));
      expect((await stat(path.join(dataDir, logo))).isFile()).toBe(true);
      const second = await put(await png(120, 120, '#8e44ad'));
      expect(second.json().merchant.logo).not.toBe(logo);
      await expect(stat(path.join(dataDir, logo))).rejects.toThrow();
      const fake = await put('<svg onload="alert(1)"></svg>', 'image/png');
      expect([fake.statusCode, errorCode(fake)]).toEqual([415, 'image/unsupported_type']);
      const entries = (await auditOf(merchantId)).filter(
        (entry) => entry.action === 'merchant.update' && entry.after && 'logoImage' in entry.after,
      );
      expect(entries).toHaveLength(2);
    });

    it('shows a merchant’s new name on its products’ pages at once, though they were cached', async () => {
      const product = await addProduct(fixture, {
        name: 'Brooklyn Tote',
        categoryId: 'sneakers',
        merchant: fixture.merchants.basics,
        priceMinor: 2500,
      });
      const page = () => harness.app.inject({ method: 'GET', url: `/api/product/one/${product.id}` });
      expect((await page()).json().product.merchant.name).toBe('Brooklyn Basics');
      await staff.send('PATCH', `/api/admin/merchants/${fixture.merchants.basics.id}`, {
        name: 'Brooklyn Goods',
      });
      await expect
        .poll(async () => (await page()).json().product.merchant.name, { timeout: 2000 })
        .toBe('Brooklyn Goods');
    });
    it('finds products by their merchant’s and category’s new names once they are renamed', async () => {
      const product = await addProduct(fixture, {
        name: 'Plain Canvas Satchel',
        categoryId: 'sneakers',
        merchant: fixture.merchants.basics,
        priceMinor: 3100,
      });
      const found = async (q: string) => {
        const answer = await harness.app.inject({
          method: 'GET',
          url: `/api/product/search?q=${encodeURIComponent(q)}`,
        });
        return (answer.json().products as { uuid: string }[]).some((listed) => listed.uuid === product.id);
      };
      expect(await found('Zephyrcraft')).toBe(false);
      await staff.send('PATCH', `/api/admin/merchants/${fixture.merchants.basics.id}`, {
        name: 'Zephyrcraft',
      });
      await expect.poll(() => found('Zephyrcraft'), { timeout: 2000 }).toBe(true);

      expect(await found('Quasarboots')).toBe(false);
      const renamed = await staff.send('PATCH', '/api/admin/categories/sneakers', { name: 'Quasarboots' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await expect.poll(() => found('Quasarboots'), { timeout: 2000 }).toBe(true);
    });
  });

  describe('product pictures', () => {
    let productId: string;

    beforeAll(async () => {
      productId = (
        await addProduct(fixture, {
          name: 'Travel Kettle',
          categoryId: 'headphones',
          merchant: fixture.merchants.audio,
          priceMinor: 3900,
          mainImage: null,
        })
      ).id;
    });

    it('stores an upload re-encoded without its metadata, with a thumbnail, as the main picture', async () => {
      const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#2e86de' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'Taken at 1.2903 N, 103.8519 E' } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const answer = await upload(productId, jpeg, 'image/jpeg');
      expect(answer.statusCode, answer.body).toBe(200);
      const [image] = answer.json().images;
      expect(image.key).toMatch(new RegExp(`^products/${productId}/[0-9a-f-]+\\.webp$`));
      const stored = await sharp(path.join(dataDir, 'images', image.key)).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 1200, height: 600 });
      expect(stored.exif).toBeUndefined();
      const served = await harness.app.inject({ method: 'GET', url: image.thumbnailUrl });
      expect(served.statusCode).toBe(200);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 480, height: 480 });
      await expect
        .poll(
          async () =>
            (await harness.app.inject({ method: 'GET', url: `/api/product/one/${productId}` })).json().product
              .mainImage,
          { timeout: 2000 },
        )
        .toBe(image.url);
      const [entry] = await auditOf(productId);
      expect(entry).toMatchObject({
        action: 'product.add_image',
        before: { images: [] },
        after: { images: [image.key] },
      });
    });

    it('reads the type from the bytes: a text file named as a PNG is refused', async () => {
      const fake = await upload(productId, 'this is not a picture, only text in a .png');
      expect([fake.statusCode, errorCode(fake)]).toEqual([415, 'image/unsupported_type']);
      const truncated = await upload(productId, (await png()).subarray(0, 40));
      expect([truncated.statusCode, errorCode(truncated)]).toEqual([415, 'image/unsupported_type']);
      const asWebp = await upload(productId, await png(), 'image/webp');
      expect(asWebp.statusCode).toBe(200);
      const json = await staff.send('POST', `/api/admin/products/${productId}/images`, { image: 'x' });
      expect([json.statusCode, errorCode(json)]).toEqual([415, 'general/unsupported_media_type']);
      const other = await upload(productId, 'GIF89a', 'image/gif');
      expect([other.statusCode, errorCode(other)]).toEqual([415, 'general/unsupported_media_type']);
    });

    it('refuses a body over 5 MB and a picture of too many pixels', async () => {
      const oversize = await upload(productId, Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES + 1, 0x89));
      expect([oversize.statusCode, errorCode(oversize)]).toEqual([413, 'general/payload_too_large']);
      expect(oversize.json().error.params).toEqual([String(PRODUCT_IMAGE_MAX_BYTES)]);
      const bomb = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#000000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(200_000);
      const answer = await upload(productId, bomb);
      expect([answer.statusCode, errorCode(answer)]).toEqual([400, 'image/too_many_pixels']);
    });

    it('orders the pictures, the first becoming the main one, and refuses an order that is not current', async () => {
      const keys = (await staff.get(`/api/admin/products/${productId}/images`))
        .json()
        .images.map((image: { key: string }) => image.key);
      expect(keys).toHaveLength(2);
      const reversed = [...keys].reverse();
      const answer = await staff.send('PUT', `/api/admin/products/${productId}/images/order`, {
        keys: reversed,
      });
      expect(answer.json().images.map((image: { key: string }) => image.key)).toEqual(reversed);
      const [row] = await harness.app.db.select().from(products).where(eq(products.id, productId));
      expect([row?.mainImage, row?.gallery]).toEqual([reversed[0], [reversed[1]]]);
      for (const stale of [[keys[0]], [keys[0], keys[0]], [...keys, 'products/x.svg']]) {
        const refused = await staff.send('PUT', `/api/admin/products/${productId}/images/order`, {
          keys: stale,
        });
        expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'image/stale_order']);
      }
    });

    it('deletes a picture and its files; a key that is not the product’s, or leads elsewhere, is unknown', async () => {
      const before = (await staff.get(`/api/admin/products/${productId}/images`)).json().images;
      const [gone, kept] = before;
      const answer = await staff.send(
        'DELETE',
        `/api/admin/products/${productId}/images?key=${encodeURIComponent(gone.key)}`,
      );
      expect(answer.json().images).toEqual([kept]);
      await expect(stat(path.join(dataDir, 'images', gone.key))).rejects.toThrow();
      for (const key of ['../../session-secret', `products/${productId}/../../../etc/passwd`, gone.key]) {
        const refused = await staff.send(
          'DELETE',
          `/api/admin/products/${productId}/images?key=${encodeURIComponent(key)}`,
        );
        expect([refused.statusCode, errorCode(refused)]).toEqual([404, 'image/not_found']);
      }
      const traversal = await upload('..%2F..%2Fetc', await png());
      expect([traversal.statusCode, errorCode(traversal)]).toEqual([404, 'product/not_found']);
      const unknown = await staff.get('/api/admin/products/00000000-0000-4000-8000-000000000000/images');
      expect([unknown.statusCode, errorCode(unknown)]).toEqual([404, 'product/not_found']);
    });

    it(`keeps at most ${PRODUCT_IMAGES_MAX} pictures when uploads arrive together`, async () => {
      const picture = await png(24, 24, '#27ae60');
      const answers = await Promise.all(Array.from({ length: 20 }, () => upload(productId, picture)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
      const images = (await staff.get(`/api/admin/products/${productId}/images`)).json().images;
      expect(images).toHaveLength(PRODUCT_IMAGES_MAX);
      expect(statuses.filter((status) => status === 200)).toHaveLength(PRODUCT_IMAGES_MAX - 1);
    });
  });
});
