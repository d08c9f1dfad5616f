import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlPage, type StandInSite, startStandInSite } from '../../test/helpers/stand-in-site.js';
import { OutboundFetchError, OutboundFetcher, type Resolver } from './guarded-fetch.js';
import { blockedAddressReason } from './outbound-addresses.js';

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local and cloud metadata'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved and broadcast'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.2.10', 'documentation'],
    ['::1', 'unspecified'],
    ['::', 'unspecified'],
    ['fc00::1', 'not global unicast'],
    ['fd00:ec2::254', 'not global unicast'],
    ['fe80::1', 'not global unicast'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'not global unicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local and cloud metadata'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local and cloud metadata'],
    ['64:ff9b:1::1', 'local NAT64'],
    ['2002:7f00:1::', 'loopback'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['[::1]', 'unspecified'],
    ['not-an-address', 'not an address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'lets the public address %s through',
    (address) => {
      expect(blockedAddressReason(address)).toBeUndefined();
    },
  );
});

async function failureOf(promise: Promise<unknown>): Promise<OutboundFetchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof OutboundFetchError)) throw new Error(`expected an OutboundFetchError, got ${error}`);
  return error;
}

describe('OutboundFetcher', () => {
  let site: StandInSite;
  let guarded: OutboundFetcher;
  let allowing: OutboundFetcher;
  const resolved: Record<string, string[]> = {
    'shop.rebind.test': ['127.0.0.1'],
    'mixed.rebind.test': ['93.184.215.14', '10.0.0.7'],
    'metadata.rebind.test': ['fd00:ec2::254'],
  };
  const resolve: Resolver = async (hostname) => {
    const addresses = resolved[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  beforeAll(async () => {
    site = await startStandInSite();
    guarded = new OutboundFetcher({ allowHosts: [], resolve });
    allowing = new OutboundFetcher({ allowHosts: [site.host], resolve, timeoutMs: 500, maxBytes: 64 * 1024 });
    site.route('/page', htmlPage('<title>A page</title>'));
    site.route('/to-loopback', (_request, response) => {
      response.writeHead(302, { location: 'http://127.0.0.1:1/secret' }).end();
    });
    site.route('/to-metadata', (_request, response) => {
      response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    site.route('/to-mapped', (_request, response) => {
      response.writeHead(307, { location: 'http://[::ffff:7f00:1]/' }).end();
    });
    site.route('/to-page', (_request, response) => {
      response.writeHead(302, { location: '/page' }).end();
    });
    site.route('/loop', (_request, response) => {
      response.writeHead(302, { location: '/loop' }).end();
    });
    site.route('/huge', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(16 * 1024, 'a');
      for (let written = 0; written < 200 * 1024; written += chunk.length) response.write(chunk);
      response.end();
    });
    site.route('/huge-announced', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 * 1024) });
      response.write('<html>');
    });
    site.route('/slow', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><title>Slow');
    });
    site.route('/silent', () => undefined);
    site.route('/image', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end('png');
    });
    site.route('/echo-form', (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        const answer = {
          method: request.method,
          type: request.headers['content-type'],
          form: Object.fromEntries(new URLSearchParams(body)),
        };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    site.route('/broken', (_request, response) => {
      response.writeHead(503, { 'content-type': 'text/html' }).end('busy');
    });
  });

  afterAll(async () => {
    await guarded.close();
    await allowing.close();
    await site.close();
  });

  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.0.1/',
    'http://100.64.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fc00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://shop.rebind.test/',
    'http://mixed.rebind.test/',
    'http://metadata.rebind.test/',
  ])('refuses %s without connecting', async (link) => {
    // `localhost` is resolved by the system resolver in the guarded fetcher's stead: use the real one.
    const fetcher = link.includes('localhost') ? new OutboundFetcher({ allowHosts: [] }) : guarded;
    const failure = await failureOf(fetcher.fetchPage(link));
    expect(failure.failure).toBe('blocked_address');
    expect(failure.retryable).toBe(false);
    if (fetcher !== guarded) await fetcher.close();
  });

  it('refuses the local site itself when it is not allowed, and other ports of an allowed host', async () => {
    expect((await failureOf(guarded.fetchPage(site.url('/page')))).failure).toBe('blocked_address');
    expect((await failureOf(allowing.fetchPage('http://127.0.0.1:1/page'))).failure).toBe('blocked_address');
  });

  it('refuses links that are not http or https, and links carrying credentials', async () => {
    for (const link of ['file:///etc/passwd', 'ftp://example.com/', 'javascript:alert(1)', 'gopher://x/']) {
      expect((await failureOf(guarded.fetchPage(link))).failure).toBe('invalid_url');
    }
    expect((await failureOf(guarded.fetchPage('http://user:pw@example.com/'))).failure).toBe('invalid_url');
  });

  it('connects to the address its own lookup returned, resolving each connection once', async () => {
    const lookups: string[] = [];
    const pinned = new OutboundFetcher({
      allowHosts: [`shop.pinned.test:${site.port}`],
      resolve: async (hostname) => {
        lookups.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    try {
      // No system resolver knows this name: reaching the site proves the socket used our answer.
      const page = await pinned.fetchPage(`http://shop.pinned.test:${site.port}/page`);
      expect(page.body.toString()).toBe('<title>A page</title>');
      expect(lookups).toEqual(['shop.pinned.test']);
    } finally {
      await pinned.close();
    }
  });

  it('fetches an allowed local site and follows a relative redirect', async () => {
    const page = await allowing.fetchPage(site.url('/to-page'));
    expect(page.url).toBe(site.url('/page'));
    expect(page.contentType).toBe('text/html');
    expect(page.charset).toBe('utf-8');
    expect(page.body.toString()).toBe('<title>A page</title>');
  });

  it.each(['/to-loopback', '/to-metadata', '/to-mapped'])(
    'refuses a redirect from the allowed site to a blocked address (%s)',
    async (path) => {
      expect((await failureOf(allowing.fetchPage(site.url(path)))).failure).toBe('blocked_address');
    },
  );

  it('gives up after five redirects', async () => {
    const before = site.hits.get('/loop') ?? 0;
    expect((await failureOf(allowing.fetchPage(site.url('/loop')))).failure).toBe('too_many_redirects');
    expect((site.hits.get('/loop') ?? 0) - before).toBe(6);
  });

  it('abandons a body over the size cap, announced or not', async () => {
    expect((await failureOf(allowing.fetchPage(site.url('/huge')))).failure).toBe('too_large');
    expect((await failureOf(allowing.fetchPage(site.url('/huge-announced')))).failure).toBe('too_large');
  });

  it('gives up on a site that is too slow, as a failure worth retrying', async () => {
    for (const path of ['/slow', '/silent']) {
      const started = Date.now();
      const failure = await failureOf(allowing.fetchPage(site.url(path)));
      expect(failure.failure).toBe('timeout');
      expect(failure.retryable).toBe(true);
      expect(Date.now() - started).toBeLessThan(3_000);
    }
  });

  it('reads only HTML, and tells passing failures from lasting ones', async () => {
    expect((await failureOf(allowing.fetchPage(site.url('/image')))).failure).toBe('not_html');
    const busy = await failureOf(allowing.fetchPage(site.url('/broken')));
    expect(busy).toMatchObject({ failure: 'site_error', retryable: true });
    const missing = await failureOf(allowing.fetchPage(site.url('/missing')));
    expect(missing).toMatchObject({ failure: 'not_found', retryable: false });
    const unknown = await failureOf(guarded.fetchPage('http://nowhere.rebind.test/'));
    expect(unknown).toMatchObject({ failure: 'unknown_host', retryable: false });
  });

  it('reads a picture of the types asked for, within its own size cap, through the same checks', async () => {
    const pictures = { types: new Set(['image/png']), maxBytes: 16 };
    site.route('/small.png', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(16, 1));
    });
    site.route('/large.png', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(17, 1));
    });
    site.route('/to-small', (_request, response) => {
      response.writeHead(302, { location: '/small.png' }).end();
    });
    const fetched = await allowing.fetchPicture(site.url('/to-small'), pictures);
    expect(fetched).toMatchObject({ url: site.url('/small.png'), contentType: 'image/png' });
    expect(fetched.body).toEqual(Buffer.alloc(16, 1));
    expect((await failureOf(allowing.fetchPicture(site.url('/large.png'), pictures))).failure).toBe(
      'too_large',
    );
    expect((await failureOf(allowing.fetchPicture(site.url('/page'), pictures))).failure).toBe('not_picture');
    for (const path of ['/to-loopback', '/to-metadata', '/to-mapped']) {
      expect((await failureOf(allowing.fetchPicture(site.url(path), pictures))).failure, path).toBe(
        'blocked_address',
      );
    }
  });

  it('posts a form and reads a JSON answer, through the same address check as pages', async () => {
    const answer = await allowing.postFormForJson(site.url('/echo-form'), { secret: 's&1', response: 'tok' });
    expect(answer).toEqual({
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      form: { secret: 's&1', response: 'tok' },
    });
    expect((await failureOf(guarded.postFormForJson(site.url('/echo-form'), {}))).failure).toBe(
      'blocked_address',
    );
    expect((await failureOf(allowing.postFormForJson(site.url('/page'), {}))).failure).toBe('site_error');
    expect((await failureOf(allowing.postFormForJson(site.url('/broken'), {}))).failure).toBe('site_error');
  });
});
