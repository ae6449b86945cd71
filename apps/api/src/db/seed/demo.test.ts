import { GENRES } from '@cratedig/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { CATALOGUE_TABLES } from '../catalogue-tables';
import type { Database } from '../client';
import { type SeedReport, seedDemo } from './demo';
import { buildDemoCatalogue, SET_MINUTES, SET_TRACKS } from './demo-catalogue';

let database: Database;
let first: SeedReport;
let second: SeedReport;
let countsAfterFirst: Record<string, number>;
let fingerprintAfterFirst: string;

async function rows<T>(query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] }; // both drivers answer {rows}
  return result.rows;
}

async function tableCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of CATALOGUE_TABLES) {
    const [row] = await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = row?.n ?? -1;
  }
  return counts;
}

/** A digest of the visible content, so "the same catalogue" means the same names, dates and times. */
async function fingerprint(): Promise<string> {
  const [row] = await rows<{ digest: string }>(sql`select md5(
    (select string_agg(concat_ws('|', id, set_name, artist, curator, genre, release_date, duration_ms, art_url_xl,
       audio_path, track_count, track_confirmed_count, array_to_string(track_genres, ',')), ';' order by id) from sets) ||
    (select string_agg(concat_ws('|', id, title, artist, mix_type, mix_name, label_name, release_date, bpm, key, genre,
       purchase_url, found_in_set_id, created_dt, set_count), ';' order by id) from tracks) ||
    (select string_agg(concat_ws('|', set_id, track_position, track_id, start_time, end_time), ';'
       order by set_id, track_position) from set_tracks) ||
    (select string_agg(concat_ws('|', id, name, bio, set_count, track_count), ';' order by id) from artists)
  ) as digest`);
  return row?.digest ?? '';
}

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  first = await seedDemo(database, { mediaDir: '/nonexistent', media: false });
  countsAfterFirst = await tableCounts();
  fingerprintAfterFirst = await fingerprint();
  second = await seedDemo(database, { mediaDir: '/nonexistent', media: false });
  // two full seeds: more than the default hook time on a machine busy with other test runs
}, 240_000);

afterAll(async () => {
  await resetDatabase(database);
});

describe('seedDemo', () => {
  it('is idempotent and deterministic: a second run duplicates and changes nothing', async () => {
    expect(await tableCounts()).toEqual(countsAfterFirst);
    expect(await fingerprint()).toBe(fingerprintAfterFirst);
    expect(second.counts).toEqual(first.counts);
    expect(buildDemoCatalogue()).toEqual(buildDemoCatalogue());
  });

  it('loads a catalogue of real size: 80 artists, 20 labels, 10 festivals, 10 venues, 40 sets at least', () => {
    expect(countsAfterFirst.artists).toBeGreaterThanOrEqual(80);
    expect(countsAfterFirst.labels).toBeGreaterThanOrEqual(20);
    expect(countsAfterFirst.festivals).toBeGreaterThanOrEqual(10);
    expect(countsAfterFirst.venues).toBeGreaterThanOrEqual(10);
    expect(countsAfterFirst.sets).toBeGreaterThanOrEqual(40);
  });

  it('spreads the sets over all 20 genres, with b2b sets, festival and club recordings and both curator kinds', async () => {
    const genres = await rows<{ genre: string }>(sql`select distinct genre from sets order by genre`);
    expect(genres.map((g) => g.genre).sort()).toEqual([...GENRES].sort());
    const [mix] = await rows<Record<string, number>>(sql`select
      count(*) filter (where artist like '% b2b %')::int as b2b,
      count(*) filter (where festival_id is not null)::int as festival,
      count(*) filter (where venue_id is not null)::int as club,
      (select count(distinct set_id)::int from set_sponsors where sponsor_type = 'artist_meta') as by_artist,
      (select count(distinct set_id)::int from set_sponsors where sponsor_type <> 'artist_meta') as by_label
      from sets`);
    for (const value of Object.values(mix ?? {})) expect(value).toBeGreaterThan(0);
  });

  it('gives every set 8-15 tracks whose times tile its 15-30 minute duration', async () => {
    const sets = await rows<{ id: number; duration_ms: number; times: [number, number][] }>(sql`
      select s.id, s.duration_ms, json_agg(json_build_array(st.start_time, st.end_time) order by st.track_position) as times
      from sets s join set_tracks st on st.set_id = s.id group by s.id`);
    expect(sets).toHaveLength(countsAfterFirst.sets ?? 0);
    const incomplete = incompleteSets();
    for (const set of sets) {
      if (incomplete.has(set.id)) continue;
      expect(set.times.length).toBeGreaterThanOrEqual(SET_TRACKS.min);
      expect(set.times.length).toBeLessThanOrEqual(SET_TRACKS.max);
      expect(set.duration_ms).toBeGreaterThanOrEqual(SET_MINUTES.min * 60_000);
      expect(set.duration_ms).toBeLessThanOrEqual(SET_MINUTES.max * 60_000);
      expect(set.times[0]?.[0]).toBe(0);
      set.times.forEach(([start, end], i) => {
        expect(end).toBeGreaterThan(start);
        if (i > 0) expect(start).toBe(set.times[i - 1]?.[1]);
      });
      expect(set.times.at(-1)?.[1]).toBe(Math.round(set.duration_ms / 1000));
    }
  });

  it('has a set whose tracklist leaves stretches unnamed, its entries in order and apart', async () => {
    const incomplete = [...incompleteSets()];
    expect(incomplete.length).toBeGreaterThan(0);
    const entries = await rows<{ start_time: number; end_time: number }>(sql`
      select start_time, end_time from set_tracks where set_id = ${incomplete[0]} order by track_position`);
    const gaps = entries.filter((e, i) => i > 0 && e.start_time > (entries[i - 1]?.end_time ?? 0));
    expect(gaps.length).toBeGreaterThan(0);
    entries.forEach((e, i) => {
      expect(e.end_time).toBeGreaterThan(e.start_time);
      if (i > 0) expect(e.start_time).toBeGreaterThanOrEqual(entries[i - 1]?.end_time ?? 0);
    });
  });

  it('plays some IDs again in later sets under ID entries of their own, with the same audio', () => {
    const copies = buildDemoCatalogue().sets.flatMap((s) => s.slots.filter((slot) => slot.audioTrackId));
    expect(copies.length).toBeGreaterThanOrEqual(3);
    const heardTwice = new Set(copies.map((slot) => slot.audioTrackId));
    expect(heardTwice.size).toBeLessThan(copies.length);
  });

  it('has originals, remixes, edits and IDs, some IDs released later, and tracks reused across sets', async () => {
    const [mix] = await rows<Record<string, number>>(sql`select
      count(*) filter (where mix_type = 'original_mix')::int as originals,
      count(*) filter (where mix_type = 'remix' and mix_name like '% Remix')::int as remixes,
      count(*) filter (where mix_type = 'edit' and mix_name like '% Edit')::int as edits,
      count(*) filter (where mix_type = 'ID' and found_in_set_id is not null and release_date is null)::int as ids,
      count(*) filter (where set_count > 1)::int as reused,
      (select count(*)::int from track_artists where role = 'feat') as feats,
      (select count(*)::int from track_artists where role = 'mixer') as mixers
      from tracks`);
    for (const value of Object.values(mix ?? {})) expect(value).toBeGreaterThan(0);

    const releases = await rows<{
      id_type: string;
      released_type: string;
      heard: string;
      released: string;
    }>(sql`
      select i.mix_type as id_type, r.mix_type as released_type, i.created_dt::text as heard, x.released_at::text as released
      from id_releases x join tracks i on i.id = x.id_track_id join tracks r on r.id = x.released_track_id`);
    expect(releases.length).toBeGreaterThanOrEqual(3);
    for (const release of releases) {
      expect(release.id_type).toBe('ID');
      expect(release.released_type).not.toBe('ID');
      expect(new Date(release.released).getTime()).toBeGreaterThan(new Date(release.heard).getTime());
    }
  });

  it('shows every state of an ID: open suggestions with votes, one identified but unreleased, one named by the crowd', async () => {
    const states = await rows<{ status: string; n: number }>(sql`
      select (cd_track_identification(t.id)->>'status') as status, count(*)::int as n
      from tracks t where t.mix_type = 'ID' group by 1`);
    const count = (status: string) => states.find((s) => s.status === status)?.n ?? 0;
    expect(count('proposed')).toBeGreaterThanOrEqual(3);
    expect(count('identified')).toBe(1);
    expect(count('unidentified')).toBeGreaterThan(0);
    const [crowd] = await rows<{ n: number; votes: number }>(sql`select
      (select count(*)::int from identifications i join id_releases x
         on x.id_track_id = i.id_track_id and x.released_track_id = i.track_id where i.status = 'accepted') as n,
      (select count(*)::int from identification_votes v join identifications i on i.id = v.identification_id
         where i.status = 'open') as votes`);
    expect(crowd?.n).toBe(1);
    expect(crowd?.votes).toBeGreaterThan(0);
  });

  it('fits BPMs to genres, and gives most released tracks a purchase URL', async () => {
    const [stats] = await rows<{ bad_bpm: number; released: number; purchasable: number }>(sql`select
      count(*) filter (where mix_type <> 'ID' and (bpm is null or key is null))::int as bad_bpm,
      count(*) filter (where mix_type <> 'ID')::int as released,
      count(*) filter (where mix_type <> 'ID' and purchase_url like 'https://%')::int as purchasable
      from tracks`);
    expect(stats?.bad_bpm).toBe(0);
    expect(stats?.purchasable ?? 0).toBeGreaterThan((stats?.released ?? 0) * 0.7);
    const [trance] = await rows<{ min: number }>(
      sql`select min(bpm) as min from tracks where genre = 'Trance'`,
    );
    expect(trance?.min).toBeGreaterThanOrEqual(130);
  });

  it('gives artists 2-4 sentence bios and social links, and full label profiles a bio', async () => {
    const artists = await rows<{ bio: string; links: number }>(sql`
      select bio, num_nonnulls(beatport, instagram, youtube, website) as links from artists`);
    for (const artist of artists) {
      const sentences = artist.bio.split(/(?<=\.)\s+/).length;
      expect(sentences).toBeGreaterThanOrEqual(2);
      expect(sentences).toBeLessThanOrEqual(4);
      expect(artist.links).toBeGreaterThan(0);
    }
    const labels = await rows<{ sponsor_type: string; bio: string | null; founders: number }>(sql`
      select sponsor_type, bio, (select count(*)::int from label_bosses b where b.label_id = l.id) as founders
      from labels l`);
    expect(labels.some((l) => l.sponsor_type === 'label_meta')).toBe(true);
    expect(labels.some((l) => l.sponsor_type === 'label')).toBe(true);
    for (const label of labels) {
      expect(label.founders).toBeGreaterThan(0);
      if (label.sponsor_type === 'label_meta') expect(label.bio?.length ?? 0).toBeGreaterThan(80);
    }
  });

  it('fills all six featured lists with existing items', async () => {
    const kinds = await rows<{ kind: string; n: number; missing: number }>(sql`
      select kind, count(*)::int as n, count(*) filter (where not exists (
        select 1 from sets where kind = 'sets' and id = item_id union all
        select 1 from tracks where kind = 'tracks' and id = item_id union all
        select 1 from artists where kind = 'artists' and id = item_id union all
        select 1 from labels where kind = 'labels' and id = item_id union all
        select 1 from festivals where kind = 'festivals' and id = item_id union all
        select 1 from venues where kind = 'venues' and id = item_id))::int as missing
      from featured group by kind order by kind`);
    expect(kinds.map((k) => k.kind)).toEqual(['artists', 'festivals', 'labels', 'sets', 'tracks', 'venues']);
    for (const kind of kinds) {
      expect(kind.n).toBeGreaterThanOrEqual(4);
      expect(kind.missing).toBe(0);
    }
  });

  it('moves the id sequences past the seeded ids', async () => {
    const [row] = await rows<{ id: number }>(
      sql`insert into artists (name) values ('Newcomer') returning id`,
    );
    expect(row?.id).toBeGreaterThan(countsAfterFirst.artists ?? 0);
    await database.db.execute(sql`delete from artists where id = ${row?.id ?? 0}`);
  });
});

describe('refresh_catalogue_stats()', () => {
  it('leaves maintained columns equal to a direct recount', async () => {
    await database.db.execute(sql`select refresh_catalogue_stats()`);
    const [wrong] = await rows<Record<string, number>>(sql`select
      (select count(*)::int from sets s where s.track_count <> (select count(*) from set_tracks st where st.set_id = s.id)
         or s.track_confirmed_count <> (select count(*) from set_tracks st join tracks t on t.id = st.track_id
                                        where st.set_id = s.id and (t.mix_type <> 'ID' or exists (
                                          select 1 from identifications i where i.id_track_id = t.id and i.status = 'accepted')))) as sets,
      (select count(*)::int from tracks t where t.set_count <> (select count(distinct set_id) from set_tracks st where st.track_id = t.id)) as tracks,
      (select count(*)::int from artists a where
         a.set_count <> (select count(*) from set_artists sa where sa.artist_id = a.id)
         or a.latest_set_date is distinct from (select max(s.release_date) from sets s join set_artists sa on sa.set_id = s.id where sa.artist_id = a.id)
         or a.track_count <> (select count(distinct ta.track_id) from track_artists ta join tracks t on t.id = ta.track_id
                              where ta.artist_id = a.id and ta.role in ('producer', 'feat') and t.mix_type <> 'ID')
         or a.remix_count <> (select count(distinct ta.track_id) from track_artists ta join tracks t on t.id = ta.track_id
                              where ta.artist_id = a.id and ta.role = 'mixer' and t.mix_type <> 'ID')
         or a.id_count <> (select count(distinct ta.track_id) from track_artists ta join tracks t on t.id = ta.track_id
                           where ta.artist_id = a.id and t.mix_type = 'ID')
         or a.latest_track_date is distinct from (select max(t.release_date) from track_artists ta join tracks t on t.id = ta.track_id
                              where ta.artist_id = a.id and t.mix_type <> 'ID')
      ) as artists,
      (select count(*)::int from labels l where
         l.track_count <> (select count(*) from tracks t where t.label_id = l.id)
         or l.artist_count <> (select count(distinct ta.artist_id) from track_artists ta join tracks t on t.id = ta.track_id where t.label_id = l.id)
         or l.set_count <> (select count(*) from sets s where exists (select 1 from set_tracks st join tracks t on t.id = st.track_id
                              where st.set_id = s.id and t.label_id = l.id)
                              or exists (select 1 from set_sponsors sp where sp.set_id = s.id and sp.label_id = l.id))
      ) as labels`);
    expect(wrong).toEqual({ sets: 0, tracks: 0, artists: 0, labels: 0 });
    const [active] = await rows<{ n: number }>(
      sql`select count(*)::int as n from artists where set_count > 0 and track_count > 0`,
    );
    expect(active?.n).toBeGreaterThan(10);
  });

  it('keeps catalogue_counts totals exact for every list and genre', async () => {
    const [wrong] = await rows<{
      n: number;
    }>(sql`select count(*)::int as n from catalogue_counts c where c.total <> case c.list
      when 'sets' then (select count(*) from sets s where c.genre = '' or s.genre = c.genre)
      when 'tracks' then (select count(*) from tracks t where c.genre = '' or t.genre = c.genre)
      when 'ids' then (select count(*) from tracks t where t.mix_type = 'ID' and (c.genre = '' or t.genre = c.genre))
      when 'artists' then (select count(*) from artists a where c.genre = '' or c.genre = any(a.track_genres))
      when 'labels' then (select count(*) from labels l where c.genre = '' or c.genre = any(l.track_genres))
      when 'festivals' then (select count(*) from festivals)
      when 'venues' then (select count(*) from venues)
    end`);
    expect(wrong?.n).toBe(0);
    expect(countsAfterFirst.catalogue_counts).toBe(5 * (GENRES.length + 1) + 2);
  });

  it('follows a change in the catalogue on the next refresh', async () => {
    await database.db.execute(
      sql`delete from set_tracks where set_id = 1 and track_position = (select max(track_position) from set_tracks where set_id = 1)`,
    );
    await database.db.execute(sql`select refresh_catalogue_stats()`);
    const [set] = await rows<{ track_count: number; n: number }>(sql`
      select track_count, (select count(*)::int from set_tracks where set_id = 1) as n from sets where id = 1`);
    expect(set?.track_count).toBe(set?.n);
  });
});

/** The demo sets whose tracklist leaves some of their audio unnamed. */
function incompleteSets(): Set<number> {
  return new Set(
    buildDemoCatalogue()
      .sets.filter((s) => s.slots.some((slot) => slot.unlisted))
      .map((s) => s.row.id),
  );
}
