// The player's calls (docs/player.md "The queue", POST /set-likes and the two PUT …/likes;
// docs/player.md and moment likes): request bodies, path params and responses.
import { z } from 'zod';
import { count, id, idParam, seconds } from './common';
import { queueItem } from './queue';
import { setUserFav } from './set';
import { trackUserFav } from './track';

/** GET /queue, PUT /queue: the user's queue in `order`. */
export const queueList = z.array(queueItem).meta({ id: 'Queue' });
export type QueueList = z.infer<typeof queueList>;

/** POST /queue: append a set (docs/player.md). `user_id` must be the signed-in user (403 otherwise). */
export const queueAddBody = z.object({ user_id: id, set_meta_id: id }).meta({ id: 'QueueAddBody' });
export type QueueAddBody = z.infer<typeof queueAddBody>;

/**
 * PUT /queue: move item `id` to `order` (the others shift; an order past the end means last) and set
 * its `is_current` (docs/player.md). `set_meta_id` must be the item's set.
 */
export const queueUpdateBody = z
  .object({
    id,
    user_id: id,
    set_meta_id: id,
    order: z.number().int().min(1).max(1_000_000),
    is_current: z.boolean(),
  })
  .meta({ id: 'QueueUpdateBody' });
export type QueueUpdateBody = z.infer<typeof queueUpdateBody>;

/**
 * PUT /queue/new-current: play this set. With is_current true the set becomes the current item right
 * after the one that was current (first when none was): inserted when it is not queued, moved there
 * when it is, left alone when it is current already; answers its item. With is_current false its item
 * is only un-marked (404 when the set is not queued).
 */
export const queueNewCurrentBody = z
  .object({ user_id: id, set_meta_id: id, is_current: z.boolean() })
  .meta({ id: 'QueueNewCurrentBody' });
export type QueueNewCurrentBody = z.infer<typeof queueNewCurrentBody>;

/** PUT /plays: the resume position of a set, in seconds with fractions, stored as sent (docs/player.md). */
export const playBody = z
  .object({ set_meta_id: id, current_timestamp: seconds.max(7 * 24 * 3600) })
  .meta({ id: 'PlayBody' });
export type PlayBody = z.infer<typeof playBody>;

/** GET /set_tracks/play/{track_id}. */
export const trackPlayParams = z.object({ track_id: idParam });

/** POST /set-likes: the user liked the moment `set_timestamp` (seconds with fractions) of the set. */
export const setLikeBody = z
  .object({ set_meta_id: id, set_timestamp: seconds.max(7 * 24 * 3600) })
  .meta({ id: 'SetLikeBody' });
export type SetLikeBody = z.infer<typeof setLikeBody>;

/** POST /set-likes answers the set's total moment likes (docs/library.md Toggles). */
export const setLikeResponse = z.object({ likes: count }).meta({ id: 'SetLikeResponse' });
export type SetLikeResponse = z.infer<typeof setLikeResponse>;

/** PUT /favs/track/{trackId}/likes. */
export const trackIdParams = z.object({ trackId: idParam });

/** PUT /favs/set/{id}/likes answers the set's user_fav; the track variant the track's. */
export const setLikesResponse = setUserFav;
export const trackLikesResponse = trackUserFav;

/**
 * The query of a signed audio link (`mp3_permalink`, docs/player.md):
 * `/media/audio/…mp3?u={userId}&exp={unix seconds}&sig={base64url HMAC-SHA256}`.
 * Kept loose on purpose: any malformed link answers 403 like a tampered one, never 422.
 */
export const audioLinkQuery = z.object({
  u: z.string().max(20).optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});
