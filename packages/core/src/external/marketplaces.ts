/**
 * Marketplaces the store recognises from a link's host, with the registrable domains each trades under. A
 * host matches a domain when it is that domain or a subdomain of it; when several match, the longest
 * domain wins, so `auctions.yahoo.co.jp` is Yahoo! Auctions and `shopping.yahoo.co.jp` Yahoo! Shopping.
 */
const AMAZON_DOMAINS = [
  'amazon.com',
  'amazon.co.jp',
  'amazon.co.uk',
  'amazon.de',
  'amazon.fr',
  'amazon.it',
  'amazon.es',
  'amazon.nl',
  'amazon.se',
  'amazon.pl',
  'amazon.com.be',
  'amazon.ca',
  'amazon.com.mx',
  'amazon.com.br',
  'amazon.com.au',
  'amazon.in',
  'amazon.sg',
  'amazon.ae',
  'amazon.sa',
  'amazon.eg',
  'amazon.com.tr',
  'amazon.cn',
  'amzn.to',
  'amzn.asia',
  'amzn.eu',
  'a.co',
];

export const MARKETPLACES: readonly { name: string; domains: readonly string[] }[] = [
  { name: 'Amazon', domains: AMAZON_DOMAINS },
  { name: 'Rakuten', domains: ['rakuten.co.jp', 'rakuten.com', 'rakuten.com.tw', 'rakuten.fr', 'r10.to'] },
  { name: 'Rakuma', domains: ['fril.jp', 'item.fril.jp'] },
  { name: 'Mercari', domains: ['mercari.com', 'jp.mercari.com', 'mercari.jp', 'merc.li'] },
  { name: 'Yahoo! Auctions', domains: ['auctions.yahoo.co.jp', 'page.auctions.yahoo.co.jp'] },
  { name: 'Yahoo! Shopping', domains: ['shopping.yahoo.co.jp', 'store.shopping.yahoo.co.jp'] },
  { name: 'Yahoo! Flea Market', domains: ['paypayfleamarket.yahoo.co.jp'] },
  { name: 'Taobao', domains: ['taobao.com', 'tb.cn', 'm.tb.cn'] },
  { name: 'Tmall', domains: ['tmall.com', 'tmall.hk'] },
  { name: '1688', domains: ['1688.com'] },
  { name: 'JD.com', domains: ['jd.com', 'jd.hk', '3.cn'] },
  { name: 'Pinduoduo', domains: ['pinduoduo.com', 'yangkeduo.com'] },
  { name: 'AliExpress', domains: ['aliexpress.com', 'aliexpress.us', 'aliexpress.ru', 'a.aliexpress.com'] },
  {
    name: 'eBay',
    domains: [
      'ebay.com',
      'ebay.co.uk',
      'ebay.de',
      'ebay.fr',
      'ebay.it',
      'ebay.es',
      'ebay.ca',
      'ebay.com.au',
      'ebay.com.sg',
      'ebay.com.my',
      'ebay.com.hk',
      'ebay.ph',
      'ebay.ie',
      'ebay.at',
      'ebay.ch',
      'ebay.nl',
      'ebay.be',
      'ebay.pl',
      'ebay.us',
    ],
  },
  {
    name: 'Shopee',
    domains: [
      'shopee.sg',
      'shopee.com.my',
      'shopee.co.id',
      'shopee.co.th',
      'shopee.ph',
      'shopee.vn',
      'shopee.tw',
      'shopee.com.br',
      'shopee.cl',
      'shopee.com.co',
      'shopee.com.mx',
      'shp.ee',
    ],
  },
  {
    name: 'Lazada',
    domains: ['lazada.sg', 'lazada.com.my', 'lazada.co.id', 'lazada.co.th', 'lazada.com.ph', 'lazada.vn'],
  },
  { name: 'Qoo10', domains: ['qoo10.com', 'qoo10.sg', 'qoo10.jp', 'qoo10.my', 'qoo10.co.id', 'qoo10.hk'] },
  { name: 'ZOZOTOWN', domains: ['zozo.jp'] },
  { name: 'Coupang', domains: ['coupang.com'] },
  { name: 'Gmarket', domains: ['gmarket.co.kr', 'global.gmarket.co.kr'] },
  { name: '11st', domains: ['11st.co.kr'] },
  { name: 'Etsy', domains: ['etsy.com', 'etsy.me'] },
  { name: 'Walmart', domains: ['walmart.com', 'walmart.ca'] },
  { name: 'Target', domains: ['target.com'] },
  { name: 'Best Buy', domains: ['bestbuy.com', 'bestbuy.ca'] },
  { name: 'Flipkart', domains: ['flipkart.com'] },
  { name: 'Tokopedia', domains: ['tokopedia.com'] },
  { name: 'Zalando', domains: ['zalando.com', 'zalando.de', 'zalando.co.uk', 'zalando.fr', 'zalando.it'] },
  { name: 'Mercado Libre', domains: ['mercadolibre.com', 'mercadolibre.com.mx', 'mercadolivre.com.br'] },
  { name: 'Suruga-ya', domains: ['suruga-ya.jp', 'suruga-ya.com'] },
  { name: 'Mandarake', domains: ['mandarake.co.jp'] },
  { name: 'Yodobashi', domains: ['yodobashi.com'] },
];

const DOMAIN_TO_NAME: ReadonlyMap<string, string> = new Map(
  MARKETPLACES.flatMap(({ name, domains }) => domains.map((domain) => [domain, name] as const)),
);

/**
 * The marketplace a link's host belongs to, or null. Only whole labels count: `amazon.com.evil.example`
 * and `notamazon.com` are nobody's. A trailing dot and letter case are ignored.
 */
export function marketplaceOfHost(host: string): string | null {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  // From the whole host down to its last two labels: the first (longest) domain in the table wins.
  for (let start = 0; start < labels.length - 1; start += 1) {
    const name = DOMAIN_TO_NAME.get(labels.slice(start).join('.'));
    if (name) return name;
  }
  return null;
}
