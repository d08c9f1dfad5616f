import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { FastifyHelmetRouteOptions } from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { refreshSession } from '../features/auth/auth.service.js';
import {
  clearSessionCookies,
  cookieSettings,
  REFRESH_TOKEN_COOKIE,
  setAccessCookie,
  setRefreshCookie,
} from '../features/auth/session-cookies.js';
import { isSameOriginLocation } from '../lib/same-origin-location.js';
import { ACCESS_TOKEN_COOKIE } from './authentication.js';
import { dataRedirectTarget } from './data-redirect.js';

export type WebAppOptions = {
  buildDir: string;
  /** The security headers of a page (security-headers.ts), which API answers and assets do without. */
  pageHeaders: FastifyHelmetRouteOptions['helmet'];
};

/** The load context handed to the web app's loaders: an in-process door to the API. */
export type WebLoadContext = {
  apiFetch(path: string, init?: RequestInit): Promise<Response>;
  cspNonce: string | undefined;
};

export function webBuildExists(buildDir: string): boolean {
  return existsSync(path.join(buildDir, 'server', 'index.js'));
}

/**
 * The page's address on this server. The request target is only ever a path here: resolved as a URL,
 * '//evil.example/…' or '/\evil.example/…' (or an absolute-form target) would put another host in front of it
 * and the app would render, and build links from, a path nobody asked for.
 */
function pageUrl(request: FastifyRequest): URL {
  const origin = `${request.protocol}://${request.host}`;
  if (request.url.startsWith('/')) return new URL(`${origin}${request.url}`);
  const { pathname, search } = new URL(request.url, origin);
  return new URL(`${origin}${pathname}${search}`);
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = pageUrl(request);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

// React Router answers a data request (the browser's router fetching '<path>.data') that redirects with
// 202 and the target inside the encoded body, not in Location; the router in the browser then follows it,
// to another site as readily as to a page of ours.
const DATA_REDIRECT_STATUS = 202;

/**
 * Where a rendered response would send the browser, if anywhere, and the response to send on: a data
 * redirect's body (a few dozen bytes) is read to find out, so it is handed back re-made. A 202 data
 * response that cannot be read is taken as a redirect nowhere safe.
 */
async function redirectTarget(
  response: Response,
): Promise<{ target: string | undefined; response: Response }> {
  const header = response.headers.get('location') ?? response.headers.get('x-remix-redirect');
  if (header !== null) return { target: header, response };
  if (
    response.status !== DATA_REDIRECT_STATUS ||
    !response.headers.has('x-remix-response') ||
    response.body === null
  ) {
    return { target: undefined, response };
  }
  const body = await response.arrayBuffer();
  const remade = new Response(body, { status: response.status, headers: response.headers });
  return { target: await dataRedirectTarget(body), response: remade };
}

// The browser's router asks for a page's data at '<path>.data' (or '/_root.data' for the home page).
function isDocumentRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const [pathname = ''] = request.url.split('?');
  return !pathname.endsWith('.data');
}

/** The browser's cookie header with the session cookies replaced by what this response sets. */
function cookieHeaderWithAccessToken(cookieHeader: string | undefined, accessToken: string | undefined) {
  const kept = (cookieHeader ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => {
      const name = pair.slice(0, pair.indexOf('=')).trim();
      return pair !== '' && name !== ACCESS_TOKEN_COOKIE && name !== REFRESH_TOKEN_COOKIE;
    });
  if (accessToken !== undefined) kept.push(`${ACCESS_TOKEN_COOKIE}=${accessToken}`);
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/**
 * A returning shopper whose access token has expired but whose refresh token is still there gets a
 * page rendered for them, not for a visitor: the session is refreshed here, by the same service as
 * `POST /auth/refreshAccessToken`, and the new cookies go out with the page (decision 0022). Two tabs
 * loading at once present the same token; the second falls in the refresh grace period and gets an
 * access token without a new refresh token, so neither signs the shopper out. Answers the cookie header
 * the page's loaders send to the API.
 */
async function refreshForPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | undefined> {
  const cookieHeader = request.headers.cookie;
  const refreshToken = request.cookies[REFRESH_TOKEN_COOKIE];
  if (request.tokenClaim || !refreshToken || !isDocumentRequest(request)) return cookieHeader;
  const cookies = cookieSettings({ config: app.config, prefix: '/api' });
  try {
    const result = await refreshSession(app, refreshToken);
    if (result.kind === 'refused') {
      clearSessionCookies(reply, cookies);
      return cookieHeaderWithAccessToken(cookieHeader, undefined);
    }
    const { signedIn } = result;
    setAccessCookie(reply, cookies, signedIn.accessToken);
    reply.bindXsrf(signedIn.session.id);
    if (signedIn.refreshToken) {
      setRefreshCookie(reply, cookies, signedIn.refreshToken, signedIn.session.rememberMe);
    }
    reply.header('cache-control', 'no-store');
    return cookieHeaderWithAccessToken(cookieHeader, signedIn.accessToken);
  } catch (error) {
    // The page still renders, as for a visitor; the browser's own refresh tries again.
    request.log.error({ err: error }, 'refreshing a session for a page failed');
    return cookieHeader;
  }
}

/**
 * Serves the React Router build: hashed assets from `client/`, and every other GET rendered on the
 * server. Loaders reach the API through `app.inject`, so a page render never opens a socket.
 */
export async function webApp(app: FastifyInstance, options: WebAppOptions) {
  const build = (await import(
    pathToFileURL(path.join(options.buildDir, 'server', 'index.js')).href
  )) as ServerBuild;
  const handleRequest = createRequestHandler(build, 'production');

  await app.register(fastifyStatic, {
    root: path.join(options.buildDir, 'client'),
    wildcard: false,
    index: false,
    // Beside each asset the build leaves .br and .gz copies (vite.config.ts); the browser's
    // Accept-Encoding picks one, answered with `Vary: Accept-Encoding`.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // File names under assets/ carry a content hash, so they can be cached for good.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  // Page requests carry form bodies React Router reads itself; leave the stream untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = await refreshForPage(app, request, reply);
    // The API judges a loader's call by the visitor's address, as if the browser had asked itself.
    const remoteAddress = request.socket.remoteAddress;
    const context: WebLoadContext = {
      cspNonce: reply.cspNonce?.script,
      async apiFetch(apiPath, init = {}) {
        if (!apiPath.startsWith('/api/')) throw new Error(`apiFetch takes an /api/ path, got ${apiPath}`);
        const headers = Object.fromEntries(new Headers(init.headers).entries());
        if (cookie && !headers.cookie) headers.cookie = cookie;
        const response = await app.inject({
          method: (init.method ?? 'GET') as 'GET',
          url: apiPath,
          headers,
          ...(remoteAddress ? { remoteAddress } : {}),
          ...(typeof init.body === 'string' ? { payload: init.body } : {}),
        });
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
          else if (value !== undefined) responseHeaders.set(name, String(value));
        }
        return new Response(response.rawPayload.length > 0 ? response.rawPayload : null, {
          status: response.statusCode,
          headers: responseHeaders,
        });
      },
    };
    const rendered = await handleRequest(toFetchRequest(request, reply), context as never);
    // Whatever a route builds its redirect from, no page or data request ever sends the browser to
    // another site.
    const { target, response } = await redirectTarget(rendered);
    if (target !== undefined && !isSameOriginLocation(target, `${request.protocol}://${request.host}`)) {
      request.log.warn({ status: response.status }, 'refused a redirect off the store');
      await response.body?.cancel();
      return reply.callNotFound();
    }
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    schema: { hide: true },
    helmet: options.pageHeaders,
    handler: render,
  });
  // An unknown API path is an API 404 (JSON, with an answer's headers), not a page.
  for (const url of ['/api', '/api/*']) {
    app.route({
      method: ['GET', 'POST'],
      url,
      schema: { hide: true },
      handler: (_request, reply) => reply.callNotFound(),
    });
  }
}
