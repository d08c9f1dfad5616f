import type { StoredAddress } from '@crossbuy/core/address';
import { afterEach, beforeEach, vi } from 'vitest';
import type { UserProfile } from '../lib/user-store';

export function json(status: number, body?: unknown): Response {
  return body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function envelope(code: string, params: string[] = []) {
  return { error: { code, params, message: 'raw server text' } };
}

export type ApiCall = { method: string; path: string; body: unknown; headers: Headers };

type Respond = (call: ApiCall) => Response | Promise<Response>;

/**
 * Replaces fetch for the test file: each call to /api/... is recorded with its path (no /api prefix)
 * and answered by `respond`, which a test sets; unanswered calls get 200 {}.
 */
export function fakeApi() {
  const calls: ApiCall[] = [];
  const state: { respond: Respond } = { respond: () => json(200, {}) };
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: String(input).replace(/^\/api/, ''),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    return state.respond(call);
  });

  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the API client reads
    document.cookie = 'XSRF-TOKEN=token; path=/';
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    calls.length = 0;
    state.respond = () => json(200, {});
  });

  return {
    calls,
    respond(next: Respond) {
      state.respond = next;
    },
  };
}

export function aProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'u1',
    email: 'mei@example.com',
    firstName: 'Mei',
    lastName: 'Tan',
    phoneNumber: '+6591234567',
    country: 'SG',
    birthDate: '1990-05-17',
    gender: 'female',
    role: 'shopper',
    acceptTerms: true,
    emailVerified: true,
    tfaEnabled: false,
    tfaSetupSkipped: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aStoredAddress(overrides: Partial<StoredAddress> = {}): StoredAddress {
  return {
    id: 'a1',
    fullName: 'Mei Tan',
    phoneNumber: '+6591234567',
    address: '1 Raffles Place',
    unitNumber: null,
    postalCode: '048616',
    country: 'SG',
    state: null,
    city: null,
    main: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
