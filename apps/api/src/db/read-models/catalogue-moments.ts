// What the player reads of a set's track list for its moments: the track playing at a position, a
// set's whole list, and where a track plays in sets. Part of the catalogue read layer
// (db/read-models/): the player reads the catalogue through it, never the tables themselves.
import { type SQL, sql } from 'drizzle-orm';

/** A set track under alias `st` joined with its track `t`, as a MomentTrack. */
const MOMENT_TRACK = sql`json_build_object('track_position', st.track_position, 'track_meta_id', st.track_id,
  'artist', t.artist, 'title', t.title, 'start_time', st.start_time, 'end_time', st.end_time, 'likes', st.likes)`;

/**
 * The MomentTrack playing at second `position` of set `setId` (SQL expressions): the latest started
 * one with start_time <= position < end_time, as a moment like is attributed (an untimed entry, which
 * spans the whole recording, never is).
 */
export function momentTrackAt(setId: SQL, position: SQL): SQL {
  return sql`(select ${MOMENT_TRACK} from set_tracks st join tracks t on t.id = st.track_id
    where st.set_id = ${setId} and not st.untimed
      and st.start_time <= ${position} and st.end_time > ${position}
    order by st.start_time desc, st.track_position desc limit 1)`;
}

/**
 * The set `setId`'s timed track list as a JSON array of MomentTrack, in track position order: an
 * entry of a list without times plays at no second of the set, so it is left out.
 */
export function momentTrackList(setId: SQL): SQL {
  return sql`coalesce((select json_agg(${MOMENT_TRACK} order by st.track_position)
                    from set_tracks st join tracks t on t.id = st.track_id
                    where st.set_id = ${setId} and not st.untimed), '[]'::json)`;
}

/**
 * Where track `trackId` plays, as a JSON array of (set_meta_id, track_position, start_time, end_time,
 * likes, and untimed: true for an entry of a list without times) in set id and track position order:
 * in the sets `setIds`, or the first 100 sets by id.
 */
export function trackPlaces(trackId: number, setIds: number[] | undefined): SQL {
  const inSets = setIds
    ? sql`and st.set_id in (${sql.join(
        setIds.map((setId) => sql`${setId}`),
        sql`, `,
      )})`
    : sql`and st.set_id in (select distinct set_id from set_tracks where track_id = ${trackId} order by set_id limit 100)`;
  return sql`coalesce((select json_agg(jsonb_build_object('set_meta_id', st.set_id, 'track_position', st.track_position,
                      'start_time', st.start_time, 'end_time', st.end_time, 'likes', st.likes)
                      || case when st.untimed then '{"untimed": true}'::jsonb else '{}'::jsonb end
                    order by st.set_id, st.track_position)
                    from set_tracks st where st.track_id = ${trackId} ${inSets}), '[]'::json)`;
}

/** Whether track `trackId` exists (a boolean SQL expression). */
export const trackExists = (trackId: number): SQL => sql`exists (select 1 from tracks where id = ${trackId})`;
