// The catalogue writes of a DJ's own set (docs/publishing.md) that an import never makes: its owner
// edits it in place, or it leaves the catalogue (deleted, unpublished, taken down). An import only
// adds, so its count refresh (refresh_catalogue_stats_for) counts every item it is given as new; here
// items that existed are reviewed, and what goes is counted out, so the maintained counts, the tabs'
// relations and the search documents end as a full refresh would leave them. These statements read
// the set's rows in the transaction that changes them, so they name the catalogue's tables.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { intArray } from '../../db/read-models/catalogue-lookups';
import { queryRow, queryRows } from '../../db/rows';

/** What a set reaches, whose counts move when it changes or goes. */
export interface Reach {
  tracks: number[];
  artists: number[];
  labels: number[];
}

/** A (list, genre) total of catalogue_counts and how much an item set adds to it. */
interface CountRow {
  list: string;
  genre: string;
  n: number;
}

/** The tracks the sets play, the artists performing, sponsoring or credited on them, their labels. */
export async function reachOf(db: Db, setIds: number[]): Promise<Reach> {
  const row = await queryRow<Reach>(
    db,
    sql`
      with t as (select distinct track_id as id from set_tracks where set_id = any(${intArray(setIds)}))
      select
        coalesce((select array_agg(id order by id) from t), '{}') as tracks,
        coalesce((select array_agg(distinct a order by a) from (
          select artist_id as a from set_artists where set_id = any(${intArray(setIds)})
          union select artist_id from set_sponsors where set_id = any(${intArray(setIds)}) and artist_id is not null
          union select ta.artist_id from track_artists ta join t on t.id = ta.track_id) x), '{}') as artists,
        coalesce((select array_agg(distinct l order by l) from (
          select label_id as l from set_sponsors where set_id = any(${intArray(setIds)}) and label_id is not null
          union select tr.label_id from tracks tr join t on t.id = tr.id where tr.label_id is not null) y), '{}') as labels`,
  );
  return row ?? { tracks: [], artists: [], labels: [] };
}

/** What the sets and tracks add to catalogue_counts' sets, tracks and ids lists, by genre and in all. */
async function countsOf(db: Db, setIds: number[], trackIds: number[]): Promise<CountRow[]> {
  const s = intArray(setIds);
  const t = intArray(trackIds);
  return await queryRows<CountRow>(
    db,
    sql`
      select list, genre, sum(n)::int as n from (
        select 'sets' as list, genre, count(*) as n from sets where id = any(${s}) and genre is not null group by genre
        union all select 'sets', '', count(*) from sets where id = any(${s})
        union all select 'tracks', genre, count(*) from tracks where id = any(${t}) and genre is not null group by genre
        union all select 'tracks', '', count(*) from tracks where id = any(${t})
        union all select 'ids', genre, count(*) from tracks
          where id = any(${t}) and mix_type = 'ID' and genre is not null group by genre
        union all select 'ids', '', count(*) from tracks where id = any(${t}) and mix_type = 'ID') u
      group by list, genre having sum(n) <> 0`,
  );
}

/** Moves catalogue_counts by `sign` times the rows. */
async function moveCounts(db: Db, rows: CountRow[], sign: 1 | -1): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into catalogue_counts as c (list, genre, total)
    select list, genre, ${sign}::int * n from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(list text, genre text, n int)
    on conflict (list, genre) do update set total = c.total + excluded.total`);
}

/** Takes items' search documents out, and their words out of the search terms' counts. */
async function forgetSearchDocuments(db: Db, kind: 'sets' | 'tracks', ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    with gone as (
      delete from search_documents where kind = ${kind} and item_id = any(${intArray(ids)})
      returning kind, name, body)
    insert into search_terms as s (kind, word, docs, leads)
    select c.kind, c.word, -sum(c.docs)::int, -sum(c.leads)::int
    from gone g, cd_term_counts(g.kind, g.name, g.body) c
    group by c.kind, c.word
    on conflict (kind, word) do update set docs = s.docs + excluded.docs, leads = s.leads + excluded.leads`);
  await db.execute(sql`delete from search_terms where docs <= 0`);
}

/**
 * Deletes the IDs first heard in the sets that no set plays any more (an owner's edit dropped their
 * lines, or the set went): an ID is a place in a recording, nothing without it. Their suggestions,
 * watchers and notifications go with them. Released tracks stay, as any track of the catalogue.
 */
export async function dropUnplayedIds(db: Db, setIds: number[]): Promise<number[]> {
  const ids = (
    await queryRows<{ id: number }>(
      db,
      sql`
        select t.id from tracks t
        where t.found_in_set_id = any(${intArray(setIds)}) and t.mix_type = 'ID'
          and not exists (select 1 from set_tracks st where st.track_id = t.id)
        order by t.id`,
    )
  ).map((r) => r.id);
  if (ids.length === 0) return ids;
  await moveCounts(db, await countsOf(db, [], ids), -1);
  await forgetSearchDocuments(db, 'tracks', ids);
  await db.execute(sql`delete from featured where kind = 'tracks' and item_id = any(${intArray(ids)})`);
  await db.execute(sql`delete from tracks where id = any(${intArray(ids)})`);
  return ids;
}

/**
 * Reviews the counts of items that existed before a change (refresh_catalogue_stats_for's own
 * statements, which also rewrite their search documents), then takes back what that function adds to
 * catalogue_counts for items it takes as new: these are not. The per-genre moves of artists and
 * labels it makes by difference are right as they are.
 */
export async function reviewExisting(db: Db, changed: { sets: number[] } & Reach): Promise<void> {
  const row = await queryRow<{ sets: number[]; tracks: number[]; artists: number[]; labels: number[] }>(
    db,
    sql`select
      coalesce((select array_agg(id) from sets where id = any(${intArray(changed.sets)})), '{}') as sets,
      coalesce((select array_agg(id) from tracks where id = any(${intArray(changed.tracks)})), '{}') as tracks,
      coalesce((select array_agg(id) from artists where id = any(${intArray(changed.artists)})), '{}') as artists,
      coalesce((select array_agg(id) from labels where id = any(${intArray(changed.labels)})), '{}') as labels`,
  );
  if (!row) return;
  const { sets, tracks, artists, labels } = row;
  if (sets.length + tracks.length + artists.length + labels.length === 0) return;
  await db.execute(sql`select refresh_catalogue_stats_for(${intArray(sets)}, ${intArray(tracks)},
    ${intArray(artists)}, ${intArray(labels)}, '{}'::int[], '{}'::int[])`);
  const added = await countsOf(db, sets, tracks);
  if (artists.length > 0) added.push({ list: 'artists', genre: '', n: artists.length });
  if (labels.length > 0) added.push({ list: 'labels', genre: '', n: labels.length });
  await moveCounts(db, added, -1);
}

/** The set's own contribution to catalogue_counts (its genre), before a change moves it. */
export async function setCounts(db: Db, setIds: number[]): Promise<CountRow[]> {
  return await countsOf(db, setIds, []);
}

/** Moves catalogue_counts from the sets' contribution before a change to the one after it. */
export async function moveSetCounts(db: Db, setIds: number[], before: CountRow[]): Promise<void> {
  await moveCounts(db, before, -1);
  await moveCounts(db, await countsOf(db, setIds, []), 1);
}

/** The row of a set its owner edits: the details only (its audio, artwork and length stay). */
export async function updateOwnedSetRow(
  db: Db,
  setId: number,
  row: {
    set_name: string;
    artist: string;
    curator: string | null;
    genre: string | null;
    release_date: string;
    festival_id: number | null;
    venue_id: number | null;
  },
): Promise<void> {
  await db.execute(sql`
    update sets set set_name = ${row.set_name}, artist = ${row.artist}, curator = ${row.curator},
      genre = ${row.genre}, release_date = ${row.release_date}, festival_id = ${row.festival_id},
      venue_id = ${row.venue_id}
    where id = ${setId}`);
  // Its artists, sponsors and tracklist are written again whole.
  await db.execute(sql`delete from set_tracks where set_id = ${setId}`);
  await db.execute(sql`delete from set_sponsors where set_id = ${setId}`);
  await db.execute(sql`delete from set_artists where set_id = ${setId}`);
}

/** The owner of the sets the import writes for a DJ (sets.owner_id). */
export async function setOwner(db: Db, setId: number, ownerId: number): Promise<void> {
  await db.execute(sql`update sets set owner_id = ${ownerId} where id = ${setId}`);
}

/** A set's owner (null for an imported set), or undefined when there is no such set. */
export async function setOwnerOf(db: Db, setId: number): Promise<{ owner_id: number | null } | undefined> {
  return await queryRow(db, sql`select owner_id from sets where id = ${setId}`);
}

/** A set's media paths (site paths), to delete them once its rows are gone. */
export async function setMedia(
  db: Db,
  setId: number,
): Promise<{ audio_path: string | null; art_url_sm: string | null; art_url_xl: string | null } | undefined> {
  return await queryRow(db, sql`select audio_path, art_url_sm, art_url_xl from sets where id = ${setId}`);
}

/** Points a set at new artwork (site paths). */
export async function setArt(db: Db, setId: number, sm: string, xl: string): Promise<void> {
  await db.execute(sql`update sets set art_url_sm = ${sm}, art_url_xl = ${xl} where id = ${setId}`);
}

/**
 * Removes a set from the catalogue with everything about it: its rows and every row that cascades
 * from it (likes, queue places, plays, comments, fingerprints), the IDs only it played, its featured
 * place, its search document; then the counts, relations and search documents of what it reached.
 * Answers false when there is no such set.
 */
export async function removeSet(db: Db, setId: number): Promise<boolean> {
  const exists = await queryRow<{ id: number }>(db, sql`select id from sets where id = ${setId} for update`);
  if (!exists) return false;
  const reach = await reachOf(db, [setId]);
  await moveCounts(db, await countsOf(db, [setId], []), -1);
  await forgetSearchDocuments(db, 'sets', [setId]);
  await db.execute(sql`delete from featured where kind = 'sets' and item_id = ${setId}`);
  await db.execute(sql`delete from set_tracks where set_id = ${setId}`);
  const dropped = await dropUnplayedIds(db, [setId]);
  await db.execute(sql`delete from sets where id = ${setId}`);
  const gone = new Set(dropped);
  await reviewExisting(db, { sets: [], ...reach, tracks: reach.tracks.filter((t) => !gone.has(t)) });
  // The tabs' relations of what the set reached: a scoped refresh finds them by the set's old rows.
  await db.execute(sql`select refresh_catalogue_relations(${intArray([setId])})`);
  return true;
}
