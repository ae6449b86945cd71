// The detail tabs read maintained relations (migration 0007): on the demo catalogue, each relation holds
// exactly the rows its definition gathers from the catalogue (the union the tabs used to compute per
// request), with the listed items' current sort keys; each tab pages through exactly those rows with an
// exact total; a filtered tab still counts exactly; and refreshing for a few sets keeps all of it exact.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { getTestDatabase, resetDatabase } from '../../test/database';

type Page = { data: { id: number }[]; pagination: { offset: number; count: number; total: number } };

let app: FastifyInstance;
let database: Database;
let alice: SignedInUser;

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

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase();
  await seedDemo(database, { mediaDir: makeTempDir(), media: false });
  app = await buildTestApp();
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

  const TABS = [
    { path: 'labels/{id}/sets', owner: 'labels', relation: 'label_sets' },
    { path: 'labels/{id}/artists', owner: 'labels', relation: 'label_artists' },
    { path: 'labels/{id}/tracks', owner: 'labels', relation: 'label_tracks' },
    { path: 'artists/{id}/sets', owner: 'artists', relation: 'artist_sets' },
    { path: 'artists/{id}/tracks', owner: 'artists', relation: 'artist_tracks' },
    { path: 'artists/{id}/remixes', owner: 'artists', relation: 'artist_remixes' },
    { path: 'artists/{id}/ids', owner: 'artists', relation: 'artist_ids' },
    { path: 'artists/{id}/labels', owner: 'artists', relation: 'artist_labels' },
    { path: 'tracks/{id}/sets', owner: 'tracks', relation: 'track_sets' },
  ] as const;

  for (const tab of TABS) {
    it(`GET /api/${tab.path} of the largest owner pages through exactly its union, with its exact total`, async () => {
      const definition = DEFINITIONS[tab.relation] as string;
      const [largest] = await rows<{ owner_id: number; n: number }>(
        sql.raw(`select owner_id, count(distinct id)::int as n from (${definition}) d(owner_id, id)
          group by owner_id order by n desc, owner_id limit 1`),
      );
      expect(largest?.n).toBeGreaterThan(1);
      const expected = await rows<{ id: number }>(
        sql.raw(
          `select distinct id from (${definition}) d(owner_id, id) where owner_id = ${largest?.owner_id}`,
        ),
      );
      const { ids, total } = await allPages(`/api/${tab.path.replace('{id}', String(largest?.owner_id))}`);
      expect(total).toBe(largest?.n);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(expected.map((row) => row.id).sort((a, b) => a - b));
    });
  }

  it('a filtered tab (search, genre) counts its matching rows exactly', async () => {
    const [label] = await rows<{ owner_id: number; genre: string; n: number }>(
      sql`select owner_id, genre, count(*)::int as n from label_sets group by owner_id, genre
          order by n desc, owner_id, genre limit 1`,
    );
    const url = `/api/labels/${label?.owner_id}/sets?genre=${encodeURIComponent(label?.genre ?? '')}`;
    const { ids, total } = await allPages(url);
    expect(total).toBe(label?.n);
    expect(ids.length).toBe(label?.n);
  });

  it('answer 404 for a missing owner, also when filtered', async () => {
    for (const url of ['/api/labels/999999/sets', '/api/artists/999999/tracks?genre=Techno']) {
      const response = await app.inject({ method: 'GET', url, headers: alice.headers });
      expect(response.statusCode).toBe(404);
    }
  });

  it('refresh_catalogue_relations(set ids) keeps every relation exact after sets, credits and labels change', async () => {
    // A new set by an artist playing tracks of several labels, and an existing set losing a track.
    const [artist] = await rows<{ id: number }>(
      sql`select id from artists order by set_count desc, id limit 1`,
    );
    const [newSet] = await rows<{
      id: number;
    }>(sql`insert into sets (set_name, artist, genre, release_date, duration_ms)
      values ('Warehouse Closing', 'Someone', 'Techno', '2026-11-01', 3600000) returning id`);
    await database.db.execute(
      sql`insert into set_artists (set_id, artist_id, position) values (${newSet?.id}, ${artist?.id}, 1)`,
    );
    await database.db.execute(sql`insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
      select ${newSet?.id}, row_number() over (order by t.id), t.id, (row_number() over (order by t.id) - 1) * 300, row_number() over (order by t.id) * 300
      from (select distinct on (label_id) id from tracks where label_id is not null order by label_id, id limit 5) t`);
    const [changed] = await rows<{ set_id: number }>(
      sql`select set_id from set_tracks group by set_id having count(*) > 1 order by set_id limit 1`,
    );
    await database.db.execute(sql`delete from set_tracks where set_id = ${changed?.set_id}
      and track_position = (select max(track_position) from set_tracks where set_id = ${changed?.set_id})`);
    await database.db.execute(sql`update sets set set_name = 'Renamed' where id = ${changed?.set_id}`);
    // One of its tracks gains a feat credit, another moves to a label with no track of it yet.
    const [played] = await rows<{ a: number; b: number }>(sql`select min(track_id) as a, max(track_id) as b
      from set_tracks where set_id = ${changed?.set_id}`);
    const [guest] = await rows<{ id: number }>(sql`select id from artists a where not exists (
      select 1 from track_artists ta where ta.artist_id = a.id and ta.track_id = ${played?.a}) order by id desc limit 1`);
    await database.db.execute(sql`insert into track_artists (track_id, artist_id, role, position)
      values (${played?.a}, ${guest?.id}, 'feat', 9)`);
    const [otherLabel] = await rows<{ id: number; name: string }>(sql`select id, name from labels
      where id is distinct from (select label_id from tracks where id = ${played?.b}) order by track_count, id limit 1`);
    await database.db.execute(sql`update tracks set label_id = ${otherLabel?.id}, label_name = ${otherLabel?.name}
      where id = ${played?.b}`);

    await database.db.execute(sql`select refresh_catalogue_stats()`);
    await database.db.execute(
      sql`select refresh_catalogue_relations(array[${newSet?.id}, ${changed?.set_id}]::int[])`,
    );
    expect(await drift()).toEqual(EXACT);

    const page = (await (
      await app.inject({ method: 'GET', url: `/api/artists/${artist?.id}/sets`, headers: alice.headers })
    ).json()) as Page;
    expect(page.data[0]?.id).toBe(newSet?.id);
  });
});
