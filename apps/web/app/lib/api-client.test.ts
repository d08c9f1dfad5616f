import { ApiError, messageForError } from '@crossbuy/core/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createApiClient, parseAnswer, XSRF_HEADER } from './api-client';

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

function envelope(code: string, params: string[] = [], message = 'server wording') {
  return { error: { code, params, message } };
}

type Call = { url: string; method: string; headers: Headers; body: unknown };

/** A fake fetch that records calls and answers through `respond`. */
function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return respond(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/**
 * Calls as the typed client makes them (contract-client.ts): a request below the client's base, sent
 * through `send`, its answer parsed, a refusal thrown as the envelope's ApiError.
 */
function calling(client: ApiClient, base = `${window.location.origin}/api`) {
  const call = async (method: string, path: string, body?: unknown) => {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'Content-Type': 'application/json' };
    }
    return parseAnswer<unknown>(await client.send(new Request(`${base}${path}`, init)));
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    patch: (path: string, body?: unknown) => call('PATCH', path, body),
    delete: (path: string) => call('DELETE', path),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

// The client reads the anti-forgery token from document.cookie, so the tests set it there.
function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the client under test reads
  document.cookie = value;
}

function clearXsrfCookie() {
  setCookie('XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
}

describe('createApiClient', () => {
  beforeEach(() => {
    setCookie(`XSRF-TOKEN=${encodeURIComponent('nonce.sig/+=')}; path=/`);
  });
  afterEach(() => {
    clearXsrfCookie();
  });

  it('returns parsed JSON and sends credentials and a JSON body', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { cartItem: { _id: 'c1' } }));
    const client = calling(createApiClient({ fetch }));

    await expect(client.post('/cart', { productId: 'p1', quantity: 2 })).resolves.toEqual({
      cartItem: { _id: 'c1' },
    });

    expect(calls[0]?.url).toBe('/api/cart');
    expect(calls[0]?.body).toEqual({ productId: 'p1', quantity: 2 });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(fetch).toHaveBeenCalledWith('/api/cart', expect.objectContaining({ credentials: 'include' }));
  });

  it('sends the query the typed client built', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, []));
    await calling(createApiClient({ fetch })).get('/notification?limit=5&collasped=true');
    expect(calls[0]?.url).toBe('/api/notification?limit=5&collasped=true');
  });

  it('sends the decoded XSRF-TOKEN cookie on unsafe same-origin methods only', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const client = calling(createApiClient({ fetch }));

    await client.get('/cart');
    await client.post('/cart', {});
    await client.put('/cart/1', { quantity: 1 });
    await client.patch('/cart/1', { quantity: 1 });
    await client.delete('/cart/1');

    expect(calls.map((call) => [call.method, call.headers.get(XSRF_HEADER)])).toEqual([
      ['GET', null],
      ['POST', 'nonce.sig/+='],
      ['PUT', 'nonce.sig/+='],
      ['PATCH', 'nonce.sig/+='],
      ['DELETE', 'nonce.sig/+='],
    ]);
  });

  it('never sends the anti-forgery token to another origin', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    await calling(
      createApiClient({ fetch, baseUrl: 'https://functions.example.com' }),
      'https://functions.example.com',
    ).post('/contact_us', {});
    expect(calls[0]?.url).toBe('https://functions.example.com/contact_us');
    expect(calls[0]?.headers.has(XSRF_HEADER)).toBe(false);
  });

  it('obtains the anti-forgery cookie with one ping when it is missing', async () => {
    clearXsrfCookie();
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url === '/api/ping') setCookie('XSRF-TOKEN=fresh; path=/');
      return json(200, {});
    });
    const client = calling(createApiClient({ fetch }));

    await Promise.all([client.post('/cart', {}), client.post('/wishlist', {})]);

    expect(calls.filter((call) => call.url === '/api/ping')).toHaveLength(1);
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => call.headers.get(XSRF_HEADER)),
    ).toEqual(['fresh', 'fresh']);
  });

  it('throws an ApiError built from the error envelope, shown with the catalogue message', async () => {
    const { fetch } = fakeFetch(() => json(409, envelope('auth/email_taken')));
    const error = await calling(createApiClient({ fetch }))
      .post('/auth/register', {})
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'auth/email_taken', params: [] });
    expect(messageForError(error)).toBe('The email is already been taken by another user');
  });

  it('fills catalogue parameters', async () => {
    const { fetch } = fakeFetch(() => json(400, envelope('user/max_addresses_reached', ['5'])));
    const error = await calling(createApiClient({ fetch }))
      .post('/address', {})
      .catch((caught: unknown) => caught);
    expect(messageForError(error)).toBe('You have reached the maximum number address of 5 per user');
  });

  it('falls back to the status text when the response has no envelope', async () => {
    const { fetch } = fakeFetch(
      () =>
        new Response('<html>proxy</html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html' },
        }),
    );
    const error = await calling(createApiClient({ fetch }))
      .get('/cart')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: undefined });
    expect(messageForError(error)).toBe('Bad Gateway');
  });

  it('turns a network failure into a readable ApiError', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await calling(createApiClient({ fetch }))
      .get('/cart')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0 });
    expect(messageForError(error)).toMatch(/could not reach Crossbuy/);
  });

  describe('on 401', () => {
    it('refreshes once for many concurrent calls and retries each of them once', async () => {
      let refreshed = false;
      let releaseRefresh = () => {};
      const refreshGate = new Promise<void>((resolve) => {
        releaseRefresh = resolve;
      });
      const { fetch, calls } = fakeFetch(async (call) => {
        if (call.url === '/api/auth/refreshAccessToken') {
          await refreshGate;
          refreshed = true;
          return json(200, {});
        }
        return refreshed ? json(200, { from: call.url }) : json(401, envelope('auth/invalid_access_token'));
      });
      const onSignedOut = vi.fn();
      const client = calling(createApiClient({ fetch, onSignedOut }));

      const results = Promise.all([
        client.get('/cart'),
        client.get('/quotation_item'),
        client.post('/wishlist', { productId: 'p1' }),
        client.delete('/cart/c1'),
      ]);
      await tick();
      releaseRefresh();

      await expect(results).resolves.toEqual([
        { from: '/api/cart' },
        { from: '/api/quotation_item' },
        { from: '/api/wishlist' },
        { from: '/api/cart/c1' },
      ]);
      const refreshes = calls.filter((call) => call.url === '/api/auth/refreshAccessToken');
      expect(refreshes).toHaveLength(1);
      expect(refreshes[0]?.method).toBe('POST');
      expect(refreshes[0]?.headers.get(XSRF_HEADER)).toBe('nonce.sig/+=');
      for (const url of ['/api/cart', '/api/quotation_item', '/api/wishlist', '/api/cart/c1']) {
        expect(calls.filter((call) => call.url === url)).toHaveLength(2);
      }
      expect(calls.find((call) => call.url === '/api/wishlist' && call.body)?.body).toEqual({
        productId: 'p1',
      });
      expect(onSignedOut).not.toHaveBeenCalled();
    });

    it('retries only once: a second 401 is thrown', async () => {
      const { fetch, calls } = fakeFetch((call) =>
        call.url === '/api/auth/refreshAccessToken'
          ? json(200, {})
          : json(401, envelope('auth/invalid_access_token')),
      );
      const error = await calling(createApiClient({ fetch }))
        .get('/order')
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status: 401, code: 'auth/invalid_access_token' });
      expect(calls.map((call) => call.url)).toEqual([
        '/api/order',
        '/api/auth/refreshAccessToken',
        '/api/order',
      ]);
    });

    it('signs out once and rethrows when the refresh is refused', async () => {
      const { fetch, calls } = fakeFetch((call) =>
        call.url === '/api/auth/refreshAccessToken'
          ? json(401, envelope('auth/invalid_refresh_token'))
          : json(401, envelope('auth/invalid_access_token')),
      );
      const onSignedOut = vi.fn();
      const client = calling(createApiClient({ fetch, onSignedOut }));

      const outcomes = await Promise.allSettled([client.get('/cart'), client.get('/address')]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      const reason = (outcomes[0] as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect(messageForError(reason)).toBe('Your session has expired, please login again');
      expect(onSignedOut).toHaveBeenCalledTimes(1);
      expect(calls.filter((call) => call.url === '/api/auth/refreshAccessToken')).toHaveLength(1);
      expect(calls.filter((call) => call.url === '/api/cart')).toHaveLength(1);
    });

    it('keeps the session when the refresh could not reach the server', async () => {
      const fetch = vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/refreshAccessToken')) throw new TypeError('Failed to fetch');
        return json(401, envelope('auth/invalid_access_token'));
      });
      const onSignedOut = vi.fn();
      await expect(calling(createApiClient({ fetch, onSignedOut })).get('/cart')).rejects.toMatchObject({
        status: 0,
      });
      expect(onSignedOut).not.toHaveBeenCalled();
    });

    it('never refreshes for the login call or the refresh call itself', async () => {
      const { fetch, calls } = fakeFetch(() => json(401, envelope('auth/wrong_email_or_password')));
      const client = calling(createApiClient({ fetch, onSignedOut: vi.fn() }));

      await expect(client.post('/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
        code: 'auth/wrong_email_or_password',
      });
      await expect(client.post('/auth/refreshAccessToken')).rejects.toMatchObject({ status: 401 });
      expect(calls.map((call) => call.url)).toEqual(['/api/auth/login', '/api/auth/refreshAccessToken']);
    });
  });

  describe('anti-forgery token changed by another tab', () => {
    it('sends the call once more with the new token when the cookie changed while it was under way', async () => {
      const { fetch, calls } = fakeFetch((call) => {
        if (call.headers.get(XSRF_HEADER) === 'renewed') return json(200, { saved: true });
        setCookie('XSRF-TOKEN=renewed; path=/');
        return json(403, envelope('auth/invalid_state'));
      });
      await expect(
        calling(createApiClient({ fetch })).post('/wishlist', { productId: 'p1' }),
      ).resolves.toEqual({
        saved: true,
      });
      expect(calls.map((call) => call.headers.get(XSRF_HEADER))).toEqual(['nonce.sig/+=', 'renewed']);
      expect(calls[1]?.body).toEqual({ productId: 'p1' });
    });

    it('does not resend when the cookie is the one the call carried', async () => {
      const { fetch, calls } = fakeFetch(() => json(403, envelope('auth/invalid_state')));
      await expect(
        calling(createApiClient({ fetch })).post('/wishlist', { productId: 'p1' }),
      ).rejects.toMatchObject({
        status: 403,
        code: 'auth/invalid_state',
      });
      expect(calls).toHaveLength(1);
    });

    it('resends only once, and never for another refusal', async () => {
      let served = 0;
      const { fetch, calls } = fakeFetch(() => {
        served += 1;
        setCookie(`XSRF-TOKEN=changed-${served}; path=/`);
        return json(403, envelope('auth/invalid_state'));
      });
      await expect(calling(createApiClient({ fetch })).delete('/cart/c1')).rejects.toMatchObject({
        status: 403,
      });
      expect(calls).toHaveLength(2);

      const refused = fakeFetch(() => {
        setCookie('XSRF-TOKEN=other; path=/');
        return json(403, envelope('auth/not_authorized'));
      });
      await expect(
        calling(createApiClient({ fetch: refused.fetch })).delete('/cart/c1'),
      ).rejects.toMatchObject({
        code: 'auth/not_authorized',
      });
      expect(refused.calls).toHaveLength(1);
    });
  });
});
