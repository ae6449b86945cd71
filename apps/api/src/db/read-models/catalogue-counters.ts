// What the player reads and keeps of a set or track row itself: whether it exists, its length, the
// tracks that play a track, and the like counters a listener's action raises. Part of the catalogue
// read layer (db/read-models/): the player names these rows through it, never the tables themselves.
// Each helper is an SQL fragment, so the player's statement stays one statement (its locks and
// data-modifying CTEs keep concurrent likes exact).
import { type SQL, sql } from 'drizzle-orm';

/** Whether set `setId` exists (a boolean SQL expression). */
export const setExists = (setId: number): SQL => sql`exists (select 1 from sets where id = ${setId})`;

/** The set's row as `(id, duration_ms)`, none when there is no such set: a FROM item. */
export const setTiming = (setId: number): SQL => sql`(select id, duration_ms from sets where id = ${setId})`;

/**
 * Where track `trackId` plays, as a FROM item of (set_id, start_time, track_position, via_release,
 * untimed): in its own right, or, for a track released from an ID, where that ID was heard
 * (via_release true); untimed for an entry of a list without times.
 */
export const trackPlayPlaces = (trackId: number): SQL =>
  sql`(select st.set_id, st.start_time, st.track_position, st.track_id <> ${trackId} as via_release, st.untimed
       from set_tracks st
       where st.track_id in (select ${trackId}::int union all
         select r.id_track_id from id_releases r where r.released_track_id = ${trackId}))`;

/** Raises the set's likes by one: a data-modifying statement returning (id, likes), none if no set. */
export const raiseSetLikes = (setId: number): SQL =>
  sql`update sets set likes = likes + 1 where id = ${setId} returning id, likes`;

/**
 * Raises the likes of the set track playing at second `t` (the latest started one when two overlap in
 * a transition): a data-modifying statement returning (track_position, track_id), none if no track plays.
 */
export const raisePlayingTrackLikes = (setId: number, t: number): SQL =>
  sql`update set_tracks x set likes = x.likes + 1
      from (select track_position from set_tracks
            where set_id = ${setId} and not untimed and start_time <= ${t}::float8 and end_time > ${t}::float8
            order by start_time desc, track_position desc limit 1) playing
      where x.set_id = ${setId} and x.track_position = playing.track_position
      returning x.track_position, x.track_id`;

/** Raises by one the listener-likes total of the tracks whose ids `trackIds` selects (a subquery). */
export const raiseTrackUserLikes = (trackIds: SQL): SQL =>
  sql`update tracks set total_user_likes = total_user_likes + 1 where id in (${trackIds})`;
