// Catalogue items by id, in a given order, with the signed-in user's fields: what a cached search page
// turns back into items (modules/search/result-cache.ts keeps only which items match, never the
// items, so counts and the user's own state are read fresh on every request). Part of the catalogue
// read layer (db/read-models/).
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { rowsWith } from '../compiled';
import { planCached, plansKept } from '../plan-cache';
import { itemSql, ownFieldsJson, ownFieldsObject, sharedItemText, type UserRef } from './catalogue-items';
import { intArray } from './catalogue-lookups';

export type ItemsKind = 'artists' | 'labels' | 'tracks' | 'sets';

/**
 * Every kind, in the order a statement over several kinds names them. Where the database keeps plans
 * (plansKept: a server without a transaction pooler), such a statement names all four, each with its
 * ids as one array parameter (empty when none of that kind is wanted), so its text is one and the same
 * whatever is asked, and the ids' number is hidden from the planner (idsUnseen): each pooled connection
 * plans the statement for its first five runs and then keeps the generic plan. Built from only the
 * kinds and parts asked, over the bare arrays, it had up to a few hundred texts and was planned on
 * nearly every call, at a few milliseconds each on the large catalogue (pg_stat_statements;
 * bench/README.md "Planned once, one round trip"). Where every run is planned anyway (PGlite, a
 * transaction pooler), the statement names only the kinds and parts asked, with the ids as they are:
 * the smallest text, planned for its values.
 */
export const ITEMS_KINDS: readonly ItemsKind[] = ['artists', 'labels', 'tracks', 'sets'];

/**
 * The ids as an int[] the planner cannot see into: a scalar subquery, whose value is known only when the
 * statement runs, so the planner counts on 10 ids whatever they are. Given the array itself, a plan made
 * for the actual values saw each kind's number of ids, an empty kind made a cheaper plan than the
 * generic one, and PostgreSQL (plan_cache_mode auto) kept planning the statement on every call. Read
 * through this, the plans for actual values cost what the generic plan costs, and after five runs each
 * connection keeps the generic plan.
 */
export const idsUnseen = (ids: readonly number[]): SQL => sql`(select ${intArray(ids)})::int[]`;

/** How a statement over several kinds' ids is written for one database (ITEMS_KINDS). */
export interface IdsStatement {
  /** Whether a part over `ids` is named in the statement. */
  names: (ids: readonly number[]) => boolean;
  /** The ids as the statement reads them. */
  ids: (ids: readonly number[]) => SQL;
}

export function idsStatementFor(db: object): IdsStatement {
  if (plansKept(db)) return { names: () => true, ids: idsUnseen };
  return { names: (ids) => ids.length > 0, ids: intArray };
}

/**
 * One kind's items as a JSON array in the order of `ids` (an int[] expression; an id no longer in the
 * catalogue is left out; no ids, an empty array).
 */
export function itemsOf(kind: ItemsKind, ids: SQL, userId: UserRef): SQL {
  const item = itemSql(kind, userId);
  return sql`coalesce((select json_agg(${item.json} order by p.ord)
    from unnest(${ids}) with ordinality p(item_id, ord)
    join ${sql.raw(kind)} i on i.id = p.item_id ${item.joins}), '[]'::json)`;
}

/**
 * The own fields of one kind's items `ids` (an int[] expression; their tables are named as their
 * kinds), in no particular order; no ids, an empty array.
 */
export function ownOf(kind: ItemsKind, ids: SQL, userId: UserRef): SQL {
  return sql`coalesce((select json_agg(${ownFieldsJson(kind, userId)})
    from ${sql.raw(kind)} i where i.id = any(${ids})), '[]'::json)`;
}

/**
 * itemsOf as the text of its JSON array, each item's shared part read from its document
 * (catalogue-item-docs.ts) where it has one: the document without its closing brace, then the own
 * fields without their opening one. json_build_object writes the pairs of one object as these two
 * halves joined with ', ', so each item's text is the one itemsOf builds.
 */
export function itemsTextOf(kind: ItemsKind, ids: SQL, userId: UserRef): SQL {
  return sql`'[' || coalesce((select string_agg(
      left(coalesce(d.doc, ${sharedItemText(kind)}), -1) || ', ' || substr((${ownFieldsObject(kind, userId)})::text, 2),
      ',' order by p.ord)
    from unnest(${ids}) with ordinality p(item_id, ord)
    join ${sql.raw(kind)} i on i.id = p.item_id
    left join catalogue_item_docs d on d.kind = ${sql.raw(`'${kind}'`)} and d.id = p.item_id), '') || ']'`;
}

/** A part of the items of one kind: their own fields only, or the items in full. */
export type ItemsPart = 'own' | 'full';

/**
 * The function that answers one part of one kind's items for a listener, given their ids:
 * `cd_items_full_tracks(ids int[], listener int)` answers the tracks in full as the text of a JSON
 * array in the order of the ids, `cd_items_own_tracks` their own fields as JSON (itemsFunctionsScript).
 */
export const itemsFunction = (part: ItemsPart, kind: ItemsKind): string => `cd_items_${part}_${kind}`;

/**
 * The definitions of the items functions (itemsFunction), made from the same SQL as the statements
 * above, so the two never differ; db/migrate.ts applies them with the SQL functions of db/functions/
 * on every start. Why functions: a statement names every kind's parts whatever is asked (ITEMS_KINDS),
 * and PostgreSQL readies every subquery of a statement before running it, used or not, which cost
 * each search about 0.2 ms of the database's time for the parts it left empty (bench/README.md "Bit
 * sets, functions and a bench against a baseline"). A PL/pgSQL function's queries are readied only
 * when it runs them, and an empty part runs none. Each query is planned and kept per connection as a
 * prepared statement is. STABLE: they read the calling statement's snapshot, so the items agree with
 * the catalogue's generation that statement reads.
 */
export function itemsFunctionsScript(): string {
  const dialect = new PgDialect();
  // idsUnseen's way: the planner counts on a few ids whatever they are, so the plan is kept
  const ids = sql.raw('(select p_ids)::int[]');
  const listener = sql.raw('p_listener');
  const text = (statement: SQL) => {
    const query = dialect.sqlToQuery(statement);
    if (query.params.length > 0) throw new Error('an items function must have no parameters but its own');
    return query.sql;
  };
  return ITEMS_KINDS.flatMap((kind) =>
    (['own', 'full'] as const).map((part) => {
      const returns = part === 'full' ? 'text' : 'json';
      const body = part === 'full' ? itemsTextOf(kind, ids, listener) : ownOf(kind, ids, listener);
      return `CREATE OR REPLACE FUNCTION ${itemsFunction(part, kind)}(p_ids int[], p_listener int)
RETURNS ${returns} LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  IF coalesce(cardinality(p_ids), 0) = 0 THEN
    RETURN '[]';
  END IF;
  RETURN ${text(body)};
END
$fn$;
`;
    }),
  ).join('\n');
}

/**
 * Another piece of work read in the same statement as the items, so the two cost one round trip: a
 * one-row source (`from`), its `columns`, and the condition (`when`, on that row) without which the
 * items are not read at all (a search refused by its rate limit reads none). Its text is the same on
 * every call under `name`: what changes is a placeholder, filled from `values` (db/compiled.ts).
 */
export interface Alongside {
  name: string;
  from: SQL;
  columns: SQL;
  when: SQL;
  values: Record<string, unknown>;
}

/** `select` of named columns, with `alongside`'s row and columns when given, its condition gating them. */
export function selectAlongside(columns: [SQL, string][], alongside?: Alongside): SQL {
  if (columns.length === 0)
    return alongside ? sql`select ${alongside.columns} from ${alongside.from}` : sql`select`;
  if (!alongside)
    return sql`select ${sql.join(
      columns.map(([value, name]) => sql`${value} as ${sql.raw(name)}`),
      sql`, `,
    )}`;
  const gated = columns.map(
    ([value, name]) => sql`case when ${alongside.when} then ${value} end as ${sql.raw(name)}`,
  );
  return sql`select ${alongside.columns}, ${sql.join(gated, sql`, `)} from ${alongside.from}`;
}

/** The items of several kinds in one round trip: kind → items in the order asked. */
export async function itemsById<T>(
  db: Db,
  wanted: Partial<Record<ItemsKind, number[]>>,
  userId: number,
): Promise<Partial<Record<ItemsKind, T[]>>> {
  if (Object.keys(wanted).length === 0) return {};
  return (await itemsByIdAlongside<T, object>(db, wanted, userId)).items;
}

/** itemsById with `alongside` read in the same statement (its row answered as `row`). */
export async function itemsByIdAlongside<T, Row>(
  db: Db,
  wanted: Partial<Record<ItemsKind, number[]>>,
  userId: number,
  alongside?: Alongside,
): Promise<{ items: Partial<Record<ItemsKind, T[]>>; row: Row | undefined }> {
  const kinds = Object.keys(wanted) as ItemsKind[];
  const shape = idsStatementFor(db);
  const columns = ITEMS_KINDS.filter((kind) => shape.names(wanted[kind] ?? [])).map((kind): [SQL, string] => [
    itemsOf(kind, shape.ids(wanted[kind] ?? []), userId),
    kind,
  ]);
  // where plans are kept, one text whatever is asked (ITEMS_KINDS)
  const [row] = await rowsWith<Partial<Record<ItemsKind, T[] | null>> & Row>(
    db,
    planCached(selectAlongside(columns, alongside)),
    alongside?.values ?? {},
  );
  return { items: Object.fromEntries(kinds.map((kind) => [kind, row?.[kind] ?? []])), row };
}
