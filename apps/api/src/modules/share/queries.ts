// What a share preview shows of an item (spec §7 Sharing): a few public fields, read by id.
import type { PreviewKind } from '@cratedig/contract/catalogue-api';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface PreviewRow {
  name: string;
  /** The second line: the set's artists, a track's artists, ... */
  byline: string | null;
  details: string | null;
  image: string | null;
}

const STATEMENTS: Record<PreviewKind, (id: number) => SQL> = {
  sets: (id) => sql`select set_name as name, artist as byline,
      concat_ws(' · ', 'Recorded ' || release_date::text, genre, track_count || ' tracks') as details,
      coalesce(art_url_xl, art_url_sm) as image from sets where id = ${id}`,
  tracks: (id) => sql`select t.title || coalesce(' (' || t.mix_name || ')', '') as name, t.artist as byline,
      case when t.mix_type = 'ID' then concat_ws(' ', 'Unreleased ID, first heard in', s.set_name)
           else concat_ws(' · ', t.label_name, t.release_date::text, t.genre) end as details,
      coalesce(t.art_url_xl, t.art_url_sm) as image
    from tracks t left join sets s on s.id = t.found_in_set_id where t.id = ${id}`,
  artists: (id) => sql`select name, null as byline,
      coalesce(nullif(left(bio, 200), ''), set_count || ' sets · ' || track_count || ' tracks') as details,
      coalesce(art_url_xl, art_url_sm) as image from artists where id = ${id}`,
  labels: (id) => sql`select name, null as byline,
      coalesce(nullif(left(bio, 200), ''), track_count || ' tracks · ' || artist_count || ' artists') as details,
      coalesce(art_url_xl, logo_url, art_url_sm) as image from labels where id = ${id}`,
};

export async function findPreview(db: Db, kind: PreviewKind, id: number): Promise<PreviewRow | undefined> {
  const result = (await db.execute(STATEMENTS[kind](id))) as unknown as { rows: PreviewRow[] };
  return result.rows[0];
}
