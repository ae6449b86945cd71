// Catalogue rules (issue 4 "Server"): which list a call means, 404s, and the response envelopes.
// The SQL lives in queries.ts; the item shapes in item-sql.ts.

import type { Artist } from '@cratedig/contract/artist';
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { ListQuery, ListResponse } from '@cratedig/contract/common';
import type { SortList } from '@cratedig/contract/constants';
import type { Label } from '@cratedig/contract/label';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackDetail, TrackMeta } from '@cratedig/contract/track';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { ItemKind } from './list-spec';
import {
  type FeaturedKindSql,
  findItem,
  findSetDetail,
  itemExists,
  listFeatured,
  listItems,
  scopes,
} from './queries';
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
  db: Db,
  kind: ItemKind,
  userId: number,
  query: AnyListQuery,
  options: ListOptions = {},
): Promise<ListResponse<T>> {
  const { data, total } = await listItems<T>(db, {
    kind,
    userId,
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

export const listSets = (db: Db, userId: number, query: ListQuery<'sets'>, options?: ListOptions) =>
  list<SetMeta>(db, 'sets', userId, query, options);
export const listTracks = (db: Db, userId: number, query: ListQuery<'tracks'>, options?: ListOptions) =>
  list<TrackMeta>(db, 'tracks', userId, query, options);
export const listIds = (db: Db, userId: number, query: ListQuery<'ids'>, options?: ListOptions) =>
  list<TrackMeta>(db, 'ids', userId, query, options);
export const listArtists = (db: Db, userId: number, query: ListQuery<'artists'>, options?: ListOptions) =>
  list<Artist>(db, 'artists', userId, query, options);
export const listLabels = (db: Db, userId: number, query: ListQuery<'labels'>, options?: ListOptions) =>
  list<Label>(db, 'labels', userId, query, options);

// ---------------------------------------------------------------------------------------------------
// Details

const NAMES: Record<ItemKind, string> = {
  sets: 'Set',
  tracks: 'Track',
  ids: 'Track',
  artists: 'Artist',
  labels: 'Label',
};

async function detail<T>(db: Db, kind: ItemKind, id: number, userId: number): Promise<T> {
  const item = await findItem<T>(db, kind, id, userId);
  if (item === undefined) throw notFound(NAMES[kind]);
  return item;
}

export const getArtist = (db: Db, userId: number, id: number) => detail<Artist>(db, 'artists', id, userId);
export const getLabel = (db: Db, userId: number, id: number) => detail<Label>(db, 'labels', id, userId);
/** A track or an ID: the detail page shows both (spec §2 Track detail), with its release links. */
export async function getTrack(db: Db, userId: number, id: number): Promise<TrackDetail> {
  const track = await findTrackDetail<TrackDetail>(db, id, userId);
  if (track === undefined) throw notFound('Track');
  return track;
}

export async function getSet(db: Db, userId: number, id: number): Promise<SetDetail> {
  const set = await findSetDetail<SetDetail>(db, id, userId);
  if (set === undefined) throw notFound('Set');
  return set;
}

/**
 * A detail page's tab: 404 when the parent does not exist (an empty page could not tell the two
 * apart), else the scoped list.
 */
async function tab<T>(
  db: Db,
  parent: ItemKind,
  parentId: number,
  run: () => Promise<ListResponse<T>>,
): Promise<ListResponse<T>> {
  const [exists, result] = await Promise.all([itemExists(db, parent, parentId), run()]);
  if (!exists) throw notFound(NAMES[parent]);
  return result;
}

export const artistSets = (db: Db, userId: number, id: number, query: ListQuery<'sets'>) =>
  tab(db, 'artists', id, () => listSets(db, userId, query, { scope: scopes.artistSets(id) }));
export const artistTracks = (db: Db, userId: number, id: number, query: ListQuery<'tracks'>) =>
  tab(db, 'artists', id, () => listTracks(db, userId, query, { scope: scopes.artistTracks(id) }));
export const artistRemixes = (db: Db, userId: number, id: number, query: ListQuery<'tracks'>) =>
  tab(db, 'artists', id, () => listTracks(db, userId, query, { scope: scopes.artistRemixes(id) }));
export const artistIds = (db: Db, userId: number, id: number, query: ListQuery<'ids'>) =>
  tab(db, 'artists', id, () => listIds(db, userId, query, { scope: scopes.artistIds(id) }));
export const artistLabels = (db: Db, userId: number, id: number, query: ListQuery<'labels'>) =>
  tab(db, 'artists', id, () => listLabels(db, userId, query, { scope: scopes.artistLabels(id) }));

export const labelSets = (db: Db, userId: number, id: number, query: ListQuery<'sets'>) =>
  tab(db, 'labels', id, () => listSets(db, userId, query, { scope: scopes.labelSets(id) }));
export const labelTracks = (db: Db, userId: number, id: number, query: ListQuery<'tracks'>) =>
  tab(db, 'labels', id, () => listTracks(db, userId, query, { scope: scopes.labelTracks(id) }));
export const labelArtists = (db: Db, userId: number, id: number, query: ListQuery<'artists'>) =>
  tab(db, 'labels', id, () => listArtists(db, userId, query, { scope: scopes.labelArtists(id) }));

export const trackSets = (db: Db, userId: number, id: number, query: ListQuery<'sets'>) =>
  tab(db, 'tracks', id, () => listSets(db, userId, query, { scope: scopes.trackSets(id) }));

// ---------------------------------------------------------------------------------------------------
// Featured

export async function featured<T>(
  db: Db,
  userId: number,
  kind: FeaturedKindSql,
  query: { limit: number; offset: number },
): Promise<ListResponse<T>> {
  const { data, total } = await listFeatured<T>(db, kind, userId, query.limit, query.offset);
  return { data, pagination: { offset: query.offset, count: data.length, total } };
}
