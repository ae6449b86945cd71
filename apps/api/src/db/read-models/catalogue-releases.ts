// What a notification reads of the catalogue about a released ID: the released track, and the set
// the ID was heard in. Part of the catalogue read layer (db/read-models/): the notifications module
// reads the catalogue through it, never the tables themselves.
import { type SQL, sql } from 'drizzle-orm';

/**
 * The joins that follow a row holding an ID's track id in `idTrackColumn` (e.g. `n.id_track_id`):
 * `r` is the track the ID was released as, `h` the ID, `heard` the set the ID was found in (else the
 * first set playing it) with the ID's place in that set.
 */
export function releasedIdJoins(idTrackColumn: string): SQL {
  const id = sql.raw(idTrackColumn);
  return sql`
  join id_releases x on x.id_track_id = ${id}
  join tracks r on r.id = x.released_track_id
  join tracks h on h.id = ${id}
  left join lateral (
    select s.set_name, (select min(st.track_position) from set_tracks st
                        where st.set_id = s.id and st.track_id = h.id) as track_position
    from sets s
    where s.id = coalesce(h.found_in_set_id,
      (select st.set_id from set_tracks st where st.track_id = h.id order by st.set_id limit 1))) heard on true`;
}

/** A release as the contract shapes it (set_meta, track_meta, track_position), over releasedIdJoins(). */
export const releasedIdJson = sql`json_build_object(
    'set_meta', json_build_object('set_name', coalesce(heard.set_name, '')),
    'track_meta', json_build_object('id', r.id, 'artist', r.artist, 'title', r.title,
      'release_date', r.release_date, 'art_url_xl', r.art_url_xl),
    'track_position', coalesce(heard.track_position, 1))`;

/** Matches a release whose released track's title or artist is like `pattern` (ILIKE, over the joins). */
export const releasedIdMatches = (pattern: string): SQL =>
  sql`(r.title ilike ${pattern} or r.artist ilike ${pattern})`;
