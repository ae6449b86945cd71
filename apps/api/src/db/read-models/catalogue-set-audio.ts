// What the fingerprints read of the catalogue's sets (docs/fingerprints.md): which sets have an audio
// file, where tracklist entries sit in that audio, and the entry playing at a point of it. Part of the
// catalogue read layer (db/read-models/): the fingerprints module keeps its own tables
// (set_fingerprints, fingerprint_postings) and joins them with the FROM items below, so each of its
// statements stays one statement without naming a catalogue table.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRows } from '../rows';

/** The sets with an audio file, as a FROM item of (id, audio_path). */
export const setsWithAudio: SQL = sql`(select id, audio_path from sets where audio_path is not null)`;

/** Every set's name, as a FROM item of (id, set_name). */
export const setNames: SQL = sql`(select id, set_name from sets)`;

/**
 * The timed tracklist entries of track `trackId` in every set, as a FROM item of (set_id,
 * track_position, start_time, end_time). An entry of a list without times spans the whole recording,
 * so it says nothing of where the track's audio is.
 */
export const trackEntries = (trackId: number): SQL =>
  sql`(select set_id, track_position, start_time, end_time from set_tracks
       where track_id = ${trackId} and not untimed)`;

/** Where the lists without times of the sets `setIds` name track `trackId`: its place in each. */
export function untimedPlaces(
  db: Db,
  trackId: number,
  setIds: number[],
): Promise<{ setId: number; position: number }[]> {
  if (setIds.length === 0) return Promise.resolve([]);
  return queryRows<{ setId: number; position: number }>(
    db,
    sql`select set_id as "setId", min(track_position) as position from set_tracks
        where track_id = ${trackId} and untimed and set_id in (${sql.join(
          setIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by set_id`,
  );
}

export interface TimedEntry {
  setId: number;
  position: number;
  trackId: number;
  isId: boolean;
  start: number;
  end: number;
}

/** The timed tracklist entries of these sets (a list without times has none), in the order they start. */
export async function timedEntries(db: Db, setIds: number[]): Promise<TimedEntry[]> {
  if (setIds.length === 0) return [];
  return queryRows<TimedEntry>(
    db,
    sql`select st.set_id as "setId", st.track_position as position, st.track_id as "trackId",
               t.mix_type = 'ID' as "isId", st.start_time as start, st.end_time as "end"
        from set_tracks st join tracks t on t.id = st.track_id
        where st.set_id = any(${`{${setIds.join(',')}}`}::int4[]) and not st.untimed
        order by st.set_id, st.start_time, st.track_position`,
  );
}

export interface EntryAt {
  setId: number;
  /** The second asked about, as given. */
  at: number;
  position: number;
  trackId: number;
  /** The entry is an ID (an unnamed track). */
  isId: boolean;
}

/**
 * For each (set, second), the timed tracklist entries playing then: start_time <= second < end_time
 * (an entry of a list without times plays at no particular second).
 */
export async function entriesPlayingAt(db: Db, points: { setId: number; at: number }[]): Promise<EntryAt[]> {
  if (points.length === 0) return [];
  const values = points.map((p) => sql`(${p.setId}::int, ${p.at}::float8)`);
  return queryRows<EntryAt>(
    db,
    sql`select q.set_id as "setId", st.track_position as position, st.track_id as "trackId",
               t.mix_type = 'ID' as "isId", q.at
        from (values ${sql.join(values, sql`, `)}) as q(set_id, at)
        join set_tracks st on st.set_id = q.set_id and not st.untimed
          and st.start_time <= q.at and st.end_time > q.at
        join tracks t on t.id = st.track_id`,
  );
}
