// What the player reads of a set or track row itself: whether it exists, its length, the tracks that
// play a track. Part of the catalogue read layer (db/read-models/): the player names these rows
// through it, never the tables themselves. Each helper is an SQL fragment, so the player's statement
// stays one statement. The like counters a listener's action raises are the catalogue's writes, in
// modules/catalogue/counters-service.ts.
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
