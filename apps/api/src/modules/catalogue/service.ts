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
import type { SQL } from 'drizzle-orm';
import { signSetAudio, signSetPage } from '../../lib/audio-links';
import { notFound } from '../../lib/http-errors';
import type { UserContext } from '../../plugins/service-context';
import { takeSearch } from '../accounts/rate-limit-service';
import { keptItem, keptList, listKey } from './kept-pages';
import type { ItemKind } from './list-spec';
import { layOwnFieldsOnItem, layOwnFieldsOnSet } from './own-fields';
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

export { keepItems, keptItemsAlongside, keptItemsById, warmConnections } from './kept-items';
/** The lists' name search, for other modules' lists of catalogue items. */
export { searchPredicate } from './list-spec';
