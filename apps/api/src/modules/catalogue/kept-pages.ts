// Serving catalogue pages through the instance's page cache (page-cache.ts, docs/catalogue.md "What is
// kept between requests"): a kept page costs one small statement (its items' own fields and the
// catalogue's generation) instead of the page's statement; a page the cache doesn't hold, or holds
// from an older generation, is read in full and kept.
import type { Db } from '../../db/client';
import type { ItemKind } from '../../db/read-models/catalogue-items';
import type { UserContext } from '../../plugins/service-context';
import type { Found } from './generation';
import { layOwnFieldsOnList } from './own-fields';
import { type PageCache, pageCacheFor } from './page-cache';
import type { ListParams, ListRows } from './queries';

function cacheOf(ctx: UserContext): PageCache | undefined {
  return pageCacheFor(ctx.db, ctx.config.catalogueCacheMb);
}

/**
 * The key of a list page, or undefined for a page that is not kept: a search (its own cache and rate
 * limit serve it) or a scope without a key. The user's favourites or follows are kept per user.
 */
export function listKey(params: ListParams, scopeKey: string | undefined): string | undefined {
  if (params.search !== undefined) return undefined;
  if (params.scope !== undefined && scopeKey === undefined) return undefined;
  const tab = params.relation ? `${params.relation.relation.table}:${params.relation.ownerId}` : '';
  return [
    'list',
    params.kind,
    params.orderBy,
    params.direction,
    params.limit,
    params.offset,
    params.genre ?? '',
    params.after ?? '',
    scopeKey ?? '',
    tab,
    params.followed === true ? `followed:${params.userId}` : '',
  ].join('\u0000');
}

export async function keptList<T extends { id: number }>(
  ctx: UserContext,
  kind: ItemKind | 'festivals' | 'venues',
  key: string | undefined,
  read: () => Promise<ListRows<T>>,
): Promise<ListRows<T>> {
  const cache = key === undefined ? undefined : cacheOf(ctx);
  if (cache && key !== undefined) {
    const kept = cache.get<ListRows<T>>(key);
    if (kept) {
      const check = { generation: kept.generation, followedDigest: kept.value.followedDigest ?? undefined };
      const data = await layOwnFieldsOnList(ctx.db, kind, ctx.userId, check, kept.value.data);
      if (data) return { ...kept.value, data };
    }
  }
  const rows = await read();
  // Home's rows ranked by likes (no editorial order) move with every like: those are not kept.
  if (cache && key !== undefined && typeof rows.generation === 'number' && rows.editorial !== false) {
    cache.keep(key, rows.generation, rows);
  }
  return rows;
}

/** Brings a kept detail up to date for this request, or says (undefined) that it is stale. */
export type Lay<T> = (db: Db, userId: number, generation: number, item: T) => Promise<T | undefined>;

/** A detail page (artist, label, track, set) through the cache; undefined when there is no such item. */
export async function keptItem<T>(
  ctx: UserContext,
  key: string,
  read: () => Promise<Found<T> | undefined>,
  lay: Lay<T>,
): Promise<T | undefined> {
  const cache = cacheOf(ctx);
  const kept = cache?.get<T>(key);
  if (kept) {
    const item = await lay(ctx.db, ctx.userId, kept.generation, kept.value);
    if (item) return item;
  }
  const found = await read();
  if (found === undefined) return undefined;
  if (cache && typeof found.generation === 'number') cache.keep(key, found.generation, found.item);
  return found.item;
}
