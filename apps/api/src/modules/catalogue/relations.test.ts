// The detail tabs read maintained relations (migration 0007): on a catalogue built for it (an artist
// playing ten sets, a label on nine tracks, a remixer, a guest, a label boss and a sponsor), each
// relation holds exactly the rows its definition gathers from the catalogue (the union the tabs used to
// compute per request), with the listed items' current sort keys; each tab pages through exactly those
// rows with an exact total; a filtered tab still counts exactly; and refreshing for a few sets keeps all
// of it exact.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { labelBosses, setSponsors, trackArtists } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { getTestDatabase, resetDatabase } from '../../test/database';
import {
  createArtist,
  createLabel,
  createSet,
  createTrack,
  refreshCatalogue,
  several,
} from '../../test/factories';

type Page = { data: { id: number }[]; pagination: { offset: number; count: number; total: number } };

let app: FastifyInstance;
let database: Database;
let alice: SignedInUser;
/** What the catalogue below is made of, by role. */
let made: {
  labels: number[];
  performer: number;
  guest: number;
  remixer: number;
  anthem: number;
  tracks: number[];
  sets: number[];
};

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Each relation's definition over the catalogue tables: (owner_id, id) pairs. */
const DEFINITIONS: Record<string, string> = {
  artist_sets: 'select sa.artist_id, sa.set_id from set_artists sa',
  label_sets: `select t.label_id, st.set_id from tracks t join set_tracks st on st.track_id = t.id
      where t.label_id is not null
    union select sp.label_id, sp.set_id from set_sponsors sp where sp.label_id is not null`,
  track_sets: 'select st.track_id, st.set_id from set_tracks st',
  artist_tracks: `select ta.artist_id, ta.track_id from track_artists ta join tracks t on t.id = ta.track_id
    where ta.role in ('producer', 'feat') and t.mix_type <> 'ID'`,
  artist_remixes: `select ta.artist_id, ta.track_id from track_artists ta join tracks t on t.id = ta.track_id
    where ta.role = 'mixer' and t.mix_type <> 'ID'`,
  artist_ids: `select ta.artist_id, ta.track_id from track_artists ta join tracks t on t.id = ta.track_id
    where t.mix_type = 'ID'`,
  label_tracks: `select t.label_id, t.id from tracks t where t.label_id is not null and t.mix_type <> 'ID'`,
  label_artists: `select t.label_id, ta.artist_id from tracks t join track_artists ta on ta.track_id = t.id
    where t.label_id is not null`,
  artist_labels: `select ta.artist_id, t.label_id from track_artists ta join tracks t on t.id = ta.track_id
      where t.mix_type <> 'ID' and t.label_id is not null
    union select lb.artist_id, lb.label_id from label_bosses lb`,
};

/** The sort keys each relation copies from its item table. */
const KEYS: Record<string, { table: string; columns: string[] }> = {
  sets: { table: 'sets', columns: ['artist', 'set_name', 'curator', 'genre', 'release_date'] },
  tracks: { table: 'tracks', columns: ['artist', 'title', 'label_name', 'genre', 'release_date'] },
  ids: { table: 'tracks', columns: ['artist', 'title', 'created_dt'] },
  artists: {
    table: 'artists',
    columns: ['name', 'set_count', 'latest_set_date', 'track_count', 'latest_track_date'],
  },
  labels: {
    table: 'labels',
    columns: ['name', 'set_count', 'latest_set_date', 'track_count', 'latest_track_date', 'artist_count'],
  },
};
const ITEM_OF: Record<string, keyof typeof KEYS> = {
  artist_sets: 'sets',
  label_sets: 'sets',
  track_sets: 'sets',
  artist_tracks: 'tracks',
  artist_remixes: 'tracks',
  label_tracks: 'tracks',
  artist_ids: 'ids',
  label_artists: 'artists',
  artist_labels: 'labels',
};

/** Rows missing from or extra in each relation, and rows whose sort keys differ from the item's. */
async function drift(): Promise<Record<string, { missing: number; extra: number; stale: number }>> {
  const result: Record<string, { missing: number; extra: number; stale: number }> = {};
  for (const [relation, definition] of Object.entries(DEFINITIONS)) {
    const keys = KEYS[ITEM_OF[relation] as string] as { table: string; columns: string[] };
    const r = keys.columns.map((c) => `r.${c}`).join(', ');
    const i = keys.columns.map((c) => `i.${c}`).join(', ');
    const [row] = await rows<{ missing: number; extra: number; stale: number }>(
      sql.raw(`with d(owner_id, id) as (${definition}) select
        (select count(*)::int from (select owner_id, id from d except select owner_id, id from ${relation}) m) as missing,
        (select count(*)::int from (select owner_id, id from ${relation} except select owner_id, id from d) e) as extra,
        (select count(*)::int from ${relation} r join ${keys.table} i on i.id = r.id
          where (${r}) is distinct from (${i})) as stale`),
    );
    result[relation] = row as { missing: number; extra: number; stale: number };
  }
  return result;
}

const EXACT = Object.fromEntries(
  Object.keys(DEFINITIONS).map((r) => [r, { missing: 0, extra: 0, stale: 0 }]),
);

/** Every id of a tab, page by page (limit 7, so several pages), checking the total on each. */
async function allPages(url: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = -1;
  for (let offset = 0; ; offset += 7) {
    const separator = url.includes('?') ? '&' : '?';
    const response = await app.inject({
      method: 'GET',
      url: `${url}${separator}limit=7&offset=${offset}`,
      headers: alice.headers,
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const page = response.json() as Page;
    if (total === -1) total = page.pagination.total;
    expect(page.pagination.total).toBe(total);
    ids.push(...page.data.map((item) => item.id));
    if (page.data.length < 7) break;
  }
  return { ids, total };
}

/**
 * Three labels; a performer producing an anthem (label 1) and ten tracks (label 2 on the 5th and 10th,
 * label 1 otherwise), two of them IDs; a guest featured on tracks 1-3 and boss of label 3; a remixer on
 * tracks 1-9; ten sets by the performer (House on every third), each playing the anthem then one track,
 * the first also both IDs and sponsored by label 3.
 */
async function buildCatalogue(app: FastifyInstance): Promise<typeof made> {
  const labels = await several(3, () => createLabel(app));
  const [l1, l2, l3] = labels as [number, number, number];
  const [performer, guest, remixer] = (await several(3, () => createArtist(app))) as [number, number, number];
  const anthem = await createTrack(app, { artistId: performer, label: l1 });
  const tracks: number[] = [];
  for (let i = 1; i <= 10; i++) {
    tracks.push(
      await createTrack(app, { artistId: performer, label: i % 5 === 0 ? l2 : l1, genre: 'Techno' }),
    );
  }
  const idTracks = await several(2, () => createTrack(app, { mixType: 'ID', artistId: performer }));
  for (const [i, trackId] of tracks.entries()) {
    if (i < 3)
      await app.db.insert(trackArtists).values({ trackId, artistId: guest, role: 'feat', position: 2 });
    if (i < 9)
      await app.db.insert(trackArtists).values({ trackId, artistId: remixer, role: 'mixer', position: 3 });
  }
  await app.db.insert(labelBosses).values({ labelId: l3, artistId: guest });
  const sets: number[] = [];
  for (const [i, trackId] of tracks.entries()) {
    const played = i === 0 ? [anthem, trackId, ...idTracks] : [anthem, trackId];
    const set = await createSet(app, {
      artistId: performer,
      genre: i % 3 === 0 ? 'House' : 'Techno',
      tracks: played.map((_, n): [number, number] => [n * 300, (n + 1) * 300]),
      trackIds: played,
    });
    sets.push(set.id);
  }
  await app.db
    .insert(setSponsors)
    .values({ setId: sets[0] as number, position: 1, sponsorType: 'label', labelId: l3 });
  await refreshCatalogue(app);
  return { labels, performer, guest, remixer, anthem, tracks, sets };
}

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase();
  app = await buildTestApp();
  made = await buildCatalogue(app);
  alice = await createUserWithToken(app);
});

afterAll(async () => {
  await app?.close();
});

describe('maintained tab relations', () => {
  it('hold exactly the rows of their definitions, with the items’ current sort keys', async () => {
    expect(await drift()).toEqual(EXACT);
    const [sizes] = await rows<Record<string, number>>(
      sql.raw(
        `select ${Object.keys(DEFINITIONS)
          .map((r) => `(select count(*)::int from ${r}) as ${r}`)
          .join(', ')}`,
      ),
    );
    for (const size of Object.values(sizes ?? {})) expect(size).toBeGreaterThan(0);
  });

  // Each tab of the owner the catalogue gives the most rows, with the total the construction implies.
  const TABS = [
    {
      path: 'labels/{id}/sets',
      relation: 'label_sets',
      who: 'label 1',
      owner: () => made.labels[0],
      total: 10,
    },
    {
      path: 'labels/{id}/artists',
      relation: 'label_artists',
      who: 'label 1',
      owner: () => made.labels[0],
      total: 3,
    },
    {
      path: 'labels/{id}/tracks',
      relation: 'label_tracks',
      who: 'label 1',
      owner: () => made.labels[0],
      total: 9,
    },
    {
      path: 'labels/{id}/sets',
      relation: 'label_sets',
      who: 'label 3',
      owner: () => made.labels[2],
      total: 1,
    },
    {
      path: 'artists/{id}/sets',
      relation: 'artist_sets',
      who: 'the performer',
      owner: () => made.performer,
      total: 10,
    },
    {
      path: 'artists/{id}/tracks',
      relation: 'artist_tracks',
      who: 'the performer',
      owner: () => made.performer,
      total: 11,
    },
    {
      path: 'artists/{id}/tracks',
      relation: 'artist_tracks',
      who: 'the guest',
      owner: () => made.guest,
      total: 3,
    },
    {
      path: 'artists/{id}/remixes',
      relation: 'artist_remixes',
      who: 'the remixer',
      owner: () => made.remixer,
      total: 9,
    },
    {
      path: 'artists/{id}/ids',
      relation: 'artist_ids',
      who: 'the performer',
      owner: () => made.performer,
      total: 2,
    },
    {
      path: 'artists/{id}/labels',
      relation: 'artist_labels',
      who: 'the performer',
      owner: () => made.performer,
      total: 2,
    },
    {
      path: 'artists/{id}/labels',
      relation: 'artist_labels',
      who: 'the guest',
      owner: () => made.guest,
      total: 2,
    },
    {
      path: 'tracks/{id}/sets',
      relation: 'track_sets',
      who: 'the anthem',
      owner: () => made.anthem,
      total: 10,
    },
  ] as const;

  for (const tab of TABS) {
    it(`GET /api/${tab.path} of ${tab.who} pages through exactly its union (${tab.total} rows), with its exact total`, async () => {
      const owner = tab.owner() as number;
      const definition = DEFINITIONS[tab.relation] as string;
      const expected = await rows<{ id: number }>(
        sql.raw(`select distinct id from (${definition}) d(owner_id, id) where owner_id = ${owner}`),
      );
      expect(expected.length).toBe(tab.total);
      const { ids, total } = await allPages(`/api/${tab.path.replace('{id}', String(owner))}`);
      expect(total).toBe(tab.total);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(expected.map((row) => row.id).sort((a, b) => a - b));
    });
  }

  it('a filtered tab (search, genre) counts its matching rows exactly', async () => {
    // every third set is House: the 1st, 4th, 7th and 10th, all playing the anthem on label 1
    const { ids, total } = await allPages(`/api/labels/${made.labels[0]}/sets?genre=House`);
    expect(total).toBe(4);
    expect(ids.sort((a, b) => a - b)).toEqual([0, 3, 6, 9].map((i) => made.sets[i]));
  });

  it('answer 404 for a missing owner, also when filtered', async () => {
    for (const url of ['/api/labels/999999/sets', '/api/artists/999999/tracks?genre=Techno']) {
      const response = await app.inject({ method: 'GET', url, headers: alice.headers });
      expect(response.statusCode).toBe(404);
    }
  });

  it('refresh_catalogue_relations(set ids) keeps every relation exact after sets, credits and labels change', async () => {
    // A new set by the performer playing tracks of two labels, and an existing set losing its last track.
    const [l1, , l3] = made.labels as [number, number, number];
    const [newSet] = await rows<{
      id: number;
    }>(sql`insert into sets (set_name, artist, genre, release_date, duration_ms)
      values ('Warehouse Closing', 'Someone', 'Techno', '2026-11-01', 3600000) returning id`);
    await database.db.execute(
      sql`insert into set_artists (set_id, artist_id, position) values (${newSet?.id}, ${made.performer}, 1)`,
    );
    await database.db.execute(sql`insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
      values (${newSet?.id}, 1, ${made.tracks[3]}, 0, 300), (${newSet?.id}, 2, ${made.tracks[4]}, 300, 600)`);
    const changed = made.sets[1] as number;
    const [first, last] = [made.anthem, made.tracks[1] as number];
    await database.db.execute(sql`delete from set_tracks where set_id = ${changed} and track_position = 2`);
    await database.db.execute(sql`update sets set set_name = 'Renamed' where id = ${changed}`);
    // The set's remaining track gains a feat credit, the dropped one moves to a label with no track yet.
    await database.db.execute(sql`insert into track_artists (track_id, artist_id, role, position)
      values (${first}, ${made.guest}, 'feat', 9)`);
    await database.db.execute(sql`update tracks set label_id = ${l3}, label_name = (select name from labels
      where id = ${l3}) where id = ${last}`);
    expect(l1).not.toBe(l3);

    await database.db.execute(sql`select refresh_catalogue_stats()`);
    await database.db.execute(
      sql`select refresh_catalogue_relations(array[${newSet?.id}, ${changed}]::int[])`,
    );
    expect(await drift()).toEqual(EXACT);

    const page = (await (
      await app.inject({ method: 'GET', url: `/api/artists/${made.performer}/sets`, headers: alice.headers })
    ).json()) as Page;
    expect(page.data[0]?.id).toBe(newSet?.id);
    const renamed = (await (
      await app.inject({ method: 'GET', url: `/api/tracks/${first}/sets?limit=50`, headers: alice.headers })
    ).json()) as { data: { id: number; set_name: string }[] };
    expect(renamed.data.find((set) => set.id === changed)?.set_name).toBe('Renamed');
  });
});
