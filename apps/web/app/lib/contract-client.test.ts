import { ApiError, messageForError } from '@crossbuy/core/errors';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { aStoredAddress, envelope, fakeApi, json } from '../test-support/fake-api';
import { type Answer, answerOf, storeClient, storeQueries } from './contract-client';

const api = fakeApi();

const stored = aStoredAddress({ id: 'a/1' });

describe('the typed client', () => {
  it('reads an answer through the API client, below /api', async () => {
    api.respond(() => json(200, { addresses: [stored] }));
    const { data } = await storeClient.GET('/address');
    expect(data?.addresses[0]?.fullName).toBe('Mei Tan');
    expect(api.calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /address']);
  });

  it('fills path parameters, encoded, and sends the body as JSON with the anti-forgery token', async () => {
    api.respond(() => json(200, { address: stored }));
    await storeClient.PUT('/address/{id}', { params: { path: { id: 'a/1' } }, body: { city: null } });
    const [call] = api.calls;
    expect(call?.method).toBe('PUT');
    expect(call?.path).toBe('/address/a%2F1');
    expect(call?.body).toEqual({ city: null });
    expect(call?.headers.get('x-xsrf-token')).toBe('token');
  });

  it('throws the ApiError of a refusal, shown with the catalogue message', async () => {
    api.respond(() => json(404, envelope('address/not_found')));
    const refusal = await storeClient
      .DELETE('/address/{id}', { params: { path: { id: 'x' } } })
      .catch((e) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, code: 'address/not_found' });
    expect(messageForError(refusal)).toBe('The address you are looking for is not found');
  });

  it('refreshes a refused session once and sends the call again', async () => {
    let refreshed = false;
    api.respond(({ path }) => {
      if (path === '/auth/refreshAccessToken') {
        refreshed = true;
        return json(200, {});
      }
      return refreshed ? json(200, { addresses: [] }) : json(401, envelope('auth/invalid_access_token'));
    });
    const { data } = await storeClient.GET('/address');
    expect(data).toEqual({ addresses: [] });
    expect(api.calls.map(({ path }) => path)).toEqual(['/address', '/auth/refreshAccessToken', '/address']);
  });

  it('keys a query by method and path, so a change can invalidate it', () => {
    const options = storeQueries.queryOptions('get', '/address');
    expect(options.queryKey).toEqual(['get', '/address']);
  });
});

describe('answerOf', () => {
  it('gives the body of an answer, and refuses a success without one', async () => {
    api.respond(() => json(200, { addresses: [] }));
    expect(answerOf(await storeClient.GET('/address'))).toEqual({ addresses: [] });
    api.respond(() => json(200));
    const empty = await storeClient.GET('/address');
    expect(() => answerOf(empty)).toThrow(ApiError);
  });
});

describe("the typed client's queries", () => {
  it('are sent as every other call sends them: form-encoded, empty values left out', async () => {
    api.respond(() => json(200, { entries: [], page: 1, limit: 50, total: 0 }));
    await storeClient.GET('/admin/audit_log', {
      params: { query: { page: 1, about: 'CB-7K2M 9QXA', subjectId: undefined } },
    });
    expect(api.calls[0]?.path).toBe('/admin/audit_log?page=1&about=CB-7K2M+9QXA');
  });
});

describe('Answer', () => {
  it('is the body of the success the contract declares: 200, else 201', () => {
    expectTypeOf<Answer<'/tfa/setup', 'post'>>().toEqualTypeOf<{
      secret: string;
      otpauthUrl: string;
      qrCode: string;
    }>();
    expectTypeOf<Answer<'/contact_us', 'post'>>().toEqualTypeOf<{ id: string; createdAt: string }>();
  });
});
