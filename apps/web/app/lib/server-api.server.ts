import { ApiError, messageForError } from '@crossbuy/core/errors';
import { type AppLoadContext, data } from 'react-router';
import { createTypedClient } from './contract-client';

const DEFAULT_API_ORIGIN = 'http://127.0.0.1:3001';
const UNAVAILABLE_MESSAGE = 'Crossbuy is temporarily unavailable. Please try again shortly.';

/** Calls the API from a loader: in-process when the server provides it, else over the network. */
export function serverApiFetch(
  context: AppLoadContext,
  request: Request,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  if (context.apiFetch) return context.apiFetch(path, init);
  const headers = new Headers(init.headers);
  const cookie = request.headers.get('cookie');
  if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
  return fetch(new URL(path, process.env.API_ORIGIN ?? DEFAULT_API_ORIGIN), { ...init, headers });
}

// Any origin does: openapi-fetch builds a whole URL, and only its path and query are sent on.
const LOADER_ORIGIN = 'http://loader.invalid';

/**
 * The typed client for a loader: the contract's calls, with the page's cookies, answered in process
 * (over the network in development). A call that cannot be made becomes an ApiError, as in the browser.
 */
export function loaderClient(context: AppLoadContext, request: Request) {
  return createTypedClient(async (built) => {
    const url = new URL(built.url);
    const body = built.method === 'GET' || built.method === 'HEAD' ? '' : await built.text();
    try {
      return await serverApiFetch(context, request, `${url.pathname}${url.search}`, {
        method: built.method,
        headers: built.headers,
        ...(body ? { body } : {}),
      });
    } catch (error) {
      console.error(`API call ${url.pathname} failed`, error);
      throw new ApiError({ status: 0, message: UNAVAILABLE_MESSAGE });
    }
  }, LOADER_ORIGIN);
}

/**
 * What a loader throws when a call it cannot do without failed: the 404 page for anything not found, else
 * the error page with the catalogue message (the root error boundary reads the envelope).
 */
function routeErrorFrom(error: unknown): ReturnType<typeof data> {
  if (error instanceof ApiError && error.status === 404) return data(null, { status: 404 });
  const status = error instanceof ApiError && error.status >= 400 ? error.status : 503;
  const code = error instanceof ApiError ? error.code : undefined;
  const params = error instanceof ApiError ? error.params : [];
  return data({ error: { code, params, message: messageForError(error) } }, { status });
}

/** A call the page cannot do without: its failure becomes the page's error (see routeErrorFrom). */
export async function orPageError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw routeErrorFrom(error);
  }
}
