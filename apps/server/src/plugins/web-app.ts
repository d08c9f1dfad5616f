import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { isSameOriginLocation } from '../lib/same-origin-location.js';

export type WebAppOptions = { buildDir: string };

/** The load context handed to the web app's loaders: an in-process door to the API. */
export type WebLoadContext = {
  apiFetch(path: string, init?: RequestInit): Promise<Response>;
  cspNonce: string | undefined;
};

export function webBuildExists(buildDir: string): boolean {
  return existsSync(path.join(buildDir, 'server', 'index.js'));
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
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
    // An unknown API path is an API 404 (JSON), not a page.
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    const cookie = request.headers.cookie;
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
    const response = await handleRequest(toFetchRequest(request, reply), context as never);
    // Whatever a route builds its redirect from, no page ever sends the browser to another site.
    const location = response.headers.get('location');
    if (location !== null && !isSameOriginLocation(location, `${request.protocol}://${request.host}`)) {
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

  app.route({ method: ['GET', 'POST'], url: '/*', schema: { hide: true }, handler: render });
}
