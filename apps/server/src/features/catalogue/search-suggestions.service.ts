import {
  optionalImageUrl,
  type SearchSuggestions,
  type SearchSuggestionsQuery,
  SUGGEST_MAX_CATEGORIES,
} from '@crossbuy/core/catalogue';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { readerFor } from './catalogue-caches.js';
import { allTermsQuery, correctedQueryOf, searchTerms, spellingCorrections } from './search-terms.js';

// Suggestions while a shopper types, from the same words and corrections as search (docs/decisions/0067).

/** Fewer letters than this match too much of the catalogue to be worth suggesting from. */
export const SUGGEST_MIN_LETTERS = 2;

const NO_SUGGESTIONS: SearchSuggestions = { categories: [], products: [], correctedQuery: null };

/**
 * What to suggest for the words typed so far: the categories whose names have every word (corrected
 * where misspelt) at the start of one of theirs, and the products a search for the words would list
 * first, with the same tolerance for misspellings, names that match first. Disabled products and
 * categories (and those below a disabled one) never appear.
 */
export async function searchSuggestions(
  db: Database,
  query: SearchSuggestionsQuery,
): Promise<SearchSuggestions> {
  const terms = searchTerms(query.q);
  if (terms.join('').length < SUGGEST_MIN_LETTERS) return NO_SUGGESTIONS;
  const reader = readerFor(db);
  const changesHeard = reader.changesHeard;
  const key = JSON.stringify([terms.join(' '), query.limit]);
  const cached = reader.suggestionsCache.get(key);
  if (cached) return cached;

  const corrections = await spellingCorrections(db, terms);
  const corrected = terms.map((term) => corrections.get(term) ?? term);
  const namePrefixes = corrected.map((term) => `${term}:*`).join(' & ');
  const [productRows, categoryRows] = await Promise.all([
    queryRows<{ id: string; param_name: string; name: string; main_image: string | null }>(
      db,
      sql`SELECT p.id, p.param_name, p.name, p.main_image
            FROM products AS p,
                 (SELECT ${allTermsQuery(terms, false, true)} AS query,
                         ${allTermsQuery(terms, true, true)} AS in_name) AS tsq
           WHERE NOT p.disabled AND p.search_document @@ tsq.query
           ORDER BY p.search_document @@ tsq.in_name DESC, p.in_stock DESC, p.created_at DESC, p.id
           LIMIT ${query.limit}`,
    ),
    queryRows<{ id: string; name: string; parent_name: string | null }>(
      db,
      sql`SELECT c.id, c.name, parent.name AS parent_name
            FROM categories AS c LEFT JOIN categories AS parent ON parent.id = c.parent_id
           WHERE to_tsvector('simple', c.name) @@ to_tsquery('simple', ${namePrefixes})
             AND NOT EXISTS (SELECT 1 FROM categories AS d WHERE d.disabled
                              AND (c.path = d.path OR c.path LIKE d.path || '.%'))
           ORDER BY lower(c.name) LIKE ${`${corrected[0]}%`} DESC, length(c.name), c.name, c.id
           LIMIT ${SUGGEST_MAX_CATEGORIES}`,
    ),
  ]);
  const suggestions: SearchSuggestions = {
    categories: categoryRows.map((row) => ({ id: row.id, name: row.name, parentName: row.parent_name })),
    products: productRows.map((row) => ({
      uuid: row.id,
      paramName: row.param_name,
      name: row.name,
      mainImage: optionalImageUrl(row.main_image),
    })),
    correctedQuery: correctedQueryOf(terms, corrections),
  };
  if (changesHeard === reader.changesHeard) reader.suggestionsCache.set(key, suggestions);
  return suggestions;
}
