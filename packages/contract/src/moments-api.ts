// The crowd's moments: where a set's moment likes fall (the heat strip and its peak), where its
// comments were written (seek bar markers), the sets a user can continue, the set they last played,
// and where a track plays in its sets with the likes it got there.
import { z } from 'zod';
import { count, id, instant, limitParam, listResponse, offsetParam, seconds } from './common';
import { setMeta } from './set';

/** The set track playing at a moment: enough to name it and link to it. */
export const momentTrack = z
  .object({
    track_position: z.number().int().min(1),
    track_meta_id: id,
    artist: z.string(),
    title: z.string(),
    start_time: seconds,
    end_time: seconds,
    // the moment likes that fell in this set track (the track list's Likes column)
    likes: count,
  })
  .meta({ id: 'MomentTrack' });
export type MomentTrack = z.infer<typeof momentTrack>;

/**
 * GET /sets/{id}/heat: the set's moment likes per bucket of `bucket_s` seconds. `buckets[i]` counts
 * the likes at seconds [i * bucket_s, (i + 1) * bucket_s); there are ceil(duration_s / bucket_s)
 * of them (at most HEAT_MAX_BUCKETS) and likes past the set's end are left out. The counts are exact
 * and unsmoothed: the client smooths them for drawing. `bucket_s` is a multiple of HEAT_SLOT_S chosen
 * from the duration. `tracks` is the timed part of the track list, so a bucket's track can be named
 * without the set detail (the track playing at second t: the latest started one with start_time <= t
 * < end_time); an entry of a list without times plays at no second, so it is left out.
 */
export const setHeat = z
  .object({
    set_meta_id: id,
    duration_s: count,
    bucket_s: z.number().int().positive(),
    buckets: z.array(count),
    // the sum of `buckets`
    total: count,
    // the most liked bucket (ties: the earliest); null when the set has no likes yet. `at_s` is the
    // moment itself: inside that bucket, the most liked five-second slot (ties: the earliest), and in
    // it the median second the likes were given at. The page names it, draws its mark there and
    // 'Jump to the most liked moment' seeks to it.
    peak: z
      .object({
        bucket: count,
        start_s: count,
        end_s: count,
        at_s: count,
        likes: count,
        // the set track playing at at_s, when one is
        track_position: z.number().int().min(1).nullable(),
      })
      .nullable(),
    tracks: z.array(momentTrack),
  })
  .meta({ id: 'SetHeat' });
export type SetHeat = z.infer<typeof setHeat>;

/** GET /sets/{id}/posts/markers: one marker per timed comment (set_timestamp > 0), in set order. */
export const commentMarker = z
  .object({
    id,
    set_timestamp: seconds,
    // the comment's first line, cut to COMMENT_MARKER_TEXT_MAX characters (with '…' when cut)
    first_line: z.string(),
    author: z.object({ id, username: z.string() }),
  })
  .meta({ id: 'CommentMarker' });
export type CommentMarker = z.infer<typeof commentMarker>;

export const commentMarkers = z
  .object({ data: z.array(commentMarker), total: count })
  .meta({ id: 'CommentMarkers', description: 'At most COMMENT_MARKERS_MAX markers; total counts all.' });
export type CommentMarkers = z.infer<typeof commentMarkers>;

/**
 * A set the user played, where they were, and the set track playing there. Used by GET
 * /plays/continue (resumable sets) and GET /plays/last (the last played set, for the bottom player).
 */
export const playedSet = z
  .object({
    set_meta: setMeta,
    // the saved resume position in seconds (as user_fav.current_timestamp)
    current_timestamp: seconds,
    // when that position was saved
    played_dt: instant,
    track: momentTrack.nullable(),
  })
  .meta({ id: 'PlayedSet' });
export type PlayedSet = z.infer<typeof playedSet>;

/** GET /plays/continue: newest first, paged with limit (default 10) and offset. */
export const continueListeningQuery = z.object({ limit: limitParam(10), offset: offsetParam });
export type ContinueListeningQuery = z.output<typeof continueListeningQuery>;

export const continueListeningList = listResponse(playedSet).meta({ id: 'ContinueListeningList' });
export type ContinueListeningList = z.infer<typeof continueListeningList>;

/** GET /tracks/{id}/moments: where the track plays in sets, and the moment likes it got there. */
export const trackMomentsQuery = z.object({
  // the sets to answer for (e.g. the ids of the sets tab's page), comma-separated, at most 100;
  // without it the first 100 sets containing the track by set id
  set_ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'A comma-separated list of at most 100 set ids')
    .transform((value) => value.split(',').map(Number))
    .pipe(z.array(id))
    .optional(),
});
export type TrackMomentsQuery = z.output<typeof trackMomentsQuery>;

export const trackMoment = z
  .object({
    set_meta_id: id,
    track_position: z.number().int().min(1),
    start_time: seconds,
    end_time: seconds,
    likes: count,
    // present (true) when the set's list has no times: the entry spans the recording, so it has no
    // moment to play from; track_position is its place in the list
    untimed: z.literal(true).optional(),
  })
  .meta({ id: 'TrackMoment' });
export type TrackMoment = z.infer<typeof trackMoment>;

export const trackMoments = z.object({ data: z.array(trackMoment) }).meta({ id: 'TrackMoments' });
export type TrackMoments = z.infer<typeof trackMoments>;
