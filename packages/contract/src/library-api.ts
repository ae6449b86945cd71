// The library calls: favourites, likes (watching, for an ID), follows and purchases, and the profile
// lists `/users/{id}/...`. Each toggle answers the item's state after the change, and the web client
// flips its buttons from these answers rather than guessing.
import { z } from 'zod';
import { count, idParams } from './common';

/** PUT /favs/set/{id} and PUT /favs/track/{id}: in the user's favourites or not. */
export const favResult = z.object({ is_fav: z.boolean() }).meta({ id: 'FavResult' });
export type FavResult = z.infer<typeof favResult>;

/** PUT /favs/set/{id}/likes-toggle: in the user's likes (profile Liked Sets) or not. */
export const setLikesResult = z.object({ show_likes: z.boolean() }).meta({ id: 'SetLikesResult' });
export type SetLikesResult = z.infer<typeof setLikesResult>;

/**
 * PUT /favs/track/{id}/likes-toggle: for an ID, show_likes means watching it (docs/library.md).
 * total_user_likes is the track's count after this change, exact under concurrent toggles.
 */
export const trackLikesResult = z
  .object({ show_likes: z.boolean(), total_user_likes: count, is_fav: z.boolean() })
  .meta({ id: 'TrackLikesResult' });
export type TrackLikesResult = z.infer<typeof trackLikesResult>;

/** PUT /favs/track/{id}/purchase: idempotent, always true once the store link was opened. */
export const purchaseResult = z.object({ is_purchased: z.literal(true) }).meta({ id: 'PurchaseResult' });
export type PurchaseResult = z.infer<typeof purchaseResult>;

/** PUT /stats/{artist,label}/{id}/follow. */
export const followResult = z.object({ is_followed: z.boolean() }).meta({ id: 'FollowResult' });
export type FollowResult = z.infer<typeof followResult>;

/**
 * PUT /stats/{artist,label}/{id}/likes-toggle. The spec names show_likes; total_user_likes (the
 * item's count after this change) lets the like badge update without re-reading the page.
 */
export const statsLikesResult = z
  .object({ show_likes: z.boolean(), total_user_likes: count })
  .meta({ id: 'StatsLikesResult' });
export type StatsLikesResult = z.infer<typeof statsLikesResult>;

/**
 * GET /users/{id}/sets, /tracks, /ids, /artists, /labels: the profile tabs Liked Sets, Liked Tracks,
 * Watched IDs, Liked Artists, Liked Labels. Each takes its kind's list query (catalogue-api.ts
 * setListQuery, trackListQuery, idListQuery, artistListQuery, labelListQuery) and answers its kind's
 * list. Only the signed-in user's own lists are readable (403 for another user's id): the spec has
 * no public profile page (docs/web-app.md /profile/ shows the user's own; docs/accounts.md knows no other
 * role).
 */
export const userListParams = idParams;

/** The profile tabs and what each lists (docs/library.md). */
export const PROFILE_LISTS = ['sets', 'tracks', 'ids', 'artists', 'labels'] as const;
export type ProfileList = (typeof PROFILE_LISTS)[number];
