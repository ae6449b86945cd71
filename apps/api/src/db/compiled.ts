// Statements whose text is compiled once. Drizzle turns a `sql` template into text and parameters on
// every run, walking each of its pieces; a statement over every kind of catalogue item is a few
// thousand pieces, and the walk cost the search about 0.12 ms of the API's CPU per call (a twentieth
// of it; bench/README.md "Compiled once, compressed faster"). A statement built with placeholders
// (sql.placeholder(name)) for what changes between runs has the same text every time: it is compiled
// on its first run, per database handle, and later runs only fill in the values.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/** What the compiled statement runs with: the raw result, as `db.execute` answers. */
interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/** The drizzle handle's session (public as `_.session`), as far as it is used here. */
interface Session {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: undefined,
    isResponseInArrayMode: boolean,
  ): Prepared;
}

/** The handle's dialect (drizzle keeps it on the handle; it turns `sql` into text and parameters). */
interface WithDialect {
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
}

const compiled = new WeakMap<object, Map<string, Prepared>>();

function prepare(db: Db, statement: SQL): Prepared {
  const query = (db as unknown as WithDialect).dialect.sqlToQuery(statement);
  return (db._.session as unknown as Session).prepareQuery(query, undefined, undefined, false);
}

/**
 * The rows of the statement `build` makes, compiled on the first run under `name` on this handle and
 * reused after. Under one name, `build` must make the same statement every time, its values included:
 * anything that changes between runs is a placeholder, filled from `values`, and anything else that
 * could differ (a limit read from the configuration) is part of the name. The names are the code's
 * own, so their number is bounded.
 */
export async function compiledRows<Row>(
  db: Db,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<Row[]> {
  let byName = compiled.get(db);
  if (!byName) {
    byName = new Map();
    compiled.set(db, byName);
  }
  let prepared = byName.get(name);
  if (!prepared) {
    prepared = prepare(db, build());
    byName.set(name, prepared);
  }
  return ((await prepared.execute(values)) as { rows: Row[] }).rows;
}

/** The rows of `statement` (which may hold placeholders, filled from `values`), compiled for this run. */
export async function rowsWith<Row>(db: Db, statement: SQL, values: Record<string, unknown>): Promise<Row[]> {
  return ((await prepare(db, statement).execute(values)) as { rows: Row[] }).rows;
}

/** A placeholder whose value is an int[] given as the text of an array literal (intArrayText). */
export const intArrayPlaceholder = (name: string): SQL => sql`${sql.placeholder(name)}::int[]`;

/** `ids` as the text of an int[] literal, the value of an intArrayPlaceholder. */
export const intArrayText = (ids: readonly number[]): string => `{${ids.join(',')}}`;

/** Quotes one element of a text[] literal. */
function pgQuote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A text[] parameter (drizzle would expand a JS array into a row constructor). */
export const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map(pgQuote).join(',')}}`}::text[]`;
