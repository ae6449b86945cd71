// Catalogue items by id through the instance's page cache (page-cache.ts, docs/catalogue.md "What is
// kept between requests"): the search's result pages name their items by id, and each item is the
// same for every listener but for its own fields. So each item read in full is kept on its own, with
// the catalogue's generation its statement read; a later request reads, in one statement, the
// generation, the own fields of the items kept and the items not kept in full, and lays the own fields
// over the kept items. Kept items from another generation are read again in full.
import { type SQL, sql } from 'drizzle-orm';
import { planCached } from '../../db/plan-cache';
import { ownFieldsJson } from '../../db/read-models/catalogue-items';
import {
  type Alongside,
  type IdsStatement,
  ITEMS_KINDS,
  type ItemsKind,
  idsStatementFor,
  itemsById,
  itemsByIdAlongside,
  itemsOf,
  selectAlongside,
} from '../../db/read-models/catalogue-items-by-id';
import { queryRow } from '../../db/rows';
import type { UserContext } from '../../lib/service-context';
import { GENERATION } from './generation';
import { pageCacheFor } from './page-cache';

interface WithId {
  id: number;
}

const itemKey = (kind: ItemsKind, id: number) => `item\u0000${kind}\u0000${id}`;

/** The own fields of `ids` (only these four kinds' tables, named as their kinds); no ids, an empty array. */
function ownOf(kind: ItemsKind, ids: number[], userId: number, shape: IdsStatement): SQL {
  return sql`coalesce((select json_agg(${ownFieldsJson(kind, userId)})
    from ${sql.raw(kind)} i where i.id = any(${shape.ids(ids)})), '[]'::json)`;
}

/** The items of several kinds, each kind in the order asked; an id no longer in the catalogue is left out. */
export async function keptItemsById<T extends WithId>(
  ctx: UserContext,
  wanted: Partial<Record<ItemsKind, number[]>>,
): Promise<Partial<Record<ItemsKind, T[]>>> {
  if (!(Object.keys(wanted) as ItemsKind[]).some((k) => (wanted[k] ?? []).length > 0)) return {};
  return (await keptItemsAlongside<T, object>(ctx, wanted)).items;
}

/**
 * keptItemsById with `alongside` read in the same statement (its row answered as `row`): a search's
 * rate-limit hit and generation cost no round trip of their own.
 */
export async function keptItemsAlongside<T extends WithId, Row>(
  ctx: UserContext,
  wanted: Partial<Record<ItemsKind, number[]>>,
  alongside?: Alongside,
): Promise<{ items: Partial<Record<ItemsKind, T[]>>; row: Row | undefined }> {
  const kinds = (Object.keys(wanted) as ItemsKind[]).filter((k) => (wanted[k] ?? []).length > 0);
  const cache = pageCacheFor(ctx.db, ctx.config.catalogueCacheMb);
  if (!cache) return await itemsByIdAlongside<T, Row>(ctx.db, wanted, ctx.userId, alongside);
  const kept = new Map<string, { generation: number; value: T }>();
  const missing: Partial<Record<ItemsKind, number[]>> = {};
  const keptIds: Partial<Record<ItemsKind, number[]>> = {};
  for (const kind of kinds)
    for (const id of wanted[kind] ?? []) {
      const item = cache.get<T>(itemKey(kind, id));
      if (item) kept.set(itemKey(kind, id), item);
      const into = item ? keptIds : missing;
      into[kind] = [...(into[kind] ?? []), id];
    }
  // where plans are kept, every kind's two parts, empty or not: one statement text (ITEMS_KINDS)
  const shape = idsStatementFor(ctx.db);
  const columns: [SQL, string][] = [[GENERATION, 'generation']];
  for (const kind of ITEMS_KINDS) {
    const own = keptIds[kind] ?? [];
    const full = missing[kind] ?? [];
    if (shape.names(own)) columns.push([ownOf(kind, own, ctx.userId, shape), `own_${kind}`]);
    if (shape.names(full)) columns.push([itemsOf(kind, full, ctx.userId, shape), `full_${kind}`]);
  }
  const read = await queryRow<Record<string, unknown>>(
    ctx.db,
    planCached(selectAlongside(columns, alongside)),
  );
  const row = read ?? {};
  const generation = row.generation === null || row.generation === undefined ? null : Number(row.generation);
  const found = new Map<string, T>();
  const stale: Partial<Record<ItemsKind, number[]>> = {};
  for (const kind of kinds) {
    for (const item of (row[`full_${kind}`] as T[] | null) ?? []) found.set(itemKey(kind, item.id), item);
    const own = new Map(((row[`own_${kind}`] as WithId[] | null) ?? []).map((f) => [f.id, f]));
    for (const id of keptIds[kind] ?? []) {
      const item = kept.get(itemKey(kind, id));
      const fields = own.get(id);
      if (!item || !fields) continue; // gone from the catalogue
      if (item.generation === generation) found.set(itemKey(kind, id), { ...item.value, ...fields });
      else stale[kind] = [...(stale[kind] ?? []), id];
    }
  }
  if (Object.keys(stale).length > 0) {
    const fresh = await itemsById<T>(ctx.db, stale, ctx.userId);
    for (const kind of Object.keys(fresh) as ItemsKind[])
      for (const item of fresh[kind] ?? []) found.set(itemKey(kind, item.id), item);
  }
  // the items read in full are kept at the generation their statement read (the stale ones' second
  // statement read no generation: they are kept by the next request that reads them)
  if (generation !== null)
    for (const kind of kinds)
      for (const item of (row[`full_${kind}`] as T[] | null) ?? [])
        cache.keep(itemKey(kind, item.id), generation, item);
  const items = Object.fromEntries(
    kinds.map((kind) => [
      kind,
      (wanted[kind] ?? []).flatMap((id) => {
        const item = found.get(itemKey(kind, id));
        return item ? [item] : [];
      }),
    ]),
  );
  return { items, row: read as Row | undefined };
}
