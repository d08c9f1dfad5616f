import { ApiError } from '@crossbuy/core/errors';

const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REFRESH_PATH = '/auth/refreshAccessToken';
// A 401 from these means the credentials themselves were refused; refreshing cannot help.
const NEVER_REFRESH = new Set([REFRESH_PATH, '/auth/login']);
const NETWORK_ERROR_MESSAGE = 'We could not reach Crossbuy. Please check your connection and try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** What a call adds to its request beyond method, path and body. */
type SendOptions = { headers?: HeadersInit; signal?: AbortSignal };

export type ApiClientOptions = {
  /** One base per service (docs/rules/api-and-errors.md); all of them live under /api on our origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called when a refused session could not be refreshed; it resets all user state. */
  onSignedOut?: () => void;
};

/**
 * How every call reaches the API: the typed client (contract-client.ts) builds the request from the
 * contract, and this sends it with the anti-forgery token, sends it again once when another tab changed
 * the token meanwhile, and refreshes a refused session once, shared by every call refused at that moment.
 */
export type ApiClient = { send(request: Request): Promise<Response> };

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The anti-forgery token the browser holds, for a call made outside this client (an upload with progress). */
export function currentXsrfToken(): string | undefined {
  return readCookie(XSRF_COOKIE);
}

function isSameOrigin(url: string): boolean {
  if (typeof window === 'undefined') return !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(url);
  return new URL(url, window.location.href).origin === window.location.origin;
}

/** A query as every call sends it: form-encoded, with the empty (null or undefined) values left out. */
export function queryString(query: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  return search.toString();
}

// Only JSON and plain text are messages meant for us; an HTML error page from a proxy is not shown.
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return type.startsWith('text/plain') ? text : undefined;
}

/** The body of a successful answer; a refused one becomes the ApiError of its envelope. */
export async function parseAnswer<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (response.ok) return body as T;
  if (body === undefined) {
    throw new ApiError({ status: response.status, message: response.statusText || undefined });
  }
  throw ApiError.fromResponse(response.status, body);
}

/** The catalogue code of an error answer, read from a copy so the answer can still be parsed. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  const body = await readBody(response.clone());
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body as { error: unknown };
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function createApiClient({
  baseUrl = '/api',
  fetch: fetchImpl,
  onSignedOut,
}: ApiClientOptions = {}): ApiClient {
  const doFetch: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const base = baseUrl.replace(/\/+$/, '');
  const basePath = new URL(`${base}/`, 'http://base.invalid').pathname.replace(/\/$/, '');
  let refreshing: Promise<void> | null = null;
  let obtainingXsrf: Promise<void> | null = null;

  // Every API response sets the anti-forgery cookie; ping once when it is missing (first visit,
  // cleared cookies) so the first form submission is not refused.
  async function xsrfToken(): Promise<string | undefined> {
    const existing = readCookie(XSRF_COOKIE);
    if (existing !== undefined || typeof document === 'undefined') return existing;
    obtainingXsrf ??= doFetch(`${base}/ping`, { credentials: 'include' })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        obtainingXsrf = null;
      });
    await obtainingXsrf;
    return readCookie(XSRF_COOKIE);
  }

  /** The response, and the anti-forgery token it was sent with (if any). */
  type Sent = { response: Response; xsrf: string | undefined };

  async function send(method: Method, path: string, body: string, options: SendOptions): Promise<Sent> {
    const url = `${base}${path}`;
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    if (body !== '' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    let xsrf: string | undefined;
    if (UNSAFE_METHODS.has(method) && isSameOrigin(url)) {
      xsrf = await xsrfToken();
      if (xsrf !== undefined) headers.set(XSRF_HEADER, xsrf);
    }
    try {
      const response = await doFetch(url, {
        method,
        headers,
        credentials: 'include',
        ...(body !== '' ? { body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return { response, xsrf };
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE });
    }
  }

  // Concurrent callers refused at the same time share one refresh, so a rotating refresh token is
  // spent once rather than once per call.
  function refreshSession(): Promise<void> {
    refreshing ??= sendOnce('POST', REFRESH_PATH, '', {})
      .then((response) => parseAnswer<unknown>(response))
      .then(
        () => undefined,
        (error: unknown) => {
          // Only a refusal from the server ends the session; a dropped connection leaves it intact.
          if (error instanceof ApiError && error.status > 0) onSignedOut?.();
          throw error;
        },
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /**
   * Sends the call, and sends it once more when the anti-forgery check refused it because another tab
   * changed the XSRF-TOKEN cookie (a sign-in, or a server that renewed it) while it was under way.
   */
  async function sendOnce(
    method: Method,
    path: string,
    body: string,
    options: SendOptions,
  ): Promise<Response> {
    const { response, xsrf } = await send(method, path, body, options);
    if (response.status !== 403 || xsrf === undefined || readCookie(XSRF_COOKIE) === xsrf) return response;
    if ((await errorCodeOf(response)) !== 'auth/invalid_state') return response;
    return (await send(method, path, body, options)).response;
  }

  /** The answer to a call, after one refresh of a refused session; not yet read. */
  async function respond(
    method: Method,
    path: string,
    body: string,
    options: SendOptions,
  ): Promise<Response> {
    const response = await sendOnce(method, path, body, options);
    if (response.status !== 401 || NEVER_REFRESH.has(path)) return response;
    await refreshSession();
    return sendOnce(method, path, body, options);
  }

  return {
    // The body is read once as text, so a call sent again (a new token, a refreshed session) sends it again.
    async send(built: Request): Promise<Response> {
      const url = new URL(built.url);
      const below = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
      const body = UNSAFE_METHODS.has(built.method) ? await built.text() : '';
      return respond(built.method as Method, `${below}${url.search}`, body, {
        headers: built.headers,
        signal: built.signal,
      });
    },
  };
}
