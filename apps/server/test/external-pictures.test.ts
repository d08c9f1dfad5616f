import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCT_IMAGE_MAX_BYTES } from '@crossbuy/core/catalogue';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_LIMITS } from '../src/features/external-products/external-products.service.js';
import { externalProducts } from '../src/features/external-products/external-products.table.js';
import { quotationItems } from '../src/features/quotations/quotations.table.js';
import { imagesDirectory } from '../src/lib/image-store.js';
import {
  htmlPage,
  type StandInHandler,
  type StandInSite,
  startStandInSite,
} from './helpers/stand-in-site.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

/** A marketplace's product page whose picture is `image`. */
const pageWithPicture = (image: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Cast iron kettle</title>
<meta property="og:title" content="Cast iron kettle"><meta property="og:image" content="${image}">
</head><body><h1>Cast iron kettle</h1></body></html>`;

const answering =
  (type: string, body: Buffer | string, headers: Record<string, string> = {}): StandInHandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': type, ...headers }).end(body);
  };

describe('pictures of products on other sites', () => {
  let site: StandInSite;
  let harness: TestApp;
  let dataDir: string;
  let shopper: ReturnType<typeof apiAs>;
  let photo: Buffer;
  let pageNumber = 0;

  /** A new page on the stand-in site whose picture is answered by `picture` at its own path. */
  const pageAndPicture = (picture: StandInHandler) => {
    pageNumber += 1;
    const picturePath = `/pictures/${pageNumber}.jpg`;
    const pagePath = `/item/${pageNumber}`;
    site.route(picturePath, picture);
    site.route(pagePath, htmlPage(pageWithPicture(site.url(picturePath))));
    return { link: site.url(pagePath), picture: site.url(picturePath), picturePath };
  };
  /** Looks `link` up as a shopper does and runs the lookup; answers the product as the store read it. */
  const lookUp = async (link: string) => {
    expect((await shopper.send('POST', '/api/product/searchExternal', { link })).statusCode).toBe(202);
    await harness.app.jobs.runDue();
    const checked = await shopper.get(`/api/product/checkPending?link=${encodeURIComponent(link)}`);
    expect(checked.json().status, checked.body).toBe('done');
    return checked.json().product as { id: string; images: string[]; picture: string | null };
  };
  const quote = async (link: string) => {
    const response = await shopper.send('POST', '/api/quotation_item/external', { link, quantity: 1 });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().quotationItem as { id: string; mainImage: string | null };
  };
  const requestQuote = async (link: string, imageUrl: string) => {
    const response = await shopper.send('POST', '/api/quotation/request', {
      from: 'r',
      productUrl: link,
      productName: 'Cast iron kettle',
      productQuantity: 1,
      instructions: '',
      imageUrl,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().quotationItem as { id: string; mainImage: string | null };
  };
  const served = (url: string) => harness.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    site = await startStandInSite();
    dataDir = await mkdtemp(path.join(tmpdir(), 'crossbuy-external-pictures-'));
    harness = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: site.host, DATA_DIR: dataDir } });
    shopper = apiAs(harness.app, await signInAs(harness.app, await createUser(harness.app)));
    photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#b5472f' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'The seller' } } })
      .toBuffer();
  });
  afterAll(async () => {
    await harness?.close();
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies an http: picture once when the link is read, re-encoded as an upload, and quotes it from the store', async () => {
    const { link, picture, picturePath } = pageAndPicture(answering('image/jpeg', photo));
    // The page's picture is on http:, which the store's pages do not load; its copy is on our origin.
    expect(picture.startsWith('http://')).toBe(true);
    const product = await lookUp(link);
    expect(product.images).toEqual([picture]);
    expect(product.picture).toBe(`/images/external/${product.id}.webp`);
    expect(site.hits.get(picturePath)).toBe(1);

    const stored = await readFile(path.join(imagesDirectory(dataDir), `external/${product.id}.webp`));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 750 });
    expect(metadata.exif).toBeUndefined();

    // Quoting it, by the looked-up product or by the form with the page's picture, shows the copy.
    expect((await quote(link)).mainImage).toBe(product.picture);
    expect((await requestQuote(link, picture)).mainImage).toBe(product.picture);
    expect(site.hits.get(picturePath)).toBe(1);
  });

  it('serves a copied picture and its thumbnail from the store, typed, cacheable and not sniffed', async () => {
    const { link } = pageAndPicture(answering('image/jpeg', photo));
    const product = await lookUp(link);
    const pictureUrl = product.picture as string;
    for (const [url, side] of [
      [pictureUrl, 1200],
      [pictureUrl.replace('.webp', '_thumb.webp'), 480],
    ] as const) {
      const response = await served(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain('sandbox');
      expect((await sharp(response.rawPayload).metadata()).width).toBe(side);
    }
  });

  it('copies a picture the shopper gives that is not the page’s, when the quote is asked', async () => {
    const { link } = pageAndPicture(answering('image/jpeg', photo));
    await lookUp(link);
    const other = pageAndPicture(
      answering('image/png', await sharp(photo).resize(300, 200).png().toBuffer()),
    );
    const item = await requestQuote(link, other.picture);
    expect(item.mainImage).toBe(`/images/quotations/${item.id}.webp`);
    expect(site.hits.get(other.picturePath)).toBe(1);
    const response = await served(item.mainImage as string);
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
  });

  it('keeps no picture, and still quotes the item, when the picture is not a picture', async () => {
    const cases = [
      pageAndPicture(answering('text/html', '<title>Sign in</title>')),
      // Announced as a picture, but HTML inside: the bytes are checked as an upload's are.
      pageAndPicture(answering('image/jpeg', '<html><script>alert(1)</script></html>')),
      pageAndPicture(answering('image/gif', Buffer.from('GIF89a'))),
    ];
    for (const { link, picturePath } of cases) {
      const product = await lookUp(link);
      expect(product.picture, picturePath).toBeNull();
      expect(site.hits.get(picturePath)).toBe(1);
      const item = await quote(link);
      expect(item.mainImage).toBeNull();
    }
  });

  it('keeps no picture when it is over the upload size, announced or not', async () => {
    const tooLarge = Buffer.concat([photo, Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES)]);
    const announced = pageAndPicture(answering('image/jpeg', tooLarge));
    const streamed = pageAndPicture((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write(photo);
      response.end(Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES));
    });
    for (const { link } of [announced, streamed]) {
      expect((await lookUp(link)).picture).toBeNull();
      expect((await quote(link)).mainImage).toBeNull();
    }
  });

  it('refuses a picture that redirects to a private address, fetching nothing there', async () => {
    const { link } = pageAndPicture((_request, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/picture.jpg' }).end();
    });
    const product = await lookUp(link);
    expect(product.picture).toBeNull();
    const item = await requestQuote(link, product.images[0] as string);
    expect(item.mainImage).toBeNull();

    // A picture given with the request goes through the same guard.
    const loopback = await requestQuote(link, 'http://localhost/picture.jpg');
    expect(loopback.mainImage).toBeNull();
  });

  it('counts the pictures copied for a shopper’s requests, refusing past the limit', async () => {
    const limited = apiAs(harness.app, await signInAs(harness.app, await createUser(harness.app)));
    const { link } = pageAndPicture(answering('image/jpeg', photo));
    const ask = (imageUrl: string) =>
      limited.send('POST', '/api/quotation/request', {
        from: 'r',
        productUrl: link,
        productName: 'Cast iron kettle',
        productQuantity: 1,
        instructions: '',
        imageUrl,
      });
    const { max } = EXTERNAL_LIMITS.picturesPerUser;
    const missing = site.url('/pictures/missing.jpg');
    for (let copy = 0; copy < max; copy += 1) expect((await ask(missing)).statusCode).toBe(201);
    const refused = await ask(missing);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('general/rate_limited');
    // A request that copies nothing is not counted.
    expect((await ask('')).statusCode).toBe(201);
  });

  it('leaves an item asked before pictures were copied as it was: its picture on the seller’s site', async () => {
    // Decision 0073: older items keep their link; the page shows the placeholder if it cannot load it.
    const { link } = pageAndPicture(answering('image/jpeg', photo));
    const { id } = await requestQuote(link, '');
    await harness.app.db
      .update(quotationItems)
      .set({ mainImage: 'https://images.seller.example/kettle.jpg' })
      .where(eq(quotationItems.id, id));
    const item = await shopper.get(`/api/quotation_item/${id}`);
    expect(item.json().quotationItem.mainImage).toBe('https://images.seller.example/kettle.jpg');
  });

  it('copies now the picture of a page read before pictures were copied', async () => {
    const { link, picture, picturePath } = pageAndPicture(answering('image/jpeg', photo));
    const product = await lookUp(link);
    await harness.app.db
      .update(externalProducts)
      .set({ picture: null })
      .where(eq(externalProducts.id, product.id));
    const item = await quote(link);
    expect(item.mainImage).toBe(`/images/quotations/${item.id}.webp`);
    expect(site.hits.get(picturePath)).toBe(2);
    expect(product.images).toEqual([picture]);
  });
});
