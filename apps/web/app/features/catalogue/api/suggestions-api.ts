import type { SearchSuggestions } from '@crossbuy/core/catalogue';
import { useEffect, useState } from 'react';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** How long typing must pause before suggestions are asked for: one call per pause, not per key. */
export const SUGGEST_DELAY_MS = 150;

const NONE: SearchSuggestions = { categories: [], products: [], correctedQuery: null };

/**
 * Suggestions for what is being typed, asked for once typing pauses. A call still on its way when the
 * text changes is cancelled, so an older, slower answer never replaces a newer one. A failed call
 * suggests nothing: the search itself still works.
 */
export function useSearchSuggestions(text: string): SearchSuggestions {
  const query = useDebouncedValue(text.trim(), SUGGEST_DELAY_MS);
  const [answer, setAnswer] = useState<{ query: string; suggestions: SearchSuggestions } | null>(null);
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    storeClient
      .GET('/product/suggestions', { params: { query: { q: query } }, signal: controller.signal })
      // An answer that arrives as its call is cancelled is as stale as one that never arrives.
      .then((answer) => {
        const suggestions = answerOf(answer);
        if (!controller.signal.aborted) setAnswer({ query, suggestions });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [query]);
  // Until the answer for the settled text arrives, the last answer stays, so the list does not flicker.
  return text.trim() && answer ? answer.suggestions : NONE;
}
