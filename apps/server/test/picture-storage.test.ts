import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentTypeOf, diskPictureStorage, type PictureStorage } from '../src/lib/picture-storage.js';
import { s3PictureStorage } from '../src/lib/s3-picture-storage.js';
import { type S3StandIn, startS3StandIn } from './helpers/s3-stand-in.js';

/** The stand-in answers at most this many keys a page, so a few dozen pictures span several pages. */
const LARGEST_PAGE = 10;

/** A storage to test, and how many requests reached the service behind it (none for the disk). */
type Backend = { storage: PictureStorage; requestsSeen(): number; close(): Promise<void> };

function storageFor(standIn: S3StandIn, secretAccessKey = standIn.secretAccessKey): PictureStorage {
  const { endpoint, bucket, region, accessKeyId } = standIn;
  return s3PictureStorage({ endpoint, bucket, region, accessKeyId, secretAccessKey });
}

const backends: { name: string; open(): Promise<Backend> }[] = [
  {
    name: 'disk',
    async open() {
      const directory = await mkdtemp(path.join(tmpdir(), 'crossbuy-pictures-'));
      return {
        storage: diskPictureStorage(directory),
        requestsSeen: () => 0,
        close: () => rm(directory, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async open() {
      const standIn = await startS3StandIn({ largestPage: LARGEST_PAGE });
      return {
        storage: storageFor(standIn),
        requestsSeen: () => standIn.requests.length,
        close: standIn.close,
      };
    },
  },
];

/** Keys that climb out, start at the root, hold empty or dot segments, or carry a space. */
const BAD_KEYS = ['../x', '/abs', 'a//b', 'a/./b', 'a b', '', 'a/../b', '.hidden', 'a\\b', 'a%2Fb'];

describe.each(backends)('$name picture storage', ({ open }) => {
  let backend: Backend;
  let storage: PictureStorage;

  beforeEach(async () => {
    backend = await open();
    storage = backend.storage;
  });
  afterEach(() => backend.close());

  it('gives back the bytes and content type it was given', async () => {
    const key = 'products/p1/main.webp';
    const bytes = Buffer.concat([Buffer.from([0, 255, 10, 13]), randomBytes(2048)]);
    await storage.put(key, bytes, contentTypeOf(key));

    const stored = await storage.get(key);
    expect(stored?.body.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe('image/webp');
  });

  it('keeps a text body, such as an SVG, as its UTF-8 bytes', async () => {
    const key = 'art/logo.svg';
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>Café — crossbuy</title></svg>';
    await storage.put(key, svg, contentTypeOf(key));

    const stored = await storage.get(key);
    expect(stored?.body.toString('utf8')).toBe(svg);
    expect(stored?.contentType).toBe('image/svg+xml');
  });

  it('replaces what was under a key', async () => {
    await storage.put('products/p1/main.png', Buffer.from('first'), 'image/png');
    await storage.put('products/p1/main.png', Buffer.from('second'), 'image/png');

    expect((await storage.get('products/p1/main.png'))?.body.toString()).toBe('second');
  });

  it('gives undefined for a key with nothing under it', async () => {
    expect(await storage.get('products/none/main.webp')).toBeUndefined();
  });

  it('tells stored keys from missing ones, and a folder is not a picture', async () => {
    await storage.put('products/p1/main.webp', Buffer.from('x'), 'image/webp');

    expect(await storage.exists('products/p1/main.webp')).toBe(true);
    expect(await storage.exists('products/p1/other.webp')).toBe(false);
    expect(await storage.exists('products/p1')).toBe(false);
  });

  it('deletes a picture, and deleting one already gone is fine', async () => {
    await storage.put('products/p1/main.webp', Buffer.from('x'), 'image/webp');

    await storage.delete('products/p1/main.webp');
    expect(await storage.exists('products/p1/main.webp')).toBe(false);
    expect(await storage.get('products/p1/main.webp')).toBeUndefined();
    await expect(storage.delete('products/p1/main.webp')).resolves.toBeUndefined();
    await expect(storage.delete('never/there.webp')).resolves.toBeUndefined();
  });

  it('lists every key under a folder, nested ones too, and nothing from its siblings', async () => {
    for (const key of [
      'products/p1/main.webp',
      'products/p1/sizes/small.webp',
      'products/p10/main.webp',
      'products/p2/main.webp',
      'other/p1/main.webp',
    ]) {
      await storage.put(key, Buffer.from(key), contentTypeOf(key));
    }

    expect((await storage.list('products/p1/')).sort()).toEqual([
      'products/p1/main.webp',
      'products/p1/sizes/small.webp',
    ]);
    expect((await storage.list('products/')).sort()).toEqual([
      'products/p1/main.webp',
      'products/p1/sizes/small.webp',
      'products/p10/main.webp',
      'products/p2/main.webp',
    ]);
    expect(await storage.list('missing/')).toEqual([]);
  });

  it('lists more pictures than one page of the service holds', async () => {
    const keys = Array.from(
      { length: LARGEST_PAGE * 2 + 5 },
      (_, index) => `many/${String(index).padStart(2, '0')}.png`,
    );
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/png');

    expect((await storage.list('many/')).sort()).toEqual(keys);
  });

  it.each(BAD_KEYS)('refuses the key %j in every method, before reaching the service', async (badKey) => {
    const seenBefore = backend.requestsSeen();

    await expect(storage.put(badKey, Buffer.from('x'), 'image/png')).rejects.toThrow(/Not a picture key/);
    await expect(storage.put(badKey, '<svg/>', 'image/svg+xml')).rejects.toThrow(/Not a picture key/);
    await expect(storage.get(badKey)).rejects.toThrow(/Not a picture key/);
    await expect(storage.exists(badKey)).rejects.toThrow(/Not a picture key/);
    await expect(storage.delete(badKey)).rejects.toThrow(/Not a picture key/);
    await expect(storage.list(badKey)).rejects.toThrow(/Not a picture/);
    await expect(storage.list(`${badKey}/`)).rejects.toThrow(/Not a picture key/);

    expect(backend.requestsSeen()).toBe(seenBefore);
  });

  it('refuses a folder where a key belongs, and a key where a folder belongs', async () => {
    await expect(storage.put('products/', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /Not a picture key/,
    );
    await expect(storage.get('products/')).rejects.toThrow(/Not a picture key/);
    await expect(storage.list('products')).rejects.toThrow(/Not a picture folder/);
    expect(backend.requestsSeen()).toBe(0);
  });
});

describe('s3 picture storage against the service', () => {
  let standIn: S3StandIn;

  beforeEach(async () => {
    standIn = await startS3StandIn({ largestPage: LARGEST_PAGE });
  });
  afterEach(() => standIn.close());

  it('is refused with a wrong secret, and its errors do not show the secret', async () => {
    const wrongSecret = `wrong-${randomBytes(16).toString('hex')}`;
    const storage = storageFor(standIn, wrongSecret);

    const failures = await Promise.all([
      storage.put('products/p1/main.webp', Buffer.from('x'), 'image/webp').catch((error: Error) => error),
      storage.get('products/p1/main.webp').catch((error: Error) => error),
      storage.exists('products/p1/main.webp').catch((error: Error) => error),
      storage.delete('products/p1/main.webp').catch((error: Error) => error),
      storage.list('products/').catch((error: Error) => error),
    ]);

    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      const { message } = failure as Error;
      expect(message).toMatch(/answered 403/);
      expect(message).not.toContain(wrongSecret);
      expect(message).not.toContain(standIn.secretAccessKey);
    }
    // HEAD answers carry no body, so only the other methods can name the service's reason.
    expect(failures.filter((failure) => String(failure).includes('(SignatureDoesNotMatch)'))).toHaveLength(4);
    expect(standIn.objects.size).toBe(0);
  });

  it('addresses the bucket path-style', async () => {
    const storage = storageFor(standIn);
    await storage.put('products/p1/main.webp', Buffer.from('x'), 'image/webp');
    await storage.get('products/p1/main.webp');
    await storage.exists('products/p1/main.webp');
    await storage.list('products/');
    await storage.delete('products/p1/main.webp');

    expect(standIn.requests).toEqual([
      { method: 'PUT', path: '/pictures/products/p1/main.webp' },
      { method: 'GET', path: '/pictures/products/p1/main.webp' },
      { method: 'HEAD', path: '/pictures/products/p1/main.webp' },
      { method: 'GET', path: '/pictures?list-type=2&prefix=products%2F' },
      { method: 'DELETE', path: '/pictures/products/p1/main.webp' },
    ]);
  });

  it('follows continuation tokens until the listing is complete', async () => {
    const storage = storageFor(standIn);
    for (let index = 0; index < LARGEST_PAGE * 2 + 5; index += 1) {
      await storage.put(`many/${index}.png`, Buffer.from('x'), 'image/png');
    }
    standIn.requests.length = 0;

    expect(await storage.list('many/')).toHaveLength(LARGEST_PAGE * 2 + 5);
    const listings = standIn.requests.map((request) => new URL(request.path, standIn.endpoint).searchParams);
    expect(listings).toHaveLength(3);
    expect(listings.map((query) => query.has('continuation-token'))).toEqual([false, true, true]);
  });

  it('decodes escaped characters in listed keys, and leaves out folder markers', async () => {
    const picture = { body: Buffer.from('x'), contentType: 'image/png' };
    standIn.objects.set(`odd/a&b<c>"d'.png`, picture);
    standIn.objects.set('odd/&lt;.png', picture);
    standIn.objects.set('odd/', { body: Buffer.alloc(0), contentType: 'application/x-directory' });

    expect((await storageFor(standIn).list('odd/')).sort()).toEqual(['odd/&lt;.png', `odd/a&b<c>"d'.png`]);
  });

  it('throws on any other failure of the service, naming the status and its code', async () => {
    const slowDown = async () =>
      new Response('<?xml version="1.0"?><Error><Code>SlowDown</Code></Error>', { status: 503 });
    const storage = s3PictureStorage({
      endpoint: standIn.endpoint,
      bucket: standIn.bucket,
      region: standIn.region,
      accessKeyId: standIn.accessKeyId,
      secretAccessKey: standIn.secretAccessKey,
      fetch: slowDown,
    });

    await expect(storage.put('a.png', 'x', 'image/png')).rejects.toThrow(
      'S3 PUT a.png answered 503 (SlowDown)',
    );
    await expect(storage.get('a.png')).rejects.toThrow('S3 GET a.png answered 503 (SlowDown)');
    await expect(storage.exists('a.png')).rejects.toThrow('S3 HEAD a.png answered 503 (SlowDown)');
    await expect(storage.delete('a.png')).rejects.toThrow('S3 DELETE a.png answered 503 (SlowDown)');
    await expect(storage.list('a/')).rejects.toThrow('S3 LIST a/ answered 503 (SlowDown)');
  });

  it('answers a missing bucket with an error on writes', async () => {
    const storage = s3PictureStorage({ ...standIn, bucket: 'elsewhere' });
    await expect(storage.put('a.png', 'x', 'image/png')).rejects.toThrow('answered 404 (NoSuchBucket)');
  });
});

describe('S3 stand-in', () => {
  let standIn: S3StandIn;
  let client: AwsClient;

  beforeEach(async () => {
    standIn = await startS3StandIn();
    client = new AwsClient({ ...standIn, service: 's3' });
  });
  afterEach(() => standIn.close());

  it('refuses a request with no signature', async () => {
    const response = await fetch(`${standIn.endpoint}/${standIn.bucket}/a.png`);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('refuses a signed request sent somewhere other than it was signed for', async () => {
    const signed = await client.sign(`${standIn.endpoint}/${standIn.bucket}/a.png`, { method: 'GET' });
    const response = await fetch(`${standIn.endpoint}/${standIn.bucket}/b.png`, { headers: signed.headers });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('refuses a body other than the one whose hash was signed', async () => {
    const url = `${standIn.endpoint}/${standIn.bucket}/a.png`;
    const signed = await client.sign(url, {
      method: 'PUT',
      headers: { 'x-amz-content-sha256': 'a'.repeat(64) },
      body: 'x',
    });
    const response = await fetch(signed);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(standIn.objects.size).toBe(0);
  });

  it('answers at most max-keys keys a page', async () => {
    for (const key of ['a.png', 'b.png', 'c.png']) {
      standIn.objects.set(key, { body: Buffer.from(key), contentType: 'image/png' });
    }
    const response = await client.fetch(`${standIn.endpoint}/${standIn.bucket}?list-type=2&max-keys=2`);
    const xml = await response.text();
    expect(response.status).toBe(200);
    expect([...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1])).toEqual(['a.png', 'b.png']);
    expect(xml).toContain('<IsTruncated>true</IsTruncated>');
    expect(xml).toContain('<NextContinuationToken>');
  });
});
