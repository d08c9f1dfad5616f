import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../src/plugins/compression.js';
import { pageSecurityHeaders } from '../src/plugins/security-headers.js';
import { webApp } from '../src/plugins/web-app.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// A web build written for these tests: one page of a few kilobytes, a hashed script with the .br and .gz
// copies the real build leaves beside it, and a small file with none.
const PAGE_HTML = `<!doctype html><title>page</title>${'<p>Shop across borders, priced in SGD.</p>'.repeat(120)}`;
const SCRIPT = `export const words = ${JSON.stringify('a script the browser downloads once. '.repeat(200))};`;
const SCRIPT_PATH = '/assets/entry.client-Ab12Cd34.js';

const serverBuild = `
export const entry = {
  module: {
    default: (_request, status, headers) => {
      headers.set('content-type', 'text/html; charset=utf-8');
      return new Response(${JSON.stringify(PAGE_HTML)}, { status, headers });
    },
  },
};
export const routes = { root: { id: 'root', path: '', module: { default: () => null } } };
export const assets = { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: '1' };
export const basename = '/';
export const publicPath = '/';
export const assetsBuildDirectory = 'client';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'initial', manifestPath: '/__manifest' };
`;

let buildDir: string;
let harness: TestApp;

function writeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'crossbuy-compression-'));
  mkdirSync(path.join(dir, 'server'));
  mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'server', 'index.js'), serverBuild);
  const script = path.join(dir, 'client', SCRIPT_PATH);
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'client', 'robots.txt'), 'User-agent: *\nAllow: /\n');
  return dir;
}

beforeAll(async () => {
  buildDir = writeBuild();
  harness = await createTestApp({
    extend: async (app) => {
      await app.register(webApp, { buildDir, pageHeaders: pageSecurityHeaders({ https: false }) });
    },
  });
});

afterAll(async () => {
  await harness?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, headers });

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.body;
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/,\s*/)
    .includes('accept-encoding');

const negotiations: [acceptEncoding: string | undefined, expected: 'br' | 'gzip' | undefined][] = [
  ['br, gzip', 'br'],
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip', 'gzip'],
  ['gzip;q=1, br;q=0.5', 'gzip'],
  ['br;q=0, gzip;q=0.8', 'gzip'],
  ['identity', undefined],
  ['deflate', undefined],
  [undefined, undefined],
];

describe('hashed assets, compressed at build time', () => {
  it.each(negotiations)('answer Accept-Encoding %j with %s', async (acceptEncoding, expected) => {
    const response = await get(SCRIPT_PATH, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(decoded(response)).toBe(SCRIPT);
    expect(varies(response)).toBe(true);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const file = path.join(
      buildDir,
      'client',
      `${SCRIPT_PATH}${expected === 'br' ? '.br' : expected === 'gzip' ? '.gz' : ''}`,
    );
    expect(Number(response.headers['content-length'])).toBe(statSync(file).size);
  });

  it('are far smaller than the file itself', async () => {
    const response = await get(SCRIPT_PATH, { 'accept-encoding': 'br' });
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('give each encoding its own ETag, and revalidate each', async () => {
    const brotli = await get(SCRIPT_PATH, { 'accept-encoding': 'br' });
    const plain = await get(SCRIPT_PATH);
    const brotliTag = String(brotli.headers.etag);
    expect(brotliTag).toBeTruthy();
    expect(brotliTag).not.toBe(plain.headers.etag);
    const again = await get(SCRIPT_PATH, { 'accept-encoding': 'br', 'if-none-match': brotliTag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('compress a file that has no copies as it is sent, under a weak ETag', async () => {
    const response = await get('/robots.txt', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toContain('User-agent');
    expect(String(response.headers.etag)).toMatch(/^W\//);
    expect(response.headers['content-length']).toBeUndefined();
  });
});

describe('pages, compressed as they are sent', () => {
  it.each(negotiations)('answer Accept-Encoding %j with %s', async (acceptEncoding, expected) => {
    const response = await get('/', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(decoded(response)).toBe(PAGE_HTML);
    expect(varies(response)).toBe(true);
    if (expected) expect(response.rawPayload.length).toBeLessThan(PAGE_HTML.length / 4);
  });
});

describe('JSON answers', () => {
  it.each(negotiations)(
    'of more than the threshold answer Accept-Encoding %j with %s',
    async (acceptEncoding, expected) => {
      const response = await get(
        '/api/openapi.json',
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      const body = decoded(response);
      expect(JSON.parse(body).openapi).toBe('3.1.0');
      expect(varies(response)).toBe(true);
      // A large answer is compressed as a stream and sent chunked, without a length; never a wrong one.
      const length = response.headers['content-length'];
      if (expected === undefined) expect(length).toBeDefined();
      expect(length === undefined || Number(length) === response.rawPayload.length).toBe(true);
    },
  );

  it('under the threshold go out as they are', async () => {
    const response = await get('/api/ping', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toBeTruthy();
  });

  it('include the 404 of an unknown API path, which is no page', async () => {
    const response = await get('/api/no-such-thing', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(decoded(response)).error.code).toBe('general/not_found');
  });
});
