import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadPreferredRegion, loadShopperRegion } from './regions.server';

const regions = [
  { countryCode: 'SG', currency: 'SGD', default: true },
  { countryCode: 'JP', currency: 'JPY', default: false },
];

function contextAnswering() {
  const apiFetch = vi.fn(async (path: string) => {
    const body = path === '/api/region/enabled' ? { regions } : { countryCode: 'JP' };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return { context: { apiFetch, cspNonce: undefined } as unknown as AppLoadContext, apiFetch };
}

describe('region lookups while rendering a page', () => {
  const request = new Request('http://127.0.0.1/product/x');

  it('asks the API once per request, however many loaders need the regions', async () => {
    const { context, apiFetch } = contextAnswering();
    const [shopperRegion, preferred] = await Promise.all([
      loadShopperRegion(context, request),
      loadPreferredRegion(context, request),
    ]);
    expect(shopperRegion?.countryCode).toBe('JP');
    expect(preferred).toBe('JP');
    expect(apiFetch.mock.calls.map(([path]) => path).sort()).toEqual([
      '/api/region/enabled',
      '/api/region/preferred',
    ]);
  });

  it('asks again for the next request', async () => {
    const first = contextAnswering();
    const second = contextAnswering();
    await loadPreferredRegion(first.context, request);
    await loadPreferredRegion(second.context, request);
    expect(first.apiFetch).toHaveBeenCalledTimes(1);
    expect(second.apiFetch).toHaveBeenCalledTimes(1);
  });
});
