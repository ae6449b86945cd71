// What a notification reads of the catalogue about an ID: the ID itself, the track it was released as,
// the track a proposal names, and the set the ID was heard in. Part of the catalogue read layer
// (db/read-models/): the notifications module reads the catalogue through it, never the tables
// themselves; the JSON it builds over these aliases is its own.
import { type SQL, sql } from 'drizzle-orm';

/**
 * The joins that follow a row naming an ID, as aliases: `h` the ID (its track row; nulls when the row
 * names none, as a takedown notification does, so such a row is kept),
 * `r` the track it was released as (when `released` holds and a release exists, else nulls), `pt`
 * the track a proposal names (by the track id in `proposedTrackId`, else nulls), and `heard` (id,
 * set_name, track_position): the set the ID was found in, else the first set playing it, with the
 * ID's first place in that set.
 */
export function idNoticeJoins(idTrackId: SQL, released: SQL, proposedTrackId: SQL): SQL {
  return sql`
  left join tracks h on h.id = ${idTrackId}
  left join id_releases x on x.id_track_id = h.id and ${released}
  left join tracks r on r.id = x.released_track_id
  left join tracks pt on pt.id = ${proposedTrackId}
  left join lateral (
    select s.id, s.set_name, (select min(st.track_position) from set_tracks st
                        where st.set_id = s.id and st.track_id = h.id) as track_position
    from sets s
    where s.id = coalesce(h.found_in_set_id,
      (select st.set_id from set_tracks st where st.track_id = h.id order by st.set_id limit 1))) heard on true`;
}
