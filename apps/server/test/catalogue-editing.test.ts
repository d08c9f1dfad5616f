import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCT_IMAGE_MAX_BYTES } from '@crossbuy/core/catalogue';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { productVariants } from '../src/features/catalogue/catalogue.table.js';
import { errorCode } from './helpers/browser.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

type Row = { path: string; priceMinor: number; stock: number; stockSeen: number };
type Variant = { path: string; price: { amountMinor: number }; stock: number };

const HOSTILE_BODIES = [null, [], 'text', 42, { version: 1, rows: [{ path: 'a\u0000b' }] }];

// Catalogue editing in the back office (docs/features/catalogue-editing.md): the variants' table saved at once, the
// pictures of one product only, and pictures uploaded for banners and popups.
describe('catalogue editing', () => {
  let harness: TestApp;
  let dataDir: string;
  let fixture: CatalogueFixture;
  let session: { cookie: string; header: Record<string, string> };
  let desk: ReturnType<typeof apiAs>;
  let secondDesk: ReturnType<typeof apiAs>;
  let shopper: { cookie: string; header: Record<string, string> };

  const png = (colour = '#c0392b') =>
    sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const post = (
    url: string,
    body: Buffer | string,
    contentType = 'image/png',
    as: { cookie: string; header: Record<string, string> } = session,
  ) =>
    harness.app.inject({
      method: 'POST',
      url,
      headers: { cookie: as.cookie, ...as.header, 'content-type': contentType },
      payload: body,
    });
  const productOf = async (id: string) => {
    const answer = await desk.get(`/api/admin/products/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().product as {
      version: number;
      variantRows: Variant[];
      price: { amountMinor: number };
    };
  };
  const tableOf = (variants: Variant[]): Row[] =>
    variants.map((variant) => ({
      path: variant.path,
      priceMinor: variant.price.amountMinor,
      stock: variant.stock,
      stockSeen: variant.stock,
    }));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crossbuy-editing-'));
    harness = await createTestApp({ env: { DATA_DIR: dataDir } });
    fixture = await seedCatalogue(harness.app.db);
    const operator = await createUser(harness.app, { role: 'operator' });
    session = await signInAs(harness.app, operator, { tfaPassed: true });
    desk = apiAs(harness.app, session);
    const other = await createUser(harness.app, { role: 'operator' });
    secondDesk = apiAs(harness.app, await signInAs(harness.app, other, { tfaPassed: true }));
    shopper = await signInAs(harness.app, await createUser(harness.app));
  });
  afterAll(async () => {
    await harness?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe("the variants' table", () => {
    let productId: string;
    const url = () => `/api/admin/products/${productId}/variant_rows`;

    beforeAll(async () => {
      productId = (
        await addProduct(fixture, {
          name: 'Desk Lamp',
          categoryId: 'headphones',
          merchant: fixture.merchants.audio,
          priceMinor: 2000,
          variants: [{ name: 'Colour', options: ['Black', 'White', 'Green'] }],
          variantPaths: { '0': { priceMinor: 2000, stock: 5 }, '1': { priceMinor: 2200, stock: 8 } },
        })
      ).id;
    });

    it('saves every changed price and stock in one call, audited once, and the shop shows the new price', async () => {
      const before = await productOf(productId);
      const rows = tableOf(before.variantRows).map((row) =>
        row.path === '0'
          ? { ...row, priceMinor: 1500, stock: 12 }
          : row.path === '2'
            ? { ...row, stock: 1 }
            : row,
      );
      const answer = await desk.send('PUT', url(), { version: before.version, rows });
      expect(answer.statusCode, answer.body).toBe(200);
      const saved = answer.json().product;
      expect(saved.version).toBe(before.version + 1);
      expect(saved.price.amountMinor).toBe(1500);
      expect(saved.variantRows.map((row: Variant) => [row.path, row.price.amountMinor, row.stock])).toEqual([
        ['0', 1500, 12],
        ['1', 2200, 8],
        ['2', 2000, 1],
      ]);
      const audits = await harness.app.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.subjectId, productId), eq(auditEntries.action, 'product.save_variants')));
      expect(audits).toHaveLength(1);
      expect(audits[0]?.after).toEqual({
        variants: [
          { path: '0', priceMinor: 1500, stock: 12 },
          { path: '2', stock: 1 },
        ],
      });
      const shop = await harness.app.inject({
        method: 'GET',
        url: `/api/product/one/${productId}?region=SG`,
      });
      expect(shop.json().product.variantPaths['0'].price).toMatchObject({ amountMinor: 1500 });
    });

    it('changes nothing when one row is wrong, and names the row', async () => {
      const before = await productOf(productId);
      const rows = tableOf(before.variantRows);
      const wrongPrice = rows.map((row, index) =>
        index === 1 ? { ...row, priceMinor: -5 } : { ...row, priceMinor: 1 },
      );
      const refused = await desk.send('PUT', url(), { version: before.version, rows: wrongPrice });
      expect([refused.statusCode, errorCode(refused)]).toEqual([400, 'general/argument_error']);
      const unknown = await desk.send('PUT', url(), {
        version: before.version,
        rows: [
          { ...rows[0], priceMinor: 1 },
          { path: '7', priceMinor: 100, stock: 1, stockSeen: 1 },
        ],
      });
      expect([unknown.statusCode, errorCode(unknown), unknown.json().error.params]).toEqual([
        400,
        'product/variant_not_found',
        ['7'],
      ]);
      expect((await productOf(productId)).variantRows).toEqual(before.variantRows);
    });

    it('refuses the second of two operators who loaded the same version, price and stock alike', async () => {
      const loaded = await productOf(productId);
      const first = tableOf(loaded.variantRows).map((row) =>
        row.path === '1' ? { ...row, priceMinor: 2100, stock: 3 } : row,
      );
      const second = tableOf(loaded.variantRows).map((row) =>
        row.path === '1' ? { ...row, priceMinor: 2500 } : row,
      );
      expect((await desk.send('PUT', url(), { version: loaded.version, rows: first })).statusCode).toBe(200);
      const stale = await secondDesk.send('PUT', url(), { version: loaded.version, rows: second });
      expect([stale.statusCode, errorCode(stale)]).toEqual([409, 'product/stale_version']);

      // Stock alone moves no version, so it is checked against the count the row was loaded at.
      const now = await productOf(productId);
      const stockOnly = (stock: number) =>
        tableOf(now.variantRows).map((row) => (row.path === '2' ? { ...row, stock } : row));
      expect((await desk.send('PUT', url(), { version: now.version, rows: stockOnly(30) })).statusCode).toBe(
        200,
      );
      const overwrite = await secondDesk.send('PUT', url(), { version: now.version, rows: stockOnly(40) });
      expect([overwrite.statusCode, errorCode(overwrite), overwrite.json().error.params]).toEqual([
        409,
        'product/stale_stock',
        ['Colour: Green', '30', '2'],
      ]);
      const [green] = await harness.app.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), eq(productVariants.path, '2')))
        .orderBy(asc(productVariants.path));
      expect(green?.stock).toBe(30);
    });

    it('answers hostile bodies, a missing anti-forgery header and a shopper with a 4xx code', async () => {
      for (const body of HOSTILE_BODIES) {
        const answer = await desk.send('PUT', url(), body);
        expect(answer.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode).toBeLessThan(500);
        expect(errorCode(answer)).toMatch(/^[a-z_]+\/[a-z_]+$/);
      }
      const { version, variantRows } = await productOf(productId);
      const body = JSON.stringify({ version, rows: tableOf(variantRows) });
      const forged = await harness.app.inject({
        method: 'PUT',
        url: url(),
        headers: { cookie: session.cookie, 'content-type': 'application/json' },
        payload: body,
      });
      expect([forged.statusCode, errorCode(forged)]).toEqual([403, 'auth/invalid_state']);
      const asShopper = await apiAs(harness.app, shopper).send('PUT', url(), JSON.parse(body));
      expect([asShopper.statusCode, errorCode(asShopper)]).toEqual([403, 'auth/not_authorized']);
      const unknown = await desk.send(
        'PUT',
        '/api/admin/products/not-a-product/variant_rows',
        JSON.parse(body),
      );
      expect([unknown.statusCode, errorCode(unknown)]).toEqual([404, 'product/not_found']);
    });
  });

  describe("a product's pictures", () => {
    let kettle: string;
    let teapot: string;
    const imagesUrl = (id: string) => `/api/admin/products/${id}/images`;

    beforeAll(async () => {
      const add = (name: string) =>
        addProduct(fixture, {
          name,
          categoryId: 'headphones',
          merchant: fixture.merchants.audio,
          priceMinor: 3900,
          mainImage: null,
        });
      kettle = (await add('Camp Kettle')).id;
      teapot = (await add('Clay Teapot')).id;
    });

    it("refuses another product's picture in an order or a deletion, and changes neither product", async () => {
      const own = (await post(imagesUrl(kettle), await png('#111111'))).json().images[0].key as string;
      const theirs = (await post(imagesUrl(teapot), await png('#eeeeee'))).json().images[0].key as string;
      const order = await desk.send('PUT', `${imagesUrl(kettle)}/order`, { keys: [theirs] });
      expect([order.statusCode, errorCode(order)]).toEqual([409, 'image/stale_order']);
      const mixed = await desk.send('PUT', `${imagesUrl(kettle)}/order`, { keys: [theirs, own] });
      expect([mixed.statusCode, errorCode(mixed)]).toEqual([409, 'image/stale_order']);
      const removal = await desk.send('DELETE', `${imagesUrl(kettle)}?key=${encodeURIComponent(theirs)}`);
      expect([removal.statusCode, errorCode(removal)]).toEqual([404, 'image/not_found']);
      await expect(stat(path.join(dataDir, 'images', theirs))).resolves.toBeTruthy();
      expect(
        (await desk.get(imagesUrl(teapot))).json().images.map((image: { key: string }) => image.key),
      ).toEqual([theirs]);
    });

    it('makes the second picture the main one by putting it first', async () => {
      const second = (await post(imagesUrl(kettle), await png('#222222'))).json().images;
      const keys = second.map((image: { key: string }) => image.key);
      const main = await desk.send('PUT', `${imagesUrl(kettle)}/order`, { keys: [keys[1], keys[0]] });
      expect(main.statusCode, main.body).toBe(200);
      const product = await productOf(kettle);
      expect((product as unknown as { mainImage: string }).mainImage).toBe(`/images/${keys[1]}`);
    });

    it('refuses uploads from a shopper and without the anti-forgery header', async () => {
      const asShopper = await post(imagesUrl(kettle), await png(), 'image/png', shopper);
      expect([asShopper.statusCode, errorCode(asShopper)]).toEqual([403, 'auth/not_authorized']);
      const forged = await harness.app.inject({
        method: 'POST',
        url: imagesUrl(kettle),
        headers: { cookie: session.cookie, 'content-type': 'image/png' },
        payload: await png(),
      });
      expect([forged.statusCode, errorCode(forged)]).toEqual([403, 'auth/invalid_state']);
    });
  });

  describe('pictures for banners and popups', () => {
    const url = '/api/admin/content/pictures';
    const banner = (image: string) => ({
      title: 'Spring tea',
      subtitle: 'Fresh leaves',
      image,
      link: '/search?q=tea',
    });

    it('stores an upload re-encoded, lists it with the drawn ones, and a banner shows it on the home page', async () => {
      const uploaded = await post(url, await png('#27ae60'));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const { key, url: pictureUrl } = uploaded.json().picture;
      expect(key).toMatch(/^banners\/[0-9a-f-]+\.webp$/);
      expect(pictureUrl).toBe(`/images/${key}`);
      expect((await sharp(path.join(dataDir, 'images', key)).metadata()).format).toBe('webp');
      const listed = (await desk.get(url)).json().pictures.map((picture: { key: string }) => picture.key);
      expect(listed).toContain(key);
      expect(listed.some((listedKey: string) => listedKey.includes('_thumb'))).toBe(false);

      const created = await desk.send('POST', '/api/admin/banners', banner(key));
      expect(created.statusCode, created.body).toBe(200);
      const live = await harness.app.inject({ method: 'GET', url: '/api/banner' });
      expect(live.json().banners.map((shown: { image: string }) => shown.image)).toContainEqual(
        expect.stringContaining(key),
      );
      const popup = await desk.send('POST', '/api/admin/popups', {
        title: 'Hello',
        body: 'Welcome',
        image: key,
      });
      expect(popup.statusCode, popup.body).toBe(200);
    });

    describe('deleted once nothing shows them', () => {
      const onDisk = async (key: string) => {
        const files = [key, key.replace(/\.webp$/, '_thumb.webp')];
        const found = await Promise.all(
          files.map((file) => stat(path.join(dataDir, 'images', file)).catch(() => null)),
        );
        return found.map((file) => file !== null);
      };
      const upload = async (colour: string): Promise<string> => {
        const answer = await post(url, await png(colour));
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json().picture.key;
      };
      const createBanner = async (image: string): Promise<string> => {
        const answer = await desk.send('POST', '/api/admin/banners', banner(image));
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json().banner.id;
      };

      it("deletes a banner's uploaded picture, with its thumbnail, when another replaces it", async () => {
        const first = await upload('#1abc9c');
        const id = await createBanner(first);
        const second = await upload('#2ecc71');
        expect(await onDisk(first)).toEqual([true, true]);
        const replaced = await desk.send('PUT', `/api/admin/banners/${id}`, banner(second));
        expect(replaced.statusCode, replaced.body).toBe(200);
        expect(await onDisk(first)).toEqual([false, false]);
        expect(await onDisk(second)).toEqual([true, true]);
        const listed = (await desk.get(url)).json().pictures.map((picture: { key: string }) => picture.key);
        expect(listed).not.toContain(first);
        expect(listed).toContain(second);
      });

      it("deletes a banner's or a popup's uploaded picture with it", async () => {
        const onBanner = await upload('#3498db');
        const bannerId = await createBanner(onBanner);
        const onPopup = await upload('#9b59b6');
        const popup = await desk.send('POST', '/api/admin/popups', { title: 'Hi', body: '', image: onPopup });
        expect(popup.statusCode, popup.body).toBe(200);
        const bannerGone = await desk.send('DELETE', `/api/admin/banners/${bannerId}`);
        expect(bannerGone.statusCode, bannerGone.body).toBe(200);
        expect(await onDisk(onBanner)).toEqual([false, false]);
        const popupGone = await desk.send('DELETE', `/api/admin/popups/${popup.json().popup.id}`);
        expect(popupGone.statusCode, popupGone.body).toBe(200);
        expect(await onDisk(onPopup)).toEqual([false, false]);
      });

      it('keeps a picture another banner, a popup or an image page still shows, and deletes it with the last', async () => {
        const shared = await upload('#e67e22');
        const firstBanner = await createBanner(shared);
        const secondBanner = await createBanner(shared);
        const popup = await desk.send('POST', '/api/admin/popups', { title: 'Hi', body: '', image: shared });
        expect(popup.statusCode, popup.body).toBe(200);
        const page = await desk.send('POST', '/api/admin/image_pages', {
          id: 'shared-picture',
          title: 'Shared',
          pictures: [{ image: shared, link: null, alt: 'Orange' }],
        });
        expect(page.statusCode, page.body).toBe(200);

        expect((await desk.send('DELETE', `/api/admin/banners/${firstBanner}`)).statusCode).toBe(200);
        const other = await upload('#f1c40f');
        expect((await desk.send('PUT', `/api/admin/banners/${secondBanner}`, banner(other))).statusCode).toBe(
          200,
        );
        expect((await desk.send('DELETE', `/api/admin/popups/${popup.json().popup.id}`)).statusCode).toBe(
          200,
        );
        expect(await onDisk(shared)).toEqual([true, true]);

        const emptied = await desk.send('PUT', '/api/admin/image_pages/shared-picture', {
          title: 'Shared',
          pictures: [{ image: other, link: null, alt: 'Yellow' }],
        });
        expect(emptied.statusCode, emptied.body).toBe(200);
        expect(await onDisk(shared)).toEqual([false, false]);
        expect(await onDisk(other)).toEqual([true, true]);
      });

      it('keeps the picture when the change is refused, and never deletes a drawn one', async () => {
        const kept = await upload('#34495e');
        const id = await createBanner(kept);
        const refused = await desk.send('PUT', `/api/admin/banners/${id}`, {
          ...banner('banners/never-uploaded.webp'),
        });
        expect([refused.statusCode, errorCode(refused)]).toEqual([400, 'content/invalid_image']);
        expect(await onDisk(kept)).toEqual([true, true]);

        const drawn = 'banners/drawn-tea.webp';
        await writeFile(path.join(dataDir, 'images', drawn), await png());
        const onDrawn = await createBanner(drawn);
        expect((await desk.send('DELETE', `/api/admin/banners/${onDrawn}`)).statusCode).toBe(200);
        await expect(stat(path.join(dataDir, 'images', drawn))).resolves.toBeTruthy();
      });

      it('refuses to show an uploaded picture already deleted', async () => {
        const gone = await upload('#7f8c8d');
        const id = await createBanner(gone);
        expect((await desk.send('DELETE', `/api/admin/banners/${id}`)).statusCode).toBe(200);
        const late = await desk.send('POST', '/api/admin/banners', banner(gone));
        expect([late.statusCode, errorCode(late)]).toEqual([400, 'content/invalid_image']);
      });
    });

    it('keeps taking a picture from the fixed list, and refuses one that does not exist', async () => {
      const missing = await desk.send('POST', '/api/admin/banners', banner('banners/never-uploaded.webp'));
      expect([missing.statusCode, errorCode(missing)]).toEqual([400, 'content/invalid_image']);
    });

    it('refuses a wrong type, an oversize body, a shopper and a missing anti-forgery header', async () => {
      const text = await post(url, 'only words, dressed as a PNG');
      expect([text.statusCode, errorCode(text)]).toEqual([415, 'image/unsupported_type']);
      const gif = await post(url, 'GIF89a', 'image/gif');
      expect([gif.statusCode, errorCode(gif)]).toEqual([415, 'general/unsupported_media_type']);
      const json = await desk.send('POST', url, { image: 'x' });
      expect([json.statusCode, errorCode(json)]).toEqual([415, 'general/unsupported_media_type']);
      const oversize = await post(url, Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES + 1, 0x89));
      expect([oversize.statusCode, errorCode(oversize)]).toEqual([413, 'general/payload_too_large']);
      const asShopper = await post(url, await png(), 'image/png', shopper);
      expect([asShopper.statusCode, errorCode(asShopper)]).toEqual([403, 'auth/not_authorized']);
      const forged = await harness.app.inject({
        method: 'POST',
        url,
        headers: { cookie: session.cookie, 'content-type': 'image/png' },
        payload: await png(),
      });
      expect([forged.statusCode, errorCode(forged)]).toEqual([403, 'auth/invalid_state']);
      for (const body of HOSTILE_BODIES) {
        const answer = await desk.send('POST', url, body);
        expect(answer.statusCode).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode).toBeLessThan(500);
      }
    });
  });
});
