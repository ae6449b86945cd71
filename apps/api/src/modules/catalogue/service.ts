// Catalogue rules: which list a call means, 404s for unknown items and parents, and the response
// envelopes `{data, pagination}`. Every set it answers carries an mp3_permalink signed for the caller.
// The SQL lives in queries.ts; the item shapes in item-sql.ts.

import type { Artist } from '@cratedig/contract/artist';
import type { FeaturedKind, FeaturedQuery, SetDetail } from '@cratedig/contract/catalogue-api';
import type { ListQuery, ListResponse } from '@cratedig/contract/common';
import type { SortList } from '@cratedig/contract/constants';
import type { Label } from '@cratedig/contract/label';
import type { Festival, Venue } from '@cratedig/contract/place';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackDetail, TrackMeta } from '@cratedig/contract/track';
import type { SQL } from 'drizzle-orm';
import { signSetAudio, signSetPage } from '../../lib/audio-links';
import { notFound } from '../../lib/http-errors';
import type { UserContext } from '../../lib/service-context';
import type { ItemKind } from './list-spec';
import { findItem, findSetDetail, itemExists, listFeatured, listItems, scopes } from './queries';
import { findTrackDetail } from './release-queries';

/** A parsed list query of any list (contract listQuery); order_by is whitelisted per list there. */
type AnyListQuery = Omit<ListQuery<SortList>, 'order_by'> & { order_by: string };

/** What a list call asks for, beyond its query string. */
export interface ListOptions {
  /** The favs/followed variants (`/sets/favs`, `/artists/followed`): same as followed_filter=true. */
  followedOnly?: boolean;
  scope?: SQL;
}

async function list<T>(
  ctx: UserContext,
  kind: ItemKind,
  query: AnyListQuery,
  options: ListOptions = {},
): Promise<ListResponse<T>> {
  const { data, total } = await listItems<T>(ctx.db, {
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
  });
  return { data, pagination: { offset: query.offset, count: data.length, total } };
}

export const listSets = async (ctx: UserContext, query: ListQuery<'sets'>, options?: ListOptions) =>
  signSetPage(ctx, await list<SetMeta>(ctx, 'sets', query, options));
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

async function detail<T>(ctx: UserContext, kind: ItemKind, id: number): Promise<T> {
  const item = await findItem<T>(ctx.db, kind, id, ctx.userId);
  if (item === undefined) throw notFound(NAMES[kind]);
  return item;
}

export const getArtist = (ctx: UserContext, id: number) => detail<Artist>(ctx, 'artists', id);
export const getLabel = (ctx: UserContext, id: number) => detail<Label>(ctx, 'labels', id);
/** A track or an ID: one detail page shows both, with the ID's release or where it was first heard. */
export async function getTrack(ctx: UserContext, id: number): Promise<TrackDetail> {
  const track = await findTrackDetail<TrackDetail>(ctx.db, id, ctx.userId);
  if (track === undefined) throw notFound('Track');
  return track;
}

export async function getSet(ctx: UserContext, id: number): Promise<SetDetail> {
  const set = await findSetDetail<SetDetail>(ctx.db, id, ctx.userId);
  if (set === undefined) throw notFound('Set');
  return signSetAudio(ctx, set);
}

/**
 * A detail page's tab: 404 when the parent does not exist (an empty page could not tell the two
 * apart), else the scoped list.
 */
async function tab<T>(
  ctx: UserContext,
  parent: ItemKind,
  parentId: number,
  run: () => Promise<ListResponse<T>>,
): Promise<ListResponse<T>> {
  const [exists, result] = await Promise.all([itemExists(ctx.db, parent, parentId), run()]);
  if (!exists) throw notFound(NAMES[parent]);
  return result;
}

export const artistSets = (ctx: UserContext, id: number, query: ListQuery<'sets'>) =>
  tab(ctx, 'artists', id, () => listSets(ctx, query, { scope: scopes.artistSets(id) }));
export const artistTracks = (ctx: UserContext, id: number, query: ListQuery<'tracks'>) =>
  tab(ctx, 'artists', id, () => listTracks(ctx, query, { scope: scopes.artistTracks(id) }));
export const artistRemixes = (ctx: UserContext, id: number, query: ListQuery<'tracks'>) =>
  tab(ctx, 'artists', id, () => listTracks(ctx, query, { scope: scopes.artistRemixes(id) }));
export const artistIds = (ctx: UserContext, id: number, query: ListQuery<'ids'>) =>
  tab(ctx, 'artists', id, () => listIds(ctx, query, { scope: scopes.artistIds(id) }));
export const artistLabels = (ctx: UserContext, id: number, query: ListQuery<'labels'>) =>
  tab(ctx, 'artists', id, () => listLabels(ctx, query, { scope: scopes.artistLabels(id) }));

export const labelSets = (ctx: UserContext, id: number, query: ListQuery<'sets'>) =>
  tab(ctx, 'labels', id, () => listSets(ctx, query, { scope: scopes.labelSets(id) }));
export const labelTracks = (ctx: UserContext, id: number, query: ListQuery<'tracks'>) =>
  tab(ctx, 'labels', id, () => listTracks(ctx, query, { scope: scopes.labelTracks(id) }));
export const labelArtists = (ctx: UserContext, id: number, query: ListQuery<'artists'>) =>
  tab(ctx, 'labels', id, () => listArtists(ctx, query, { scope: scopes.labelArtists(id) }));

export const trackSets = (ctx: UserContext, id: number, query: ListQuery<'sets'>) =>
  tab(ctx, 'tracks', id, () => listSets(ctx, query, { scope: scopes.trackSets(id) }));

// ---------------------------------------------------------------------------------------------------
// Featured (Home): editorial order, "most liked recently" when a kind has no editorial rows

/** The item each featured kind answers, in its contract shape. */
interface FeaturedItems {
  sets: SetMeta;
  tracks: TrackMeta;
  artists: Artist;
  labels: Label;
  festivals: Festival;
  venues: Venue;
}

async function featured<K extends FeaturedKind>(
  ctx: UserContext,
  kind: K,
  query: FeaturedQuery,
): Promise<ListResponse<FeaturedItems[K]>> {
  const { data, total } = await listFeatured<FeaturedItems[K]>(
    ctx.db,
    kind,
    ctx.userId,
    query.limit,
    query.offset,
  );
  return { data, pagination: { offset: query.offset, count: data.length, total } };
}

export const featuredSets = async (ctx: UserContext, query: FeaturedQuery) =>
  signSetPage(ctx, await featured(ctx, 'sets', query));
export const featuredTracks = (ctx: UserContext, query: FeaturedQuery) => featured(ctx, 'tracks', query);
export const featuredArtists = (ctx: UserContext, query: FeaturedQuery) => featured(ctx, 'artists', query);
export const featuredLabels = (ctx: UserContext, query: FeaturedQuery) => featured(ctx, 'labels', query);
export const featuredFestivals = (ctx: UserContext, query: FeaturedQuery) =>
  featured(ctx, 'festivals', query);
export const featuredVenues = (ctx: UserContext, query: FeaturedQuery) => featured(ctx, 'venues', query);
