// The import's SQL: reading what the catalogue already has (by name) and adding new rows. An import
// only adds; existing rows are reused as they are.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { normaliseName, normaliseTitle } from './normalise';

/** An int[] parameter (drizzle would expand a JS array into a row constructor). */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

export type NamedKind = 'artists' | 'labels' | 'festivals' | 'venues';

/**
 * The catalogue's items of one kind whose normalised name (cd_normalise_name, the search's
 * normalisation) equals one of `names`' keys, keyed by that key (lowest id first). Artists, labels and
 * tracks are looked up through the search documents' name index; festivals and venues are few.
 */
export async function findByNames(db: Db, kind: NamedKind, names: string[]): Promise<Map<string, number>> {
  const index = new Map<string, number>();
  const keys = [...new Set(names.map(normaliseName))].filter((k) => k !== '');
  if (keys.length === 0) return index;
  const wanted = sql`${`{${keys.map(pgQuote).join(',')}}`}::text[]`;
  const statement =
    kind === 'artists' || kind === 'labels'
      ? sql`select d.item_id as id, d.name as key from search_documents d
          where d.kind = ${kind} and d.name = any(${wanted}) order by d.item_id`
      : sql`select id, cd_normalise_name(name) as key from ${sql.raw(kind)}
          where cd_normalise_name(name) = any(${wanted}) order by id`;
  for (const row of await queryRows<{ id: number; key: string }>(db, statement)) {
    if (!index.has(row.key)) index.set(row.key, row.id);
  }
  return index;
}

/** Existing sets recorded on one of `dates`, keyed `normalised name|date`. */
export async function findSetsByDates(db: Db, dates: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (dates.length === 0) return found;
  const rows = await queryRows<{ id: number; set_name: string; release_date: string }>(
    db,
    sql`select id, set_name, to_char(release_date, 'YYYY-MM-DD') as release_date from sets
      where release_date = any(${`{${dates.join(',')}}`}::date[]) order by id`,
  );
  for (const row of rows) {
    const key = `${normaliseName(row.set_name)}|${row.release_date}`;
    if (!found.has(key)) found.set(key, row.id);
  }
  return found;
}

export interface ExistingTrack {
  id: number;
  title: string;
  artist: string;
  mix_type: string;
  credits: { name: string; role: string }[] | null;
}

/** Tracks credited to any of `artistIds`, or titled one of `titles`, with their credits by name. */
export async function findTrackCandidates(
  db: Db,
  artistIds: number[],
  titles: string[],
): Promise<ExistingTrack[]> {
  if (artistIds.length === 0 && titles.length === 0) return [];
  return await queryRows<ExistingTrack>(
    db,
    sql`
      with c as (
        select ta.track_id as id from track_artists ta where ta.artist_id = any(${intArray(artistIds)})
        union select t.id from tracks t where t.title = any(${`{${titles.map(pgQuote).join(',')}}`}::text[])
      )
      select t.id, t.title, t.artist, t.mix_type,
        (select json_agg(json_build_object('name', a.name, 'role', ta.role))
         from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id) as credits
      from c join tracks t on t.id = c.id where t.mix_type <> 'ID' order by t.id`,
  );
}

/** IDs first heard in an existing set, oldest first, with their artist line. */
export async function findSetIds(db: Db, setId: number): Promise<{ id: number; artist: string }[]> {
  return queryRows<{ id: number; artist: string }>(
    db,
    sql`select id, artist from tracks where found_in_set_id = ${setId} and mix_type = 'ID' order by id`,
  );
}

/** Quotes one element of a text[] literal. */
function pgQuote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The comparison key of a track: its artists by role, title and mix (normalised). */
export function trackKey(t: {
  title: string;
  artistLine: string;
  mixType: string;
  credits: { name: string; role: string }[];
}): string {
  const names = (roles: string[]) =>
    t.credits
      .filter((c) => roles.includes(c.role))
      .map((c) => normaliseName(c.name))
      .sort()
      .join('+');
  const artists = t.credits.length > 0 ? names(['producer', 'feat', 'ID']) : normaliseName(t.artistLine);
  return `${artists}|${normaliseTitle(t.title)}|${t.mixType}|${names(['mixer'])}`;
}

/** Inserts rows (objects with the same keys) and returns their new ids in the same order. */
export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const ids: number[] = [];
  const first = rows[0];
  if (!first) return ids;
  const columns = Object.keys(first);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = sql.join(
      chunk.map(
        (row) =>
          sql`(${sql.join(
            columns.map((c) => sql`${row[c] ?? null}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    const statement = sql`insert into ${sql.raw(table)} (${sql.raw(columns.map((c) => `"${c}"`).join(', '))})
      values ${values} returning id`;
    ids.push(...(await queryRows<{ id: number }>(db, statement)).map((r) => r.id));
  }
  return ids;
}

/** Inserts link rows (no id). */
export async function insertLinks(db: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const values = sql.join(
      chunk.map(
        (row) =>
          sql`(${sql.join(
            columns.map((c) => sql`${row[c] ?? null}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    await db.execute(sql`insert into ${sql.raw(table)} (${sql.raw(columns.map((c) => `"${c}"`).join(', '))})
      values ${values} on conflict do nothing`);
  }
}

/** Brings the maintained counts and dates up to date for what an import created (migration 0012). */
export async function refreshStatsFor(
  db: Db,
  created: {
    sets: number[];
    tracks: number[];
    artists: number[];
    labels: number[];
    festivals: number[];
    venues: number[];
  },
): Promise<void> {
  await db.execute(sql`select refresh_catalogue_stats_for(${intArray(created.sets)}, ${intArray(created.tracks)},
    ${intArray(created.artists)}, ${intArray(created.labels)}, ${intArray(created.festivals)}, ${intArray(created.venues)})`);
  // The tabs' relations copy the stats as sort keys, so they follow the stats. A refresh scoped to the
  // imported sets covers their tracks, artists and labels; a track no imported set plays, or a label
  // founder, is reached only by the whole refresh (which writes only the rows that changed).
  const outside = await queryRows<{ n: number }>(
    db,
    sql`select (
      select count(*) from unnest(${intArray(created.tracks)}) t(id)
      where not exists (select 1 from set_tracks st where st.track_id = t.id and st.set_id = any(${intArray(created.sets)}))
    ) + (select count(*) from label_bosses where label_id = any(${intArray(created.labels)}))::int as n`,
  );
  const scoped = Number(outside[0]?.n ?? 0) === 0;
  await db.execute(
    sql`select refresh_catalogue_relations(${scoped ? intArray(created.sets) : sql`null::int[]`})`,
  );
}

/** Replaces one featured list with `ids` in order. */
export async function replaceFeaturedRows(db: Db, kind: string, ids: number[]): Promise<void> {
  await db.execute(sql`delete from featured where kind = ${kind}`);
  await insertLinks(
    db,
    'featured',
    ids.map((itemId, i) => ({ kind, item_id: itemId, position: i + 1 })),
  );
}
