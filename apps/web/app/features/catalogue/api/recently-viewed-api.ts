import type { ProductSummary } from '@crossbuy/core/catalogue';
import { answerOf, storeClient } from '../../../lib/contract-client';

/** The signed-in shopper's recently viewed products, newest first, priced for `region`. */
export async function loadRecentlyViewed(region: string | undefined): Promise<ProductSummary[]> {
  const answer = await storeClient.GET('/product/recently_viewed', { params: { query: { region } } });
  return answerOf(answer).products;
}
