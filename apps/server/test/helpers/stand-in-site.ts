import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A web site on 127.0.0.1 (a free port) standing in for a marketplace. `host` is its `host:port`, the entry
 * `OUTBOUND_ALLOW_HOSTS` needs; `route` sets what a path answers, and `hits` counts requests per path.
 */
export type StandInSite = {
  host: string;
  port: number;
  url(path: string): string;
  route(path: string, handler: StandInHandler): void;
  hits: Map<string, number>;
  close(): Promise<void>;
};

export async function startStandInSite(): Promise<StandInSite> {
  const routes = new Map<string, StandInHandler>();
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    route: (path, handler) => routes.set(path, handler),
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A handler answering `html` as a UTF-8 page. */
export function htmlPage(html: string, headers: Record<string, string> = {}): StandInHandler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(html);
  };
}
