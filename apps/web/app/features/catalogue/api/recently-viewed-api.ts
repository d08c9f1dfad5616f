import type { ProductSummary } from '@crossbuy/core/catalogue';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';

/** The signed-in shopper's recently viewed products, newest first, priced for `region`. */
export async function loadRecentlyViewed(
  region: string | undefined,
  client: ApiClient = api,
): Promise<ProductSummary[]> {
  return (await client.get<{ products: ProductSummary[] }>('/product/recently_viewed', { query: { region } }))
    .products;
}
