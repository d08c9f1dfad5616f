import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A list of ids as the text of one PostgreSQL uuid[] value. */
export function uuidArrayText(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

/** A list of ids as one PostgreSQL uuid[] parameter. */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${uuidArrayText(ids)}::uuid[]`;
}

/**
 * `column` is one of `ids`, given as one uuid[] parameter. Unlike inArray, which writes a parameter per id,
 * the statement's text stays the same however many ids there are, so a statement prepared under a name is
 * parsed and planned once per connection.
 */
export function isAnyOf(column: AnyColumn, ids: readonly string[]): SQL {
  return sql`${column} = ANY(${uuidArray(ids)})`;
}
