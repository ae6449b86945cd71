// Library rules: which flag each call changes (favourite, like, follow, purchase), the answer each call
// gives, 404 for unknown items, and the profile lists (who may read them, and which catalogue list each
// one is).
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
import { forbidden, notFound } from '../../lib/http-errors';
import type { UserContext } from '../../plugins/service-context';
import { listArtists, listIds, listLabels, listSets, listTracks } from '../catalogue/service';
import { changeFlag, type Flag, type FlagChange, type FlagRow, profileScopes, TARGETS } from './queries';

type Kind = keyof typeof TARGETS;
const NAMES: Record<Kind, string> = {
  set: 'Set',
  track: 'Track',
  artist: 'Artist',
  label: 'Label',
  festival: 'Festival',
  venue: 'Venue',
};

async function change(ctx: UserContext, kind: Kind, flag: Flag, how: FlagChange, id: number) {
  const row = await changeFlag(ctx.db, TARGETS[kind], flag, how, ctx.userId, id);
  if (row === undefined) throw notFound(NAMES[kind]);
  return row;
}

const bool = (value: boolean | undefined) => value === true;
/** total_user_likes is always returned by the counting statements; 0 guards a deleted-item race. */
const total = (row: FlagRow) => row.total_user_likes ?? 0;

export async function toggleSetFav(ctx: UserContext, setId: number): Promise<FavResult> {
  const row = await change(ctx, 'set', 'is_fav', 'toggle', setId);
  return { is_fav: bool(row.is_fav) };
}

export async function toggleTrackFav(ctx: UserContext, trackId: number): Promise<FavResult> {
  const row = await change(ctx, 'track', 'is_fav', 'toggle', trackId);
  return { is_fav: bool(row.is_fav) };
}

export async function toggleSetLikes(ctx: UserContext, setId: number): Promise<SetLikesResult> {
  const row = await change(ctx, 'set', 'show_likes', 'toggle', setId);
  return { show_likes: bool(row.show_likes) };
}

/** For an ID this starts or stops watching it (docs/library.md). */
export async function toggleTrackLikes(ctx: UserContext, trackId: number): Promise<TrackLikesResult> {
  const row = await change(ctx, 'track', 'show_likes', 'toggle', trackId);
  return { show_likes: bool(row.show_likes), total_user_likes: total(row), is_fav: bool(row.is_fav) };
}

export async function purchaseTrack(ctx: UserContext, trackId: number): Promise<PurchaseResult> {
  await change(ctx, 'track', 'is_purchased', true, trackId);
  return { is_purchased: true };
}

export async function toggleFollow(
  ctx: UserContext,
  kind: 'artist' | 'label' | 'festival' | 'venue',
  id: number,
): Promise<FollowResult> {
  const row = await change(ctx, kind, 'is_followed', 'toggle', id);
  return { is_followed: bool(row.is_followed) };
}

export async function toggleStatsLikes(
  ctx: UserContext,
  kind: 'artist' | 'label',
  id: number,
): Promise<StatsLikesResult> {
  const row = await change(ctx, kind, 'show_likes', 'toggle', id);
  return { show_likes: bool(row.show_likes), total_user_likes: total(row) };
}

// ---------------------------------------------------------------------------------------------------
// Profile lists (docs/library.md `/users/{id}/...`)

/**
 * Who may read a user's liked lists: only that user. The spec has no page showing another user's
 * likes (docs/web-app.md /profile/ is the user's own; docs/accounts.md knows only signed-out and signed-in),
 * and the watched IDs and likes are personal, so another user's id answers 403 (not 404: ids are not secret,
 * the caller is simply not allowed).
 */
function ownLists(callerId: number, ownerId: number): void {
  if (callerId !== ownerId) throw forbidden('You can only read your own library.');
}

export async function likedSets(
  ctx: UserContext,
  ownerId: number,
  query: ListQuery<'sets'>,
): Promise<ListResponse<SetMeta>> {
  ownLists(ctx.userId, ownerId);
  return listSets(ctx, query, { scope: profileScopes.sets(ownerId) });
}

export async function likedTracks(
  ctx: UserContext,
  ownerId: number,
  query: ListQuery<'tracks'>,
): Promise<ListResponse<TrackMeta>> {
  ownLists(ctx.userId, ownerId);
  return listTracks(ctx, query, { scope: profileScopes.tracks(ownerId) });
}

export async function watchedIds(
  ctx: UserContext,
  ownerId: number,
  query: ListQuery<'ids'>,
): Promise<ListResponse<TrackMeta>> {
  ownLists(ctx.userId, ownerId);
  return listIds(ctx, query, { scope: profileScopes.ids(ownerId) });
}

export async function likedArtists(
  ctx: UserContext,
  ownerId: number,
  query: ListQuery<'artists'>,
): Promise<ListResponse<Artist>> {
  ownLists(ctx.userId, ownerId);
  return listArtists(ctx, query, { scope: profileScopes.artists(ownerId) });
}

export async function likedLabels(
  ctx: UserContext,
  ownerId: number,
  query: ListQuery<'labels'>,
): Promise<ListResponse<Label>> {
  ownLists(ctx.userId, ownerId);
  return listLabels(ctx, query, { scope: profileScopes.labels(ownerId) });
}
