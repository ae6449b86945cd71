// What the import reads of the catalogue before it writes: the items it may reuse (by normalised name,
// by recording date, by credits and title), the IDs already heard in a set, and whether what it created
// reaches beyond the sets it imported. Part of the catalogue read layer (db/read-models/): the import
// module reads the catalogue through these, and keys and compares the rows itself.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { intArrayText, textArray } from '../compiled';
import { queryRows } from '../rows';

/** An int[] parameter (drizzle would expand a JS array into a row constructor). */
export const intArray = (ids: readonly number[]): SQL => sql`${intArrayText(ids)}::int[]`;

export type NamedKind = 'artists' | 'labels' | 'festivals' | 'venues';

/**
 * The items of one kind whose normalised name (cd_normalise_name, the search's normalisation) is one
 * of `keys`, lowest id first. Artists and labels are looked up through the search documents' name
 * index; festivals and venues are few.
 */
export function itemsNamed(db: Db, kind: NamedKind, keys: string[]): Promise<{ id: number; key: string }[]> {
  const statement =
    kind === 'artists' || kind === 'labels'
      ? sql`select d.item_id as id, d.name as key from search_documents d
          where d.kind = ${kind} and d.name = any(${textArray(keys)}) order by d.item_id`
      : sql`select id, cd_normalise_name(name) as key from ${sql.raw(kind)}
          where cd_normalise_name(name) = any(${textArray(keys)}) order by id`;
  return queryRows<{ id: number; key: string }>(db, statement);
}

/** The sets recorded on one of `dates` (YYYY-MM-DD), lowest id first. */
export function setsRecordedOn(
  db: Db,
  dates: string[],
): Promise<{ id: number; set_name: string; release_date: string }[]> {
  return queryRows<{ id: number; set_name: string; release_date: string }>(
    db,
    sql`select id, set_name, to_char(release_date, 'YYYY-MM-DD') as release_date from sets
      where release_date = any(${`{${dates.join(',')}}`}::date[]) order by id`,
  );
}

export interface ExistingTrack {
  id: number;
  title: string;
  artist: string;
  mix_type: string;
  mix_name: string | null;
  credits: { name: string; role: string }[] | null;
}

/** Released tracks credited to any of `artistIds`, or titled one of `titles`, with their credits by name. */
export function trackCandidates(db: Db, artistIds: number[], titles: string[]): Promise<ExistingTrack[]> {
  return queryRows<ExistingTrack>(
    db,
    sql`
      with c as (
        select ta.track_id as id from track_artists ta where ta.artist_id = any(${intArray(artistIds)})
        union select t.id from tracks t where t.title = any(${textArray(titles)})
      )
      select t.id, t.title, t.artist, t.mix_type, t.mix_name,
        (select json_agg(json_build_object('name', a.name, 'role', ta.role))
         from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id) as credits
      from c join tracks t on t.id = c.id where t.mix_type <> 'ID' order by t.id`,
  );
}

/** IDs first heard in set `setId`, oldest first, with their artist line. */
export function idsFirstHeardIn(db: Db, setId: number): Promise<{ id: number; artist: string }[]> {
  return queryRows<{ id: number; artist: string }>(
    db,
    sql`select id, artist from tracks where found_in_set_id = ${setId} and mix_type = 'ID' order by id`,
  );
}

/**
 * How many of `tracks` no set of `sets` plays, plus the founders (label bosses) of `labels`: what a
 * refresh of the tabs' relations scoped to `sets` would not reach.
 */
export async function reachedOutsideSets(
  db: Db,
  created: { sets: number[]; tracks: number[]; labels: number[] },
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (
      select count(*) from unnest(${intArray(created.tracks)}) t(id)
      where not exists (select 1 from set_tracks st where st.track_id = t.id and st.set_id = any(${intArray(created.sets)}))
    ) + (select count(*) from label_bosses where label_id = any(${intArray(created.labels)}))::int as n`,
  );
  return Number(row?.n ?? 0);
}
