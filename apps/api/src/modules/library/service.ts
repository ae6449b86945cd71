// Library rules (issue 5 "Server"): which flag each call changes, the answers the spec names, 404 for
// unknown items, and the profile lists (who may read them, and which catalogue list each one is).
import type { Artist } from '@cratedig/contract/artist';
import type { ListQuery, ListResponse } from '@cratedig/contract/common';
import type { Label } from '@cratedig/contract/label';
import type {
  FavResult,
  FollowResult,
  PurchaseResult,
  SetLikesResult,
  StatsLikesResult,
  TrackLikesResult,
} from '@cratedig/contract/library-api';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/http-errors';
import { listArtists, listIds, listLabels, listSets, listTracks } from '../catalogue/service';
import { changeFlag, type Flag, type FlagChange, type FlagRow, profileScopes, TARGETS } from './queries';

type Kind = keyof typeof TARGETS;
const NAMES: Record<Kind, string> = { set: 'Set', track: 'Track', artist: 'Artist', label: 'Label' };

async function change(db: Db, kind: Kind, flag: Flag, how: FlagChange, userId: number, id: number) {
  const row = await changeFlag(db, TARGETS[kind], flag, how, userId, id);
  if (row === undefined) throw notFound(NAMES[kind]);
  return row;
}

const bool = (value: boolean | undefined) => value === true;
/** total_user_likes is always returned by the counting statements; 0 guards a deleted-item race. */
const total = (row: FlagRow) => row.total_user_likes ?? 0;

export async function toggleSetFav(db: Db, userId: number, setId: number): Promise<FavResult> {
  const row = await change(db, 'set', 'is_fav', 'toggle', userId, setId);
  return { is_fav: bool(row.is_fav) };
}

export async function toggleTrackFav(db: Db, userId: number, trackId: number): Promise<FavResult> {
  const row = await change(db, 'track', 'is_fav', 'toggle', userId, trackId);
  return { is_fav: bool(row.is_fav) };
}

export async function toggleSetLikes(db: Db, userId: number, setId: number): Promise<SetLikesResult> {
  const row = await change(db, 'set', 'show_likes', 'toggle', userId, setId);
  return { show_likes: bool(row.show_likes) };
}

/** For an ID this starts or stops watching it (domain.md). */
export async function toggleTrackLikes(db: Db, userId: number, trackId: number): Promise<TrackLikesResult> {
  const row = await change(db, 'track', 'show_likes', 'toggle', userId, trackId);
  return { show_likes: bool(row.show_likes), total_user_likes: total(row), is_fav: bool(row.is_fav) };
}

export async function purchaseTrack(db: Db, userId: number, trackId: number): Promise<PurchaseResult> {
  await change(db, 'track', 'is_purchased', true, userId, trackId);
  return { is_purchased: true };
}

export async function toggleFollow(
  db: Db,
  userId: number,
  kind: 'artist' | 'label',
  id: number,
): Promise<FollowResult> {
  const row = await change(db, kind, 'is_followed', 'toggle', userId, id);
  return { is_followed: bool(row.is_followed) };
}

export async function toggleStatsLikes(
  db: Db,
  userId: number,
  kind: 'artist' | 'label',
  id: number,
): Promise<StatsLikesResult> {
  const row = await change(db, kind, 'show_likes', 'toggle', userId, id);
  return { show_likes: bool(row.show_likes), total_user_likes: total(row) };
}

/**
 * Puts a set or track into the user's likes, idempotently (domain.md moment likes: the player's
 * `PUT /favs/set/{id}/likes` and `PUT /favs/track/{id}/likes` call this after POST /set-likes).
 * A track's total_user_likes rises only when it was not yet liked. 404 for an unknown item.
 */
export async function addToLikes(
  db: Db,
  userId: number,
  kind: 'set' | 'track',
  id: number,
): Promise<FlagRow> {
  return change(db, kind, 'show_likes', true, userId, id);
}

// ---------------------------------------------------------------------------------------------------
// Profile lists (spec §7 `/users/{id}/...`)

/**
 * Who may read a user's liked lists: only that user. The spec has no page showing another user's
 * likes (spec §2 /profile/ is the user's own; §6 knows only signed-out and signed-in), and the
 * watched IDs and likes are personal, so another user's id answers 403 (not 404: ids are not secret,
 * the caller is simply not allowed).
 */
function ownLists(callerId: number, ownerId: number): void {
  if (callerId !== ownerId) throw forbidden('You can only read your own library.');
}

export async function likedSets(
  db: Db,
  callerId: number,
  ownerId: number,
  query: ListQuery<'sets'>,
): Promise<ListResponse<SetMeta>> {
  ownLists(callerId, ownerId);
  return listSets(db, callerId, query, { scope: profileScopes.sets(ownerId) });
}

export async function likedTracks(
  db: Db,
  callerId: number,
  ownerId: number,
  query: ListQuery<'tracks'>,
): Promise<ListResponse<TrackMeta>> {
  ownLists(callerId, ownerId);
  return listTracks(db, callerId, query, { scope: profileScopes.tracks(ownerId) });
}

export async function watchedIds(
  db: Db,
  callerId: number,
  ownerId: number,
  query: ListQuery<'ids'>,
): Promise<ListResponse<TrackMeta>> {
  ownLists(callerId, ownerId);
  return listIds(db, callerId, query, { scope: profileScopes.ids(ownerId) });
}

export async function likedArtists(
  db: Db,
  callerId: number,
  ownerId: number,
  query: ListQuery<'artists'>,
): Promise<ListResponse<Artist>> {
  ownLists(callerId, ownerId);
  return listArtists(db, callerId, query, { scope: profileScopes.artists(ownerId) });
}

export async function likedLabels(
  db: Db,
  callerId: number,
  ownerId: number,
  query: ListQuery<'labels'>,
): Promise<ListResponse<Label>> {
  ownLists(callerId, ownerId);
  return listLabels(db, callerId, query, { scope: profileScopes.labels(ownerId) });
}
