import { is, Param, Placeholder, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

const dialect = new PgDialect();

/** What Drizzle's `prepare(name)` answers for any query builder: a statement to run with its values. */
type Preparable<TResult> = {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<TResult> };
};

/**
 * The parts of a prepared query Drizzle's drivers (node-postgres and PGlite alike) keep on it: the SQL text,
 * its parameters (placeholders among them), and how rows map to results.
 */
type BuiltStatement = {
  queryString: string;
  params: unknown[];
  fields: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  /** Hand-written SQL, answered as its rows. */
  raw?: boolean;
};

/**
 * A statement Drizzle builds once, with `sql.placeholder`s where its values go, then runs under its name on
 * the connection or transaction each call gives. Drizzle's own `prepare` belongs to the database or
 * transaction it was built on, so a statement run inside a new transaction each time was built anew each
 * time: under load, building an order's statements cost a quarter of the server's time (decision 0061).
 * Building it once leaves each call only its values to fill in; PostgreSQL parses and plans it once per
 * connection, as it does for any statement prepared under a name.
 */
export function builtOnce<TValues extends Record<string, unknown>, TResult>(
  name: string,
  build: (db: Database) => Preparable<TResult>,
): (db: Database, values: TValues) => Promise<TResult>;
/**
 * Hand-written SQL built once in the same way; it answers its rows as PostgreSQL names them, typed by the
 * caller, as `queryRows` does (cast sums of money `::bigint`).
 */
export function builtOnce<TValues extends Record<string, unknown>, TRow>(
  name: string,
  build: () => SQL,
): (db: Database, values: TValues) => Promise<TRow[]>;
export function builtOnce<TValues extends Record<string, unknown>, TResult>(
  name: string,
  build: (db: Database) => Preparable<TResult> | SQL,
): (db: Database, values: TValues) => Promise<TResult> {
  let built: BuiltStatement | undefined;
  return async (db, values) => {
    built ??= buildStatement(build(db), name);
    const query = db._.session.prepareQuery(
      { sql: built.queryString, params: built.params },
      built.fields as never,
      name,
      built._isResponseInArrayMode,
      built.customResultMapper as never,
    ) as unknown as BuiltStatement & { execute(values: TValues): Promise<TResult> };
    if (built.joinsNotNullableMap) query.joinsNotNullableMap = built.joinsNotNullableMap;
    const result = await query.execute(values);
    // Hand-written SQL answers the driver's result, whose rows are what the caller asked for.
    return built.raw ? (result as { rows: TResult }).rows : result;
  };
}

function buildStatement(made: Preparable<unknown> | SQL, name: string): BuiltStatement {
  if (!is(made, SQL)) return nullSafe(made.prepare(name) as unknown as BuiltStatement);
  const { sql, params } = dialect.sqlToQuery(made);
  return {
    queryString: sql,
    params,
    fields: undefined,
    _isResponseInArrayMode: false,
    customResultMapper: undefined,
    raw: true,
  };
}

/**
 * A column's value that fills a placeholder is encoded for the driver, as Drizzle encodes any value, but
 * Drizzle encodes null too (a numeric's null would go as the text "null"): here null goes as NULL, as it does
 * in a statement built with its values.
 */
function nullSafe(built: BuiltStatement): BuiltStatement {
  const params = built.params.map((param) =>
    is(param, Param) && is(param.value, Placeholder)
      ? new Param(param.value, {
          mapToDriverValue: (value: unknown) =>
            value === null ? null : param.encoder.mapToDriverValue(value),
        })
      : param,
  );
  return { ...built, params };
}
