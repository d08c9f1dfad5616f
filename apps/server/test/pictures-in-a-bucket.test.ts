import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode } from './helpers/browser.js';
import { addProduct, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { type S3StandIn, startS3StandIn } from './helpers/s3-stand-in.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

// The store keeping its pictures in an S3-compatible bucket (docs/decisions/0079), here the tests' stand-in,
// which checks every request's signature: uploads land in the bucket, /images/ serves them from it with the
// same headers as from the disk, and nothing is written to the data directory.
describe('pictures in a bucket', () => {
  let bucket: S3StandIn;
  let harness: TestApp;
  let dataDir: string;
  let session: { cookie: string; header: Record<string, string> };
  let desk: ReturnType<typeof apiAs>;
  let productId: string;

  const png = (colour: string) =>
    sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const upload = (url: string, body: Buffer) =>
    harness.app.inject({
      method: 'POST',
      url,
      headers: { cookie: session.cookie, ...session.header, 'content-type': 'image/png' },
      payload: body,
    });
  const get = (url: string) => harness.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    bucket = await startS3StandIn();
    dataDir = await mkdtemp(path.join(tmpdir(), 'crossbuy-bucket-'));
    harness = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        PICTURES_S3_ENDPOINT: bucket.endpoint,
        PICTURES_S3_BUCKET: bucket.bucket,
        PICTURES_S3_REGION: bucket.region,
        PICTURES_S3_ACCESS_KEY_ID: bucket.accessKeyId,
        PICTURES_S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
      },
    });
    const fixture = await seedCatalogue(harness.app.db);
    productId = (
      await addProduct(fixture, {
        name: 'Bucket Kettle',
        categoryId: 'keyboards',
        merchant: fixture.merchants.basics,
        priceMinor: 1900,
        stock: 5,
      })
    ).id;
    session = await signInAs(harness.app, await createUser(harness.app, { role: 'operator' }), {
      tfaPassed: true,
    });
    desk = apiAs(harness.app, session);
  });
  afterAll(async () => {
    await harness?.close();
    await bucket?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("stores a product's uploaded picture and its thumbnail in the bucket and serves them from it", async () => {
    const answer = await upload(`/api/admin/products/${productId}/images`, await png('#2980b9'));
    expect(answer.statusCode, answer.body).toBe(200);
    const key: string = answer.json().images.at(-1).key;
    const thumbnail = key.replace(/\.webp$/, '_thumb.webp');
    expect(bucket.objects.get(key)?.contentType).toBe('image/webp');
    expect(bucket.objects.has(thumbnail)).toBe(true);

    for (const stored of [key, thumbnail]) {
      const served = await get(`/images/${stored}`);
      expect(served.statusCode, stored).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=86400');
      expect(served.headers['content-security-policy']).toContain('sandbox');
      expect(served.rawPayload.equals(bucket.objects.get(stored)?.body ?? Buffer.alloc(0))).toBe(true);
    }
    // Nothing went to the local disk.
    expect(await readdir(path.join(dataDir, 'images')).catch(() => [])).toEqual([]);
  });

  it('answers 404 for a picture the bucket does not hold and for a path that is not a picture key', async () => {
    for (const url of [
      '/images/products/none.webp',
      '/images/../session-secret',
      '/images/%2e%2e/session-secret',
      '/images/a//b.webp',
      '/images/',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('lists content pictures from the bucket, refuses a banner of a picture it does not hold, and deletes an upload nothing shows', async () => {
    const uploaded = await upload('/api/admin/content/pictures', await png('#8e44ad'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { key } = uploaded.json().picture as { key: string };
    const listed = (await desk.get('/api/admin/content/pictures')).json().pictures;
    expect(listed.map((picture: { key: string }) => picture.key)).toContain(key);

    const banner = (image: string) => ({ title: 'Tea', subtitle: 'Fresh', image, link: '/search?q=tea' });
    for (const missing of ['banners/none.webp', '../../etc/passwd', 'banners/a b.webp']) {
      const refused = await desk.send('POST', '/api/admin/banners', banner(missing));
      expect([refused.statusCode, errorCode(refused)], missing).toEqual([400, 'content/invalid_image']);
    }
    const created = await desk.send('POST', '/api/admin/banners', banner(key));
    expect(created.statusCode, created.body).toBe(200);
    expect((await desk.send('DELETE', `/api/admin/banners/${created.json().banner.id}`)).statusCode).toBe(
      200,
    );
    expect(bucket.objects.has(key)).toBe(false);
    expect(bucket.objects.has(key.replace(/\.webp$/, '_thumb.webp'))).toBe(false);
  });
});
