import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

// The words of a text query and the tsqueries made of them, shared by search and suggestions so both
// tolerate the same misspellings (docs/decisions/0007 and 0067).

const MAX_QUERY_TERMS = 6;
const MAX_TERM_LENGTH = 40;
/** How close a known word must be to a misspelt one (pg_trgm similarity) to be searched in its place. */
const SUGGESTION_SIMILARITY = 0.4;
const SUGGESTIONS_PER_TERM = 3;

/** The words of a text query, lower-cased, letters and digits only, so each is safe inside a tsquery. */
export function searchTerms(text: string | undefined): string[] {
  if (!text) return [];
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, MAX_QUERY_TERMS)
    .map((term) => term.slice(0, MAX_TERM_LENGTH));
}

/**
 * One query word as a tsquery: the word as a prefix (so 'headph' finds 'headphones'), or, when the word is
 * not one the catalogue knows and `tolerant`, also the nearest known words (so 'hedphones' finds
 * 'headphones'). With `inName`, the same query restricted to the name (weight A), for ranking.
 */
function termQuery(term: string, inName: boolean, tolerant: boolean): SQL {
  const weight = inName ? 'A' : '';
  const typed = sql`to_tsquery('english', ${`${term}:*${weight}`})`;
  if (!tolerant) return typed;
  return sql`(${typed} || coalesce((
    SELECT to_tsquery('english', string_agg(s.word || ${weight ? `:${weight}` : ''}, ' | '))
      FROM (SELECT w.word FROM search_words AS w
             WHERE w.word % ${term} AND similarity(w.word, ${term}) >= ${SUGGESTION_SIMILARITY}
               AND NOT EXISTS (SELECT 1 FROM search_words AS known WHERE known.word = ${term})
             ORDER BY similarity(w.word, ${term}) DESC, w.word
             LIMIT ${SUGGESTIONS_PER_TERM}) AS s), ''::tsquery))`;
}

/** Every word of a query, as termQuery reads each, joined with AND. */
export function allTermsQuery(terms: readonly string[], inName: boolean, tolerant: boolean): SQL {
  return sql.join(
    terms.map((term) => termQuery(term, inName, tolerant)),
    sql` && `,
  );
}

/**
 * The words of a query that termQuery finds only through a nearer known word, each with the nearest:
 * a word the catalogue does not know whose prefix matches no product on sale. Those are the words a
 * results page says it corrected; a word that matches as typed is never said to be corrected, even
 * when similar words were searched beside it.
 */
export async function spellingCorrections(
  db: Database,
  terms: readonly string[],
): Promise<Map<string, string>> {
  if (terms.length === 0) return new Map();
  const typed = sql.join(
    [...new Set(terms)].map((term) => sql`(${term}::text)`),
    sql`, `,
  );
  const rows = await queryRows<{ term: string; correction: string | null }>(
    db,
    sql`SELECT t.term, (
          SELECT w.word FROM search_words AS w
           WHERE w.word % t.term AND similarity(w.word, t.term) >= ${SUGGESTION_SIMILARITY}
           ORDER BY similarity(w.word, t.term) DESC, w.word LIMIT 1) AS correction
          FROM (VALUES ${typed}) AS t(term)
         WHERE NOT EXISTS (SELECT 1 FROM search_words AS known WHERE known.word = t.term)
           AND NOT EXISTS (SELECT 1 FROM products AS p
                            WHERE NOT p.disabled AND p.search_document @@ to_tsquery('english', t.term || ':*'))`,
  );
  return new Map(rows.flatMap((row) => (row.correction ? [[row.term, row.correction] as const] : [])));
}

/** The query with its corrected words in place, or null when no word was corrected. */
export function correctedQueryOf(
  terms: readonly string[],
  corrections: ReadonlyMap<string, string>,
): string | null {
  if (!terms.some((term) => corrections.has(term))) return null;
  return terms.map((term) => corrections.get(term) ?? term).join(' ');
}
