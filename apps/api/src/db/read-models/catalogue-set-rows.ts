// What a pasted tracklist is compared with (docs/import.md, suggesting a tracklist): the set's rows,
// each with its track's names and credits, and whether it is an ID that still takes suggestions
// (neither released nor identified). Part of the catalogue read layer (db/read-models/).
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRow, queryRows } from '../rows';

export interface SetRow {
  track_position: number;
  start_time: number;
  end_time: number;
  /** An entry of a list without times: start_time says nothing, track_position is its place. */
  untimed: boolean;
  track_id: number;
  title: string;
  artist: string;
  mix_type: string;
  mix_name: string | null;
  /** The label as the track names it. */
  label_name?: string | null;
  credits: { name: string; role: string }[] | null;
  /** An ID that still takes suggestions. */
  open_id: boolean;
  /** The track an ID was released as, when it was. */
  released_as: number | null;
}

export async function setExists(db: Db, setId: number): Promise<boolean> {
  return (await queryRow<{ id: number }>(db, sql`select id from sets where id = ${setId}`)) !== undefined;
}

export async function findSetRows(db: Db, setId: number): Promise<SetRow[]> {
  return queryRows<SetRow>(
    db,
    sql`
      select st.track_position, st.start_time, st.end_time, st.untimed, t.id as track_id, t.title, t.artist,
        t.mix_type, t.mix_name, t.label_name, r.released_track_id as released_as,
        (select json_agg(json_build_object('name', a.name, 'role', ta.role))
         from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id) as credits,
        (t.mix_type = 'ID' and r.id_track_id is null and not exists (
          select 1 from identifications i where i.id_track_id = t.id and i.status = 'accepted')) as open_id
      from set_tracks st
      join tracks t on t.id = st.track_id
      left join id_releases r on r.id_track_id = t.id
      where st.set_id = ${setId}
      order by st.track_position`,
  );
}
