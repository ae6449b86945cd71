// Catalogue rules: which list a call means, 404s for unknown items and parents, and the response
// envelopes `{data, pagination}`. Every set it answers carries an mp3_permalink signed for the caller.
// The SQL lives in queries.ts; the item shapes in item-sql.ts.

import type { Artist } from '@cratedig/contract/artist';
import type { FeaturedItems, FeaturedKind, FeaturedQuery, SetDetail } from '@cratedig/contract/catalogue-api';
import { LIST_TOTAL_CAP, type ListQuery, type ListResponse } from '@cratedig/contract/common';
import type { SortList } from '@cratedig/contract/constants';
import type { Label } from '@cratedig/contract/label';
import type { PlaceDetail } from '@cratedig/contract/place';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackDetail, TrackMeta } from '@cratedig/contract/track';
import { type SQL, sql } from 'drizzle-orm';
import { compiledRows, intArrayPlaceholder, intArrayText } from '../../db/compiled';
import { planCached } from '../../db/plan-cache';
import {
  type Alongside,
  ITEMS_KINDS,
  type ItemsKind,
  type ItemsPart,
  itemsById,
  itemsByIdAlongside,
  itemsFunction,
  selectAlongside,
} from '../../db/read-models/catalogue-items-by-id';
import { signSetAudio, signSetPage } from '../../lib/audio-links';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext, UserContext } from '../../plugins/service-context';
import { takeSearch } from '../accounts/rate-limit-service';
import { GENERATION } from './generation';
import { keptItem, keptList, listKey } from './kept-pages';
import { type ItemKind, searchPredicate } from './list-spec';
import { layOwnFieldsOnItem, layOwnFieldsOnSet } from './own-fields';
import { pageCacheFor } from './page-cache';
import {
  findItem,
  findPlaceDetail,
  findSetDetail,
  type ListParams,
  listFeatured,
  listItems,
  placeScope,
} from './queries';
import { RELATIONS, type Relation } from './relations';
import { findTrackDetail, hasReleasedIds, setsHearing } from './release-queries';

/** A parsed list query of any list (contract listQuery); order_by is whitelisted per list there. */
type AnyListQuery = Omit<ListQuery<SortList>, 'order_by'> & { order_by: string };

/** What a list call asks for, beyond its query string. */
export interface ListOptions {
  /** The favs/followed variants (`/sets/favs`, `/artists/followed`): same as followed_filter=true. */
  followedOnly?: boolean;
  /** Restricts the list to the rows of a predicate over the item table (a profile's lists). */
  scope?: SQL;
  /** What the scope is, as part of the page's key in the page cache; a scope without one is not kept. */
  scopeKey?: string;
  /** A detail page's tab: the owner's items; a 404 when the owner does not exist. */
  tab?: { relation: Relation; ownerId: number };
}

async function list<T extends { id: number }>(
  ctx: UserContext,
  kind: ItemKind,
  query: AnyListQuery,
  options: ListOptions = {},
): Promise<ListResponse<T>> {
  if (query.search !== undefined) takeSearch(ctx);
  const params: ListParams = {
    kind,
    userId: ctx.userId,
    orderBy: query.order_by,
    direction: query.order_direction,
    limit: query.limit,
    offset: query.offset,
    search: query.search,
    genre: query.genre,
    followed: options.followedOnly === true || query.followed_filter === true,
    after: query.after,
    scope: options.scope,
    relation: options.tab,
  };
  const { data, total, found } = await keptList<T>(ctx, kind, listKey(params, options.scopeKey), () =>
    listItems<T>(ctx.db, params),
  );
  // An empty page could not tell a missing owner from one with no items.
  if (options.tab && !found) throw notFound(NAMES[options.tab.relation.owner]);
  const capped = total > LIST_TOTAL_CAP;
  return {
    data,
    pagination: {
      offset: query.offset,
      count: data.length,
      total: capped ? LIST_TOTAL_CAP : total,
      ...(capped ? { total_capped: true as const } : {}),
    },
  };
}

export const listSets = async (
  ctx: UserContext,
  query: ListQuery<'sets'> & { festival_id?: number | undefined; venue_id?: number | undefined },
  options: ListOptions = {},
) => {
  // A festival or venue narrows the list to the sets recorded there.
  const place = options.scope ? undefined : placeScope(query.festival_id, query.venue_id);
  const placed = place
    ? { ...options, scope: place, scopeKey: `place:${query.festival_id ?? ''}:${query.venue_id ?? ''}` }
    : options;
  return signSetPage(ctx, await list<SetMeta>(ctx, 'sets', query, placed));
};
export const listTracks = (ctx: UserContext, query: ListQuery<'tracks'>, options?: ListOptions) =>
  list<TrackMeta>(ctx, 'tracks', query, options);
export const listIds = (ctx: UserContext, query: ListQuery<'ids'>, options?: ListOptions) =>
  list<TrackMeta>(ctx, 'ids', query, options);
export const listArtists = (ctx: UserContext, query: ListQuery<'artists'>, options?: ListOptions) =>
  list<Artist>(ctx, 'artists', query, options);
export const listLabels = (ctx: UserContext, query: ListQuery<'labels'>, options?: ListOptions) =>
  list<Label>(ctx, 'labels', query, options);

// ---------------------------------------------------------------------------------------------------
// Details

const NAMES: Record<ItemKind, string> = {
  sets: 'Set',
  tracks: 'Track',
  ids: 'Track',
  artists: 'Artist',
  labels: 'Label',
};

async function detail<T extends { id: number }>(
  ctx: UserContext,
  kind: 'artists' | 'labels',
  id: number,
): Promise<T> {
  const item = await keptItem<T>(
    ctx,
    `${kind}:${id}`,
    () => findItem<T>(ctx.db, kind, id, ctx.userId),
    (db, userId, generation, kept) => layOwnFieldsOnItem(db, kind, userId, generation, kept),
  );
  if (item === undefined) throw notFound(NAMES[kind]);
  return item;
}

export const getArtist = (ctx: UserContext, id: number) => detail<Artist>(ctx, 'artists', id);
export const getLabel = (ctx: UserContext, id: number) => detail<Label>(ctx, 'labels', id);

/** A festival's or venue's page: the place, its sets' count and dates, its followers, the user's follow. */
export async function getPlace<T extends PlaceDetail>(
  ctx: UserContext,
  kind: 'festivals' | 'venues',
  id: number,
): Promise<T> {
  const place = await findPlaceDetail<T>(ctx.db, kind, id, ctx.userId);
  if (place === undefined) throw notFound(kind === 'festivals' ? 'Festival' : 'Venue');
  return place;
}
/** A track or an ID: one detail page shows both, with the ID's release or where it was first heard. */
export async function getTrack(ctx: UserContext, id: number): Promise<TrackDetail> {
  const track = await keptItem<TrackDetail>(
    ctx,
    `track:${id}`,
    () => findTrackDetail<TrackDetail>(ctx.db, id, ctx.userId),
    (db, userId, generation, kept) => layOwnFieldsOnItem(db, 'tracks', userId, generation, kept),
  );
  if (track === undefined) throw notFound('Track');
  return track;
}

export async function getSet(ctx: UserContext, id: number): Promise<SetDetail> {
  const set = await keptItem<SetDetail>(
    ctx,
    `set:${id}`,
    () => findSetDetail<SetDetail>(ctx.db, id, ctx.userId),
    layOwnFieldsOnSet,
  );
  if (set === undefined) throw notFound('Set');
  return signSetAudio(ctx, set);
}

const tab = (relation: Relation, ownerId: number): ListOptions => ({ tab: { relation, ownerId } });

export const artistSets = (ctx: UserContext, id: number, query: ListQuery<'sets'>) =>
  listSets(ctx, query, tab(RELATIONS.artistSets, id));
export const artistTracks = (ctx: UserContext, id: number, query: ListQuery<'tracks'>) =>
  listTracks(ctx, query, tab(RELATIONS.artistTracks, id));
export const artistRemixes = (ctx: UserContext, id: number, query: ListQuery<'tracks'>) =>
  listTracks(ctx, query, tab(RELATIONS.artistRemixes, id));
export const artistIds = (ctx: UserContext, id: number, query: ListQuery<'ids'>) =>
  listIds(ctx, query, tab(RELATIONS.artistIds, id));
export const artistLabels = (ctx: UserContext, id: number, query: ListQuery<'labels'>) =>
  listLabels(ctx, query, tab(RELATIONS.artistLabels, id));

export const labelSets = (ctx: UserContext, id: number, query: ListQuery<'sets'>) =>
  listSets(ctx, query, tab(RELATIONS.labelSets, id));
export const labelTracks = (ctx: UserContext, id: number, query: ListQuery<'tracks'>) =>
  listTracks(ctx, query, tab(RELATIONS.labelTracks, id));
export const labelArtists = (ctx: UserContext, id: number, query: ListQuery<'artists'>) =>
  listArtists(ctx, query, tab(RELATIONS.labelArtists, id));

/**
 * The sets playing a track. A track that was an ID first is also heard in the sets of that ID ('First
 * heard in …'): those are listed with it, counted rather than read from the maintained relation.
 */
export async function trackSets(ctx: UserContext, id: number, query: ListQuery<'sets'>) {
  if (!(await hasReleasedIds(ctx.db, id))) return listSets(ctx, query, tab(RELATIONS.trackSets, id));
  return listSets(ctx, query, { scope: setsHearing(id), scopeKey: `hearing:${id}` });
}

// ---------------------------------------------------------------------------------------------------
// Featured (Home): editorial order, "most liked recently" when a kind has no editorial rows

async function featured<K extends FeaturedKind>(
  ctx: UserContext,
  kind: K,
  query: FeaturedQuery,
): Promise<ListResponse<FeaturedItems[K]>> {
  const { data, total } = await keptList<FeaturedItems[K]>(
    ctx,
    kind,
    `featured\u0000${kind}\u0000${query.limit}\u0000${query.offset}`,
    () => listFeatured<FeaturedItems[K]>(ctx.db, kind, ctx.userId, query.limit, query.offset),
  );
  const capped = total > LIST_TOTAL_CAP;
  return {
    data,
    pagination: {
      offset: query.offset,
      count: data.length,
      total: capped ? LIST_TOTAL_CAP : total,
      ...(capped ? { total_capped: true as const } : {}),
    },
  };
}

export const featuredSets = async (ctx: UserContext, query: FeaturedQuery) =>
  signSetPage(ctx, await featured(ctx, 'sets', query));
export const featuredTracks = (ctx: UserContext, query: FeaturedQuery) => featured(ctx, 'tracks', query);
export const featuredArtists = (ctx: UserContext, query: FeaturedQuery) => featured(ctx, 'artists', query);
export const featuredLabels = (ctx: UserContext, query: FeaturedQuery) => featured(ctx, 'labels', query);
export const featuredFestivals = (ctx: UserContext, query: FeaturedQuery) =>
  featured(ctx, 'festivals', query);
export const featuredVenues = (ctx: UserContext, query: FeaturedQuery) => featured(ctx, 'venues', query);

/**
 * The lists' name search as a condition on the item row `x` of `kind`, for other modules' lists of
 * catalogue items (the waiting IDs): every word of `search` starts one of the item's words.
 */
export function nameSearchCondition(kind: ItemKind, search: string): SQL {
  return searchPredicate(kind, search);
}

// ---------------------------------------------------------------------------------------------------
// Items by id, for the search

// Catalogue items by id through the instance's page cache (page-cache.ts, docs/catalogue.md "What is
// kept between requests"): the search's result pages name their items by id, and each item is the
// same for every listener but for its own fields. So each item read in full is kept on its own, with
// the catalogue's generation its statement read; a later request reads, in one statement, the
// generation, the own fields of the items kept and the items not kept in full, and lays the own fields
// over the kept items. Kept items from another generation are read again in full.

interface WithId {
  id: number;
}

const itemKey = (kind: ItemsKind, id: number) => `item\u0000${kind}\u0000${id}`;

/** Adds `id` to the ids of `kind` in `ids`. */
function addId(ids: Partial<Record<ItemsKind, number[]>>, kind: ItemsKind, id: number): void {
  const list = ids[kind];
  if (list) list.push(id);
  else ids[kind] = [id];
}

/** The column (and placeholder) of one kind's ids for one part: own fields, or items in full. */
const partName = (part: ItemsPart, kind: ItemsKind) => `${part}_${kind}`;

/**
 * The generation, and every kind's two parts, each through its function (itemsFunction: a part
 * whose ids are empty costs the database next to nothing), with `alongside`'s columns. One text
 * whatever is asked, compiled once per `alongside` (db/compiled.ts): the listener and each part's
 * ids are its placeholders. The items in full come as the text of their JSON array: parsed here,
 * its length weighs them.
 */
function partsStatement(alongside: Alongside | undefined): SQL {
  const columns: [SQL, string][] = [[GENERATION, 'generation']];
  const user = sql`${sql.placeholder('user')}::int`;
  for (const kind of ITEMS_KINDS)
    for (const part of ['own', 'full'] as const)
      columns.push([
        sql`${sql.raw(itemsFunction(part, kind))}(${intArrayPlaceholder(partName(part, kind))}, ${user})`,
        partName(part, kind),
      ]);
  return planCached(selectAlongside(columns, alongside));
}

/** The row of one read of kept items' own fields and missing items in full, with `alongside`'s columns. */
async function readParts(
  ctx: UserContext,
  keptIds: Partial<Record<ItemsKind, number[]>>,
  missing: Partial<Record<ItemsKind, number[]>>,
  alongside: Alongside | undefined,
): Promise<Record<string, unknown> | undefined> {
  const values: Record<string, unknown> = { ...alongside?.values, user: ctx.userId };
  for (const kind of ITEMS_KINDS) {
    values[partName('own', kind)] = intArrayText(keptIds[kind] ?? []);
    values[partName('full', kind)] = intArrayText(missing[kind] ?? []);
  }
  const build = () => partsStatement(alongside);
  return (
    await compiledRows<Record<string, unknown>>(ctx.db, `kept-items ${alongside?.name ?? ''}`, build, values)
  )[0];
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
 * generation costs no round trip of its own.
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
      addId(item ? keptIds : missing, kind, id);
    }
  const read = await readParts(ctx, keptIds, missing, alongside);
  const row = read ?? {};
  const generation = row.generation === null || row.generation === undefined ? null : Number(row.generation);
  const found = new Map<string, T>();
  const stale: Partial<Record<ItemsKind, number[]>> = {};
  const full = new Map<ItemsKind, { items: T[]; weight: number }>();
  for (const kind of kinds) {
    const text = row[partName('full', kind)] as string | null | undefined;
    const items = text ? (JSON.parse(text) as T[]) : [];
    // each item weighs its share of the array's text (its own text but for a comma)
    full.set(kind, { items, weight: items.length > 0 && text ? text.length / items.length : 0 });
    for (const item of items) found.set(itemKey(kind, item.id), item);
    const own = new Map(((row[partName('own', kind)] as WithId[] | null) ?? []).map((f) => [f.id, f]));
    for (const id of keptIds[kind] ?? []) {
      const item = kept.get(itemKey(kind, id));
      const fields = own.get(id);
      if (!item || !fields) continue; // gone from the catalogue
      if (item.generation === generation) found.set(itemKey(kind, id), { ...item.value, ...fields });
      else addId(stale, kind, id);
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
    for (const [kind, { items, weight }] of full)
      for (const item of items) cache.keep(itemKey(kind, item.id), generation, item, weight);
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

/**
 * Reads items of one kind in full into the instance's kept items, for no listener (each request lays
 * its listener's own fields over them), ahead of the requests that will name them. Answers how full
 * the kept items are now, as a share of their room (1 when the instance keeps nothing).
 */
export async function keepItems(ctx: ServiceContext, kind: ItemsKind, ids: number[]): Promise<number> {
  const cache = pageCacheFor(ctx.db, ctx.config.catalogueCacheMb);
  if (!cache) return 1;
  await keptItemsById({ ...ctx, userId: 0 }, { [kind]: ids });
  return cache.keptBytes / cache.maxBytes;
}

/** Ids no catalogue item has: a warm-up's statement runs whole and finds nothing. */
const NO_ITEMS: Record<ItemsKind, number[]> = { tracks: [0], sets: [0], artists: [0], labels: [0] };

/**
 * Opens `connections` pooled connections at once and has each run the items statement: a new
 * PostgreSQL connection costs its first statements 20–40 ms (the server process starts, reads the
 * catalogue tables' and indexes' descriptions, plans), which a burst of searches after a start
 * otherwise pays all at once (docs/deploy.md "Readiness"). The runs are concurrent, so each takes a
 * connection of its own. On PGlite, one run.
 */
export async function warmConnections(ctx: ServiceContext, connections: number): Promise<void> {
  const nobody: UserContext = { ...ctx, userId: 0 };
  await Promise.all(Array.from({ length: connections }, () => keptItemsById(nobody, NO_ITEMS)));
}
