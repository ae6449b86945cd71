// The catalogue's like counters that a listener's action raises (sets.likes, set_tracks.likes,
// tracks.total_user_likes): the catalogue owns these rows (docs/database.md "Who owns which tables"),
// the player raises them through these fragments. Each is an SQL fragment, so the player's statement
// stays one statement (its locks and data-modifying CTEs keep concurrent likes exact).
import { type SQL, sql } from 'drizzle-orm';

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
