// Catalogue items by id, in a given order, with the signed-in user's fields: what a cached search page
// turns back into items (modules/search/result-cache.ts keeps only which items match, never the
// items, so counts and the user's own state are read fresh on every request). Part of the catalogue
// read layer (db/read-models/).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { planCached } from '../plan-cache';
import { queryRow } from '../rows';
import { itemSql } from './catalogue-items';
import { intArray } from './catalogue-lookups';

export type ItemsKind = 'artists' | 'labels' | 'tracks' | 'sets';

/** One kind's items as a JSON array in the order of `ids` (an id no longer in the catalogue is left out). */
export function itemsOf(kind: ItemsKind, ids: number[], userId: number): SQL {
  if (ids.length === 0) return sql`'[]'::json`;
  const item = itemSql(kind, userId);
  return sql`coalesce((select json_agg(${item.json} order by p.ord)
    from unnest(${intArray(ids)}) with ordinality p(item_id, ord)
    join ${sql.raw(kind)} i on i.id = p.item_id ${item.joins}), '[]'::json)`;
}

/** The items of several kinds in one round trip: kind → items in the order asked. */
export async function itemsById<T>(
  db: Db,
  wanted: Partial<Record<ItemsKind, number[]>>,
  userId: number,
): Promise<Partial<Record<ItemsKind, T[]>>> {
  const kinds = Object.keys(wanted) as ItemsKind[];
  if (kinds.length === 0) return {};
  const columns = sql.join(
    kinds.map((kind) => sql`${itemsOf(kind, wanted[kind] ?? [], userId)} as ${sql.raw(kind)}`),
    sql`, `,
  );
  // The ids travel as one parameter, so the text depends on the kinds only and its plan is kept.
  return (await queryRow<Partial<Record<ItemsKind, T[]>>>(db, planCached(sql`select ${columns}`))) ?? {};
}
