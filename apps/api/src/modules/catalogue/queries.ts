// The catalogue's SQL (with ready-searches.ts, the only files here that talk to the database). Every
// list is ONE statement: the page of ids (an index-ordered scan with LIMIT/OFFSET or a keyset bound),
// the items of that page as JSON (item-sql.ts) and the exact total, in one round trip.
import { decodeCursor, type FeaturedKind } from '@cratedig/contract/catalogue-api';
import { LIST_TOTAL_CAP, NO_CONTROL_CHARACTERS } from '@cratedig/contract/common';
import type { OrderDirection } from '@cratedig/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { planCached } from '../../db/plan-cache';
import { itemSql, placeJson, setItem, trackItem } from '../../db/read-models/catalogue-items';
import { queryRows } from '../../db/rows';
import { unprocessable } from '../../lib/http-errors';
import { type Found, GENERATION } from './generation';
import { listSearchKey } from './list-search';
import {
  followedDigest,
  followedPredicate,
  genrePredicate,
  type ItemKind,
  KIND_TABLE,
  kindPredicate,
  maintainedTotal,
  SORT_COLUMNS,
  type SortColumn,
  searchPredicate,
} from './list-spec';
import type { RelationScope } from './relations';

export interface ListParams {
  kind: ItemKind;
  userId: number;
  orderBy: string;
  direction: OrderDirection;
  limit: number;
  offset: number;
  search?: string | undefined;
  genre?: string | undefined;
  followed?: boolean | undefined;
  after?: string | undefined;
  /**
   * Restricts the list to the rows of a predicate over the item table (`x`). Its totals are then
   * counted, not read from catalogue_counts.
   */
  scope?: SQL | undefined;
  /** A detail page's tab: the owner's side of a maintained relation (relations.ts). */
  relation?: RelationScope | undefined;
  /**
   * A search's total, counted beforehand up to the cap (searchTotalStatement): at most the cap, the
   * matches are collected and sorted; past it, the sort index is walked. Without it the statement
   * counts in itself and leaves the plan to the planner.
   */
  searchTotal?: number | undefined;
}

/** drizzle's execute() result differs per driver; both carry `rows`. */

export interface ListRows<T> {
  data: T[];
  total: number;
  /** The catalogue's generation the statement read (generation.ts). */
  generation?: number | null;
  /** For the user's favourites or follows: which items they are (list-spec.ts followedDigest). */
  followedDigest?: string | null;
  /** For a featured list: whether its order is editorial (not the likes-ranked fallback). */
  editorial?: boolean;
  /** For a tab: whether its owner exists (a missing owner is a 404, not an empty page). */
  found?: boolean;
}

const and = (parts: (SQL | undefined)[]): SQL => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
};

function sortColumn(kind: ItemKind, orderBy: string): SortColumn {
  const column = (SORT_COLUMNS[kind] as Record<string, SortColumn>)[orderBy];
  // listQuery() already rejects anything else with a 422; this guards the service functions' callers.
  if (!column) throw unprocessable({ query: { order_by: [`Unknown sort field '${orderBy}'.`] } });
  return column;
}

/**
 * ORDER BY with nulls last in both directions and id as the tie-break. For a NOT NULL column the
 * plain form is kept: PostgreSQL matches index order literally, and `DESC NULLS LAST` would not match a
 * backward scan of the `(column, id)` index.
 */
function orderBy(col: SortColumn, direction: OrderDirection): SQL {
  const dir = sql.raw(direction === 'asc' ? 'asc' : 'desc');
  const nulls = col.nullable ? sql.raw(' nulls last') : sql.raw('');
  return sql`${col.column} ${dir}${nulls}, x.id ${dir}`;
}

/** Rows strictly after the cursor in the requested order (nulls last, ties on id). */
function keysetPredicate(col: SortColumn, direction: OrderDirection, after: string): SQL {
  const cursor = decodeCursor(after);
  const cmp = sql.raw(direction === 'asc' ? '>' : '<');
  const cast = sql.raw(col.cast);
  if (cursor.value === null) {
    // Already among the nulls, which come last: only the rest of them remain.
    if (!col.nullable) return sql`false`;
    return cursor.id === undefined
      ? sql`false`
      : sql`(${col.column} is null and x.id ${cmp} ${cursorId(cursor.id)})`;
  }
  const value = castCursorValue(col, cursor.value);
  const nullsAfter = col.nullable ? sql` or ${col.column} is null` : sql``;
  if (cursor.id === undefined) return sql`(${col.column} ${cmp} ${value}::${cast}${nullsAfter})`;
  return sql`((${col.column}, x.id) ${cmp} (${value}::${cast}, ${cursorId(cursor.id)})${nullsAfter})`;
}

/** A cursor's id is a row id: an integer within PostgreSQL's integer. */
function cursorId(id: number): number {
  if (!Number.isInteger(id) || id < 0 || id > PG_INT_MAX) {
    throw unprocessable({ query: { after: ['The cursor does not name a row.'] } });
  }
  return id;
}

function castCursorValue(col: SortColumn, value: string | number): string | number {
  const bad = () => unprocessable({ query: { after: ['The cursor does not match the sort field.'] } });
  if (col.cast === 'int') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(n) || Math.abs(n) > PG_INT_MAX) throw bad();
    return n;
  }
  const text = String(value);
  if (col.cast === 'date' && !isCalendarDate(text)) throw bad();
  if (col.cast === 'timestamptz' && !isInstant(text)) throw bad();
  // PostgreSQL text cannot hold NUL; no name or title has control characters.
  if (!NO_CONTROL_CHARACTERS.test(text)) throw bad();
  return text;
}

const PG_INT_MAX = 2_147_483_647;

/** YYYY-MM-DD naming a real day of years 1-9999 (JavaScript's Date.parse accepts 2024-02-30). */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO 8601 instant with a real date, time and offset, as created_dt values are written. */
function isInstant(text: string): boolean {
  const match =
    /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/.exec(
      text,
    );
  return match?.[1] !== undefined && isCalendarDate(match[1]);
}

/**
 * Builds the one statement of a list: `{ total, data }` in a single row (plus `found`, whether the
 * owner of a tab exists).
 * Whole-catalogue lists page by an index-ordered scan and read the total from catalogue_counts.
 * A detail tab pages its maintained relation table the same way (an (owner_id, key, id) index scan)
 * and reads the total from the owner's maintained count.
 * A search's page is found the same way, and its total counted up to LIST_TOTAL_CAP + 1 matches
 * (the service reports more as "at least the cap").
 * Other counted lists (the followed filter, a filtered tab) are small or must be counted anyway:
 * their rows are collected once (id + sort key) and both the page and the exact total come from that.
 */
/** The conditions of a list (`x` the item table, or the relation table of a tab read directly). */
function listFilters(params: ListParams): { filters: SQL; direct: boolean } {
  const { kind, relation } = params;
  const filtered = params.search !== undefined || params.genre !== undefined || params.followed === true;
  // A tab read straight from its relation: membership already implies the kind (released tracks, IDs).
  const direct = relation !== undefined && !filtered;
  const relationScope = relation === undefined ? undefined : relationMembers(relation);
  const filters = and([
    direct ? sql`x.owner_id = ${relation.ownerId}` : kindPredicate(kind),
    direct ? undefined : relationScope,
    params.scope,
    params.genre === undefined ? undefined : genrePredicate(kind, params.genre),
    params.search === undefined ? undefined : searchPredicate(kind, params.search),
    params.followed ? followedPredicate(kind, params.userId) : undefined,
  ]);
  return { filters, direct };
}

/**
 * A search's total up to LIST_TOTAL_CAP + 1 and whether the search was already known past the cap
 * (`capped_known`, null for a narrowed list): a whole-list search in list_search_capped is not counted
 * again, the count's scalar subquery running only when the CASE needs it.
 */
export function searchTotalStatement(params: ListParams): SQL {
  const { filters } = listFilters(params);
  const count = searchCount(KIND_TABLE[params.kind], filters);
  const capped = cappedPredicate(params);
  if (capped === undefined) return sql`select (${count})::int as total, null::boolean as capped_known`;
  return sql`select (case when ${capped} then ${LIST_TOTAL_CAP + 1} else ${count} end)::int as total,
    ${capped} as capped_known`;
}

function searchCount(table: SQL, filters: SQL): SQL {
  return sql`(select count(*) from (select 1 from ${table} x where ${filters} limit ${LIST_TOTAL_CAP + 1}) c)`;
}

function cappedPredicate(params: ListParams): SQL | undefined {
  const key = cappedSearchKey(params);
  if (key === undefined) return undefined;
  return sql`exists (select 1 from list_search_capped c where c.list = ${params.kind} and c.words = ${key})`;
}

export function listStatement(params: ListParams): SQL {
  const { kind, relation } = params;
  const col = sortColumn(kind, params.orderBy);
  const table = KIND_TABLE[kind];
  const { filters, direct } = listFilters(params);
  const keyset =
    params.after === undefined ? undefined : keysetPredicate(col, params.direction, params.after);
  // A whole list's genre filter keeps its index-ordered scan and its total from catalogue_counts.
  // A search's total is counted first, up to the cap (searchTotalStatement). Up to the cap its
  // matches are collected through the word indexes and sorted (10,000 rows cost less than walking
  // the sort index past the 50 non-matching rows per match such a search has on a million tracks);
  // past it the sort index is walked, stopping after the page, and the total is not counted again
  // (docs/decisions/0020-bounded-requests.md).
  const searched = params.search !== undefined;
  const known = params.searchTotal;
  const collect = searched && known !== undefined && known <= LIST_TOTAL_CAP;
  const counted =
    !direct &&
    (collect ||
      (!searched && (params.scope !== undefined || relation !== undefined || params.followed === true)));
  const total = counted
    ? sql`(select count(*) from x)`
    : searched
      ? (known ?? searchCount(table, filters))
      : relation !== undefined
        ? ownerColumn(relation, relation.relation.totalColumn)
        : maintainedTotal(kind, params.genre);
  const found = relation === undefined ? sql`` : sql`, ${ownerColumn(relation, 'true')} as found`;
  const digest = params.followed ? sql`, ${followedDigest(kind, params.userId)} as followed_digest` : sql``;
  const item = itemSql(kind, params.userId);
  const items = sql`
    select (${total})::int as total${found}${digest}, ${GENERATION} as generation,
      coalesce((
        select json_agg(r.item order by r.ord) from (
          select p.ord, ${item.json} as item from page p join ${table} i on i.id = p.id ${item.joins}
        ) r
      ), '[]'::json) as data`;
  const limit = sql`order by ${orderBy(col, params.direction)} limit ${params.limit} offset ${params.offset}`;
  // A plan kept for every value suits a statement whose cost does not swing with its values. A genre
  // or a search's words do: a plan fit for a rare genre reads ten times too much for a common one on
  // the large catalogue, so those statements are planned for their values each time.
  const prepared =
    params.search === undefined && params.genre === undefined ? planCached : (statement: SQL) => statement;
  if (!counted) {
    const source = direct && relation ? sql.raw(relation.relation.table) : table;
    return prepared(sql`
      with page as (
        select q.id, row_number() over () as ord from (
          select x.id from ${source} x where ${and([filters, keyset])} ${limit}
        ) q
      ) ${items}`);
  }
  // `x` is now the collected rows, with the sort key under its own name, so the same ORDER BY and
  // keyset expressions apply.
  const key = sql.raw(col.name);
  return prepared(sql`
    with x as materialized (select x.id, x.${key} from ${table} x where ${filters}),
    page as (
      select q.id, row_number() over () as ord from (select x.id from x where ${and([keyset])} ${limit}) q
    ) ${items}`);
}

/** `x.id` is one of the tab owner's items. */
function relationMembers({ relation, ownerId }: RelationScope): SQL {
  return sql`x.id in (select r.id from ${sql.raw(relation.table)} r where r.owner_id = ${ownerId})`;
}

/** One column of a tab's owner row (null when the owner does not exist). */
function ownerColumn({ relation, ownerId }: RelationScope, column: string): SQL {
  return sql`(select ${sql.raw(column)} from ${sql.raw(relation.ownerTable)} o where o.id = ${ownerId})`;
}

/**
 * The key of a whole-list search in list_search_capped (its normalised words, sorted), or undefined
 * when the list is narrowed otherwise too (a genre, a tab, favourites), whose counts are not kept.
 */
function cappedSearchKey(params: ListParams): string | undefined {
  if (params.search === undefined || params.genre !== undefined || params.followed === true) return undefined;
  if (params.scope !== undefined || params.relation !== undefined) return undefined;
  return listSearchKey(params.search);
}

/**
 * A search's total up to LIST_TOTAL_CAP + 1 (past the cap without counting when it is known there). A
 * whole-list search counted past the cap for the first time is remembered, so later requests (on any
 * instance) skip the count; two instances remembering it at once both succeed. `counted` says whether
 * the matches were counted (false: the search was known past the cap).
 */
export async function countSearch(db: Db, params: ListParams): Promise<{ total: number; counted: boolean }> {
  const row = (
    await queryRows<{ total: number; capped_known: boolean | null }>(db, searchTotalStatement(params))
  )[0];
  const total = row?.total ?? 0;
  if (total > LIST_TOTAL_CAP && row?.capped_known === false) {
    await db.execute(
      sql`insert into list_search_capped (list, words) values (${params.kind}, ${cappedSearchKey(params)})
        on conflict do nothing`,
    );
  }
  return { total, counted: row?.capped_known !== true };
}

export async function listItems<T>(db: Db, params: ListParams): Promise<ListRows<T>> {
  const searched = params.search === undefined ? undefined : (await countSearch(db, params)).total;
  const row = (
    await queryRows<{
      total: number | null;
      data: T[];
      found?: boolean | null;
      generation: number | null;
      followed_digest?: string | null;
    }>(db, listStatement({ ...params, searchTotal: searched }))
  )[0];
  return {
    total: row?.total ?? 0,
    data: row?.data ?? [],
    found: row?.found === true,
    generation: row?.generation ?? null,
    followedDigest: row?.followed_digest ?? null,
  };
}

/** One item of a kind by id (or undefined): the same JSON as in the lists. */
export function itemStatement(kind: ItemKind, id: number, userId: number): SQL {
  const table = KIND_TABLE[kind];
  const item = itemSql(kind, userId);
  return planCached(
    sql`select ${item.json} as item, ${GENERATION} as generation from ${table} i ${item.joins} where i.id = ${id}`,
  );
}

export async function findItem<T>(
  db: Db,
  kind: ItemKind,
  id: number,
  userId: number,
): Promise<Found<T> | undefined> {
  return (await queryRows<Found<T>>(db, itemStatement(kind, id, userId)))[0];
}

/** GET /sets/{id}: the set plus its track list with each track_meta, in track_position order. */
export function setDetailStatement(id: number, userId: number): SQL {
  const set = setItem(userId);
  const track = trackItem(userId, 't');
  return planCached(sql`
    select ${set.json}::jsonb || jsonb_build_object('set_tracks', coalesce((
      select jsonb_agg(jsonb_build_object(
        'track_position', st.track_position, 'track_meta_id', st.track_id, 'set_meta_id', st.set_id,
        'start_time', st.start_time, 'end_time', st.end_time, 'likes', st.likes,
        'track_meta', ${track.json})
        || case when st.untimed then '{"untimed": true}'::jsonb else '{}'::jsonb end
        order by st.track_position)
      from set_tracks st join tracks t on t.id = st.track_id ${track.joins}
      where st.set_id = i.id), '[]'::jsonb)) as item, ${GENERATION} as generation
    from sets i ${set.joins} where i.id = ${id}`);
}

export async function findSetDetail<T>(db: Db, id: number, userId: number): Promise<Found<T> | undefined> {
  return (await queryRows<Found<T>>(db, setDetailStatement(id, userId)))[0];
}

// ---------------------------------------------------------------------------------------------------
// Featured lists (docs/catalogue.md): editorial order; "most liked recently" when a kind is empty.

/** How many items the "most liked recently" fallback offers. */
export const FEATURED_FALLBACK_SIZE = 20;

function featuredItem(
  kind: FeaturedKind,
  userId: number,
): { table: SQL; joins: SQL; json: SQL; featurable: SQL } {
  if (kind === 'festivals' || kind === 'venues') {
    // A featured place opens the list of its sets: one with no set is never featured.
    const fk = sql.raw(kind === 'festivals' ? 'festival_id' : 'venue_id');
    const featurable = sql`exists (select 1 from sets s where s.${fk} = x.id)`;
    return { table: sql.raw(kind), joins: sql``, json: placeJson('i'), featurable };
  }
  const item = itemSql(kind, userId);
  return { table: KIND_TABLE[kind], ...item, featurable: sql`true` };
}

/**
 * A festival's or venue's page (docs/catalogue.md): the place, how many sets were recorded there and
 * between which dates, how many listeners follow it, and whether this user does. Undefined when there
 * is no such place.
 */
export async function findPlaceDetail<T>(
  db: Db,
  kind: 'festivals' | 'venues',
  id: number,
  userId: number,
): Promise<T | undefined> {
  const fk = sql.raw(kind === 'festivals' ? 'festival_id' : 'venue_id');
  const follows = sql.raw(kind === 'festivals' ? 'user_festival_stats' : 'user_venue_stats');
  const rows = await queryRows<{ item: T }>(
    db,
    sql`select ${placeJson('p')}::jsonb || jsonb_build_object(
          'set_count', r.set_count, 'first_set_date', r.first_set_date, 'latest_set_date', r.latest_set_date,
          'followers', (select count(*)::int from ${follows} f where f.${fk} = p.id and f.is_followed),
          'user_place_stats', jsonb_build_object('is_followed', coalesce(
            (select f.is_followed from ${follows} f where f.user_id = ${userId} and f.${fk} = p.id), false))
        ) as item
        from ${sql.raw(kind)} p,
        lateral (select count(*)::int as set_count, min(s.release_date)::text as first_set_date,
                        max(s.release_date)::text as latest_set_date
                 from sets s where s.${fk} = p.id) r
        where p.id = ${id}`,
  );
  return rows[0]?.item;
}

/** A sets-list scope (alias `x`): the sets recorded at a festival and/or a venue; none for neither. */
export function placeScope(festivalId: number | undefined, venueId: number | undefined): SQL | undefined {
  const parts = [
    festivalId === undefined ? undefined : sql`x.festival_id = ${festivalId}`,
    venueId === undefined ? undefined : sql`x.venue_id = ${venueId}`,
  ];
  return parts.some((part) => part !== undefined) ? and(parts) : undefined;
}

/** How many of the newest items the fallback ranks by likes ("most liked recently"). */
const FALLBACK_RECENT = 500;

/**
 * "Most liked recently" (docs/catalogue.md): the newest FALLBACK_RECENT items by an index-backed
 * date, ranked by likes (newest first on ties). Bounding the candidates keeps the statement cheap for
 * the planner too: an unbounded sort over 1M tracks crossed PostgreSQL's JIT threshold (+30 ms).
 * Festivals and venues have no likes: theirs are the places of the newest sets.
 */
function fallbackIds(kind: FeaturedKind): SQL {
  const recent = sql.raw(String(FALLBACK_RECENT));
  switch (kind) {
    case 'sets':
      return sql`select r.id from (select x.id, x.likes, x.release_date from sets x
        order by x.release_date desc, x.id desc limit ${recent}) r
        order by r.likes desc, r.release_date desc, r.id desc`;
    case 'tracks':
      return sql`select r.id from (select x.id, x.total_user_likes, x.release_date from tracks x
        where x.mix_type <> 'ID' order by x.release_date desc nulls last, x.id desc limit ${recent}) r
        order by r.total_user_likes desc, r.release_date desc nulls last, r.id desc`;
    case 'artists':
    case 'labels':
      return sql`select r.id from (select x.id, x.total_user_likes, x.latest_set_date from ${sql.raw(kind)} x
        order by x.latest_set_date desc nulls last, x.id desc limit ${recent}) r
        order by r.total_user_likes desc, r.latest_set_date desc nulls last, r.id desc`;
    case 'festivals':
    case 'venues': {
      const fk = sql.raw(kind === 'festivals' ? 'festival_id' : 'venue_id');
      return sql`select r.${fk} as id from (select s.${fk}, s.release_date from sets s where s.${fk} is not null
        order by s.release_date desc, s.id desc limit ${sql.raw(String(FALLBACK_RECENT * 4))}) r
        group by r.${fk} order by max(r.release_date) desc, r.${fk} desc`;
    }
  }
}

export function featuredStatement(kind: FeaturedKind, userId: number, limit: number, offset: number): SQL {
  const item = featuredItem(kind, userId);
  const fallbackLimit = Math.max(0, Math.min(limit, FEATURED_FALLBACK_SIZE - offset));
  return planCached(sql`
    with chosen as (
      select f.item_id as id, f.position as ord from featured f
      join ${item.table} x on x.id = f.item_id where f.kind = ${kind} and ${item.featurable}
    ),
    fallback as (
      -- The gate sits outside the candidates, so it is a one-time filter: nothing is ranked when
      -- editorial rows exist.
      select q.id, row_number() over () as ord from (
        ${fallbackIds(kind)} limit ${fallbackLimit} offset ${offset}
      ) q where not exists (select 1 from featured g where g.kind = ${kind})
    ),
    page as (
      (select id, ord from chosen order by ord limit ${limit} offset ${offset})
      union all select id, ord from fallback
    )
    select (case when exists (select 1 from chosen) then (select count(*) from chosen)
                 else (select count(*) from (${fallbackIds(kind)} limit ${FEATURED_FALLBACK_SIZE}) c) end)::int as total,
      exists (select 1 from chosen) as editorial, ${GENERATION} as generation,
      coalesce((
        select json_agg(r.item order by r.ord) from (
          select p.ord, ${item.json} as item from page p join ${item.table} i on i.id = p.id ${item.joins}
        ) r
      ), '[]'::json) as data`);
}

export async function listFeatured<T>(
  db: Db,
  kind: FeaturedKind,
  userId: number,
  limit: number,
  offset: number,
): Promise<ListRows<T>> {
  const row = (
    await queryRows<{ total: number; data: T[]; editorial: boolean; generation: number | null }>(
      db,
      featuredStatement(kind, userId, limit, offset),
    )
  )[0];
  return {
    total: row?.total ?? 0,
    data: row?.data ?? [],
    editorial: row?.editorial === true,
    generation: row?.generation ?? null,
  };
}

/** For the benchmark: the statement as the driver receives it. */
export function toDriverQuery(statement: SQL): { sql: string; params: unknown[] } {
  return new PgDialect().sqlToQuery(statement);
}
