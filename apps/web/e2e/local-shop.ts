import { createServer, type Server } from 'node:http';
import { freeLoopbackPort } from './mail-capture-settings';

const PORT_VARIABLE = 'CROSSBUY_E2E_SHOP_PORT';

export const LOCAL_ITEM = {
  path: '/item/cast-iron-kettle',
  name: 'Cast iron kettle, 1.2 l',
  image: '/images/kettle.png',
};

/**
 * Chooses, once in the process that starts the run, the port of a stand-in shop abroad: the store's
 * server may fetch it (OUTBOUND_ALLOW_HOSTS), and the journeys start it. It travels in the environment,
 * which the store and the test workers inherit.
 */
export async function chooseLocalShop(): Promise<void> {
  process.env[PORT_VARIABLE] ??= String(await freeLoopbackPort());
}

export function localShopPort(): number {
  const port = Number(process.env[PORT_VARIABLE]);
  if (!port) throw new Error('The local shop was not chosen: run through playwright.config.ts');
  return port;
}

/**
 * The item's picture: a small PNG, which the store copies when it reads the page (decision 0073). It is
 * served over http, which the store's content policy refuses, so a page that showed the shop's own
 * picture instead of the store's copy would fail a journey's check for console errors.
 */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WQQ3AAAxC0TnCERbwf5uJJd3hJRXQEPjwZP3VPecfxEOl0HgoUtZz/AQYS6HxUKSs5xCKgVYKjYciZcWhAuNUR5RrzY/dT7MYaKXQeChSVhwqME515NMovCL83Hkk1t4uAAAAAElFTkSuQmCC',
  'base64',
);

// A product page shaped like a marketplace's: Open Graph tags and schema.org JSON-LD.
const PAGE = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>${LOCAL_ITEM.name} | Local Shop</title>
<meta property="og:title" content="${LOCAL_ITEM.name}">
<meta property="og:image" content="IMAGE">
<meta property="og:site_name" content="Local Shop">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"${LOCAL_ITEM.name}",
"image":["IMAGE"],"offers":{"@type":"Offer","price":"4800","priceCurrency":"JPY"}}</script>
</head><body><h1>${LOCAL_ITEM.name}</h1></body></html>`;

/** Serves the product page and its picture on the chosen port until closed. */
export async function startLocalShop(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = localShopPort();
  const origin = `http://127.0.0.1:${port}`;
  const server: Server = createServer((request, response) => {
    if (request.url === LOCAL_ITEM.path) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(PAGE.replaceAll('IMAGE', `${origin}${LOCAL_ITEM.image}`));
    } else if (request.url === LOCAL_ITEM.image) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PICTURE);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `${origin}${LOCAL_ITEM.path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
