import { describe, expect, it } from 'vitest';
import { externalLinkSchema, marketplaceOfHost, normaliseExternalLink } from './index.js';

describe('normaliseExternalLink', () => {
  it.each([
    ['HTTPS://Www.Amazon.CO.JP/dp/B0ABC?th=1#reviews', 'https://www.amazon.co.jp/dp/B0ABC?th=1'],
    ['  https://shop.example/item  ', 'https://shop.example/item'],
    ['https://shop.example:443/item', 'https://shop.example/item'],
    ['http://shop.example./item', 'http://shop.example/item'],
    [
      'https://shop.example/item?id=7&utm_source=x&UTM_Medium=y&fbclid=z&gclid=q&color=red',
      'https://shop.example/item?id=7&color=red',
    ],
    ['https://shop.example/item?utm_campaign=spring', 'https://shop.example/item'],
    ['https://shop.example/item?', 'https://shop.example/item'],
    ['https://shop.example/a%20b?q=%E3%81%82', 'https://shop.example/a%20b?q=%E3%81%82'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
  ])('keeps %s as %s', (link, normalised) => {
    expect(normaliseExternalLink(link)).toBe(normalised);
  });

  it.each([
    'ftp://shop.example/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'shop.example/item',
    'https://user:secret@shop.example/',
    '',
    'not a link',
  ])('refuses %s', (link) => {
    expect(normaliseExternalLink(link)).toBeNull();
  });

  it('is what the link schema accepts', () => {
    expect(externalLinkSchema.safeParse('https://shop.example/item').success).toBe(true);
    const refused = externalLinkSchema.safeParse('ftp://shop.example/');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('external/invalid_link');
  });
});

describe('marketplaceOfHost', () => {
  it.each([
    ['www.amazon.co.jp', 'Amazon'],
    ['amazon.com', 'Amazon'],
    ['smile.amazon.de', 'Amazon'],
    ['AMAZON.COM.', 'Amazon'],
    ['amzn.asia', 'Amazon'],
    ['item.rakuten.co.jp', 'Rakuten'],
    ['jp.mercari.com', 'Mercari'],
    ['page.auctions.yahoo.co.jp', 'Yahoo! Auctions'],
    ['store.shopping.yahoo.co.jp', 'Yahoo! Shopping'],
    ['paypayfleamarket.yahoo.co.jp', 'Yahoo! Flea Market'],
    ['item.taobao.com', 'Taobao'],
    ['detail.tmall.com', 'Tmall'],
    ['item.jd.com', 'JD.com'],
    ['www.ebay.co.uk', 'eBay'],
    ['shopee.sg', 'Shopee'],
    ['www.lazada.com.my', 'Lazada'],
    ['www.qoo10.jp', 'Qoo10'],
    ['zozo.jp', 'ZOZOTOWN'],
    ['www.coupang.com', 'Coupang'],
    ['item.gmarket.co.kr', 'Gmarket'],
    ['ja.aliexpress.com', 'AliExpress'],
    ['www.etsy.com', 'Etsy'],
  ])('knows %s as %s', (host, name) => {
    expect(marketplaceOfHost(host)).toBe(name);
  });

  it.each(['amazon.com.evil.example', 'notamazon.com', 'amazon', 'yahoo.co.jp', 'shop.example', 'co.jp', ''])(
    'knows nobody at %s',
    (host) => {
      expect(marketplaceOfHost(host)).toBeNull();
    },
  );
});
