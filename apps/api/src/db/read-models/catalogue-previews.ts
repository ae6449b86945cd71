// What a share page shows of an item: its public facts, read by id in one statement per kind, plus a
// short list (a set's full track list, a track's sets, an artist's latest sets, a label's latest
// tracks). Nothing per user: the page is the same for everyone. Part of the catalogue read layer
// (db/read-models/): the share module reads the catalogue through it, never the tables themselves.
import type { PreviewKind } from '@cratedig/contract/catalogue-api';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRow } from '../rows';

/** One line of a page's list: a track list entry, a set, a track. */
export interface PreviewLine {
  /** seconds into the set, for a track list (none for an entry of a list without times) */
  start?: number | null;
  /** the entry's place in the set's list, shown when it has no time */
  position?: number;
  primary: string;
  secondary: string | null;
  /** an unreleased track (mix type ID) */
  is_id?: boolean;
  /** the kind and id of the item the line links to in the app */
  href_kind?: 'sets' | 'tracks';
  href_id?: number;
}

/** An item's facts; each kind's statement answers only the columns it has. */
export interface PreviewRow {
  name: string;
  /** The second line: the set's artists, a track's artists; null for artists and labels. */
  byline: string | null;
  image: string | null;
  bio?: string | null;
  genre?: string | null;
  /** sets: the recorded date; tracks: the release date (YYYY-MM-DD) */
  date?: string | null;
  duration_ms?: number;
  curator?: string | null;
  festival?: string | null;
  venue?: string | null;
  /** "city, country" of the festival or venue */
  place?: string | null;
  label?: string | null;
  bpm?: number | null;
  key?: string | null;
  mix_type?: string;
  /** an ID: the set it was first heard in, and when */
  found_in?: string | null;
  first_heard?: string | null;
  set_count?: number;
  track_count?: number;
  track_confirmed_count?: number;
  artist_count?: number;
  lines: PreviewLine[];
}

const TRACK_NAME = sql`t.title || coalesce(' (' || t.mix_name || ')', '')`;

const STATEMENTS: Record<PreviewKind, (id: number) => SQL> = {
  sets: (
    id,
  ) => sql`select s.set_name as name, s.artist as byline, coalesce(s.art_url_xl, s.art_url_sm) as image,
      s.genre::text as genre, s.release_date::text as date, s.duration_ms, s.curator, f.name as festival,
      v.name as venue, nullif(concat_ws(', ', coalesce(f.city, v.city), coalesce(f.country, v.country)), '') as place,
      s.track_count, s.track_confirmed_count,
      coalesce((select json_agg(json_build_object('start', case when not st.untimed then st.start_time end,
                  'position', st.track_position, 'primary', ${TRACK_NAME},
                  'secondary', t.artist, 'is_id', t.mix_type = 'ID', 'href_kind', 'tracks', 'href_id', t.id)
                order by st.track_position)
                from set_tracks st join tracks t on t.id = st.track_id where st.set_id = s.id), '[]'::json) as lines
    from sets s left join festivals f on f.id = s.festival_id left join venues v on v.id = s.venue_id
    where s.id = ${id}`,
  tracks: (
    id,
  ) => sql`select ${TRACK_NAME} as name, t.artist as byline, coalesce(t.art_url_xl, t.art_url_sm) as image,
      t.genre::text as genre, t.release_date::text as date, t.label_name as label, t.bpm, t.key, t.mix_type,
      fs.set_name as found_in, to_char(t.created_dt at time zone 'UTC', 'YYYY-MM-DD') as first_heard, t.set_count,
      coalesce((select json_agg(json_build_object('start', x.start_time, 'position', x.position, 'primary', x.set_name,
                  'secondary', x.artist, 'href_kind', 'sets', 'href_id', x.id) order by x.release_date desc, x.id)
                from (select s.id, s.set_name, s.artist, s.release_date,
                        min(st.start_time) filter (where not st.untimed) as start_time, min(st.track_position) as position
                      from set_tracks st join sets s on s.id = st.set_id where st.track_id = t.id
                      group by s.id order by s.release_date desc, s.id limit 10) x), '[]'::json) as lines
    from tracks t left join sets fs on fs.id = t.found_in_set_id where t.id = ${id}`,
  artists: (id) => sql`select a.name, null as byline, a.art_url_xl as image, nullif(a.bio, '') as bio,
      a.set_count, a.track_count,
      coalesce((select json_agg(json_build_object('primary', x.set_name, 'secondary', x.release_date::text,
                  'href_kind', 'sets', 'href_id', x.id) order by x.release_date desc, x.id desc)
                from (select s.id, s.set_name, s.release_date from set_artists sa join sets s on s.id = sa.set_id
                      where sa.artist_id = a.id order by s.release_date desc, s.id desc limit 8) x), '[]'::json) as lines
    from (select id, name, bio, set_count, track_count, coalesce(art_url_xl, art_url_sm) as art_url_xl
          from artists where id = ${id}) a`,
  labels: (
    id,
  ) => sql`select l.name, null as byline, coalesce(l.art_url_xl, l.logo_url, l.art_url_sm) as image,
      nullif(l.bio, '') as bio, l.set_count, l.track_count, l.artist_count,
      coalesce((select json_agg(json_build_object('primary', x.name, 'secondary', x.artist,
                  'href_kind', 'tracks', 'href_id', x.id) order by x.release_date desc nulls last, x.id desc)
                from (select t.id, ${TRACK_NAME} as name, t.artist, t.release_date from tracks t
                      where t.label_id = l.id order by t.release_date desc nulls last, t.id desc limit 8) x), '[]'::json) as lines
    from labels l where l.id = ${id}`,
};

export async function findPreview(db: Db, kind: PreviewKind, id: number): Promise<PreviewRow | undefined> {
  return queryRow<PreviewRow>(db, STATEMENTS[kind](id));
}
