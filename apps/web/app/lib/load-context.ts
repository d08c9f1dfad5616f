/** Calls the API in-process with the browser's cookies; `path` starts with /api/. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

// The Fastify server passes this to createRequestHandler. Under `react-router dev` there is no such
// server, so both members are optional and loaders fall back to a network call (server-api.server.ts).
declare module 'react-router' {
  interface AppLoadContext {
    apiFetch?: ApiFetch;
    /** The per-response CSP nonce that inline bootstrap scripts must carry. */
    cspNonce?: string | undefined;
  }
}
