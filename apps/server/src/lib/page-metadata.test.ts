import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { priceOf, readPageMetadata } from './page-metadata.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/external-pages/${name}`, import.meta.url));

const page = (html: string) => Buffer.from(html);

describe('readPageMetadata', () => {
  it('reads a JSON-LD Product inside an @graph, with an Offer list and mixed image forms', () => {
    const metadata = readPageMetadata(
      fixture('json-ld-graph.html'),
      'https://item.rakuten.co.jp/kitchen-shop/tmb-450/',
    );
    expect(metadata).toEqual({
      name: 'ステンレス 真空断熱 タンブラー 450ml',
      description: '保温・保冷に優れた真空二重構造。 食洗機対応。',
      images: [
        'https://thumbnail.image.rakuten.co.jp/@0_mall/kitchen-shop/cabinet/tmb450-1.jpg',
        'https://thumbnail.image.rakuten.co.jp/@0_mall/kitchen-shop/cabinet/tmb450-2.jpg',
      ],
      price: { amountMinor: 1980, currency: 'JPY' },
      siteName: null,
    });
  });

  it('reads an AggregateOffer from a list of JSON-LD roots, decoding entities and resolving a relative image', () => {
    const metadata = readPageMetadata(
      fixture('json-ld-aggregate-offer.html'),
      'https://www.etsy.com/listing/123/handmade-ceramic-mug',
    );
    expect(metadata.name).toBe('Handmade Ceramic Mug – Speckled Glaze');
    expect(metadata.images).toEqual(['https://www.etsy.com/il/mug-speckled-1.jpg']);
    expect(metadata.price).toEqual({ amountMinor: 2450, currency: 'USD' });
  });

  it('reads Open Graph alone, with a grouped price', () => {
    const metadata = readPageMetadata(fixture('open-graph.html'), 'https://jp.mercari.com/item/m12345678901');
    expect(metadata).toEqual({
      name: 'ニンテンドースイッチ 本体 有機ELモデル',
      description: '購入後数回のみ使用。箱・付属品すべてあります。',
      images: [
        'https://static.mercdn.net/item/detail/orig/photos/m12345678901_1.jpg',
        'https://static.mercdn.net/item/detail/orig/photos/m12345678901_2.jpg',
      ],
      price: { amountMinor: 32800, currency: 'JPY' },
      siteName: 'メルカリ',
    });
  });

  it('reads microdata, resolving protocol-relative and relative images', () => {
    const metadata = readPageMetadata(
      fixture('microdata.html'),
      'https://store.shopping.yahoo.co.jp/audio-store/earbuds-01.html',
    );
    expect(metadata).toEqual({
      name: 'ワイヤレスイヤホン ノイズキャンセリング Bluetooth 5.3',
      description: '最大30時間再生。IPX5防水。',
      images: [
        'https://item-shopping.c.yimg.jp/i/n/audio-store_earbuds-01',
        'https://store.shopping.yahoo.co.jp/i/n/audio-store_earbuds-02',
      ],
      price: { amountMinor: 12800, currency: 'JPY' },
      siteName: null,
    });
  });

  it('falls back to the title of a page with nothing else, decoding the charset the page names', () => {
    const metadata = readPageMetadata(
      fixture('title-only-gbk.html'),
      'https://item.taobao.com/item.htm?id=1',
    );
    expect(metadata).toEqual({
      name: '【正品】女士真皮手提包 斜挎包-淘宝网',
      description: null,
      images: [],
      price: null,
      siteName: null,
    });
  });

  it('skips JSON-LD that does not parse and reads the Open Graph tags instead', () => {
    const metadata = readPageMetadata(fixture('broken-json-ld.html'), 'https://www.ebay.com/itm/1234');
    expect(metadata).toEqual({
      name: 'Vintage Film Camera 35mm - Tested, Working',
      description: null,
      images: ['https://i.ebayimg.com/images/g/abc/s-l1600.jpg'],
      price: null,
      siteName: 'eBay',
    });
  });

  it('mends JSON-LD with raw line breaks in strings and trailing commas', () => {
    const metadata = readPageMetadata(
      page(`<script type="application/ld+json">{"@type":"Product","name":"Two
lines","offers":{"price":9.5,"priceCurrency":"SGD",},}</script>`),
      'https://shop.example/p',
    );
    expect(metadata.name).toBe('Two lines');
    expect(metadata.price).toEqual({ amountMinor: 950, currency: 'SGD' });
  });

  it('drops control characters a page smuggles in through JSON escapes', () => {
    const metadata = readPageMetadata(
      page(
        '<script type="application/ld+json">{"@type":"Product","name":"Tea\\u0000pot\\u0007 set"}</script>',
      ),
      'https://shop.example/p',
    );
    expect(metadata.name).toBe('Tea pot set');
  });

  it('prefers JSON-LD over microdata over Open Graph over the title, field by field', () => {
    const metadata = readPageMetadata(
      page(`<title>Title name</title>
        <meta property="og:title" content="OG name"><meta property="og:description" content="OG text">
        <meta property="product:price:amount" content="5"><meta property="product:price:currency" content="USD">
        <div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Microdata name</span></div>
        <script type="application/ld+json">{"@type":"Product","offers":{"price":"7.00","priceCurrency":"EUR"}}</script>`),
      'https://shop.example/p',
    );
    expect(metadata.name).toBe('Microdata name');
    expect(metadata.description).toBe('OG text');
    // EUR is not a currency the store trades in, so the JSON-LD offer gives no price and OG's is used.
    expect(metadata.price).toEqual({ amountMinor: 500, currency: 'USD' });
  });

  it('keeps only http and https images, without repeats, and bounds names', () => {
    const metadata = readPageMetadata(
      page(`<title>${'x'.repeat(500)}</title>
        <meta property="og:image" content="javascript:alert(1)">
        <meta property="og:image" content="https://cdn.example/a.jpg">
        <meta property="og:image:secure_url" content="https://cdn.example/a.jpg">
        <meta property="og:image" content="ftp://cdn.example/b.jpg">`),
      'https://shop.example/p',
    );
    expect(metadata.images).toEqual(['https://cdn.example/a.jpg']);
    expect(metadata.name).toHaveLength(300);
  });
});

describe('priceOf', () => {
  it.each([
    ['1980', 'JPY', 1980],
    ['1,980', 'jpy', 1980],
    ['¥1,980', 'JPY', 1980],
    ['1.980', 'JPY', 1980],
    ['19.99', 'USD', 1999],
    ['19,99', 'SGD', 1999],
    ['1,234.56', 'USD', 123456],
    ['1.234,56', 'SGD', 123456],
    ['1,234,567', 'KRW', 1234567],
    ['0.125', 'USD', 12],
    ['12.345', 'USD', 1234],
  ])('reads %s %s as %i minor units', (amount, currency, minor) => {
    expect(priceOf(amount, currency)?.amountMinor).toBe(minor);
  });

  it.each([
    ['19.99', 'EUR'],
    ['19.99', 'XYZ'],
    ['19.99', undefined],
    [undefined, 'USD'],
    ['free', 'USD'],
    ['1,2,3', 'USD'],
    ['1.2.3,4,5', 'USD'],
    ['99999999999', 'USD'],
  ])('reads no price from %s %s', (amount, currency) => {
    expect(priceOf(amount, currency)).toBeNull();
  });
});
