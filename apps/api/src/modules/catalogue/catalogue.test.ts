// Catalogue API through app.inject() on the demo catalogue: every list and sort field
// in both directions, genre and followed filters, paging without overlap and exact totals, the keyset
// cursor, rejected queries, 404s, 401s and per-user state.
import { encodeCursor } from '@cratedig/contract/catalogue-api';
import { SORTS } from '@cratedig/contract/constants';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { getTestDatabase, resetDatabase } from '../../test/database';

type Item = Record<string, unknown> & { id: number };
type Page = { data: Item[]; pagination: { offset: number; count: number; total: number } };

let app: FastifyInstance;
let database: Database;
let alice: SignedInUser;
let bob: SignedInUser;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number((await rows<{ n: number | string }>(query))[0]?.n);
}

async function get(url: string, user: SignedInUser = alice) {
  return app.inject({ method: 'GET', url, headers: user.headers });
}
async function page(url: string, user: SignedInUser = alice): Promise<Page> {
  const response = await get(url, user);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json() as Page;
}

/** Reads the value a sort field names from an item, as the list orders it. */
function sortValue(item: Item, field: string): string | number | null {
  const key = field.split('.')[1] as string;
  const map: Record<string, string> = { curator: 'curator' };
  if (key === 'curator') {
    const sponsors = item.set_sponsors as { sponsor: string }[];
    return sponsors[0]?.sponsor ?? null;
  }
  return (item[map[key] ?? key] ?? null) as string | number | null;
}

/** asc/desc with nulls last; text compared by the database's collation, so only check non-text strictly. */
function expectOrdered(
  values: (string | number | null)[],
  direction: 'asc' | 'desc',
  numericOrDate: boolean,
) {
  const present = values.filter((v) => v !== null);
  const firstNull = values.indexOf(null);
  if (firstNull >= 0) expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
  if (!numericOrDate) return;
  for (let i = 1; i < present.length; i++) {
    const [a, b] = [present[i - 1] as string | number, present[i] as string | number];
    if (direction === 'asc') expect(a <= b).toBe(true);
    else expect(a >= b).toBe(true);
  }
}

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase();
  await seedDemo(database, { mediaDir: makeTempDir(), media: false });
  app = await buildTestApp();
  alice = await createUserWithToken(app);
  bob = await createUserWithToken(app);
});

afterAll(async () => {
  await app?.close();
});

const LISTS = [
  { path: 'sets', sorts: SORTS.sets, table: 'sets', where: 'true' },
  { path: 'tracks', sorts: SORTS.tracks, table: 'tracks', where: "mix_type <> 'ID'" },
  { path: 'artists', sorts: SORTS.artists, table: 'artists', where: 'true' },
  { path: 'labels', sorts: SORTS.labels, table: 'labels', where: 'true' },
] as const;

describe('discover lists', () => {
  for (const list of LISTS) {
    it(`GET /api/${list.path}: default page of 20 with the exact total`, async () => {
      const body = await page(`/api/${list.path}`);
      const total = await count(sql.raw(`select count(*) as n from ${list.table} where ${list.where}`));
      expect(body.pagination).toEqual({ offset: 0, count: Math.min(20, total), total });
      expect(body.data.length).toBe(body.pagination.count);
    });

    for (const field of Object.values(list.sorts) as string[]) {
      for (const direction of ['asc', 'desc'] as const) {
        it(`GET /api/${list.path} order_by=${field} ${direction} is ordered, ties on id`, async () => {
          const body = await page(
            `/api/${list.path}?order_by=${field}&order_direction=${direction}&limit=100`,
          );
          const values = body.data.map((item) => sortValue(item, field));
          const typed = /count|date/.test(field);
          expectOrdered(values, direction, typed);
          // Compare with the database's own order (collation-aware) for the same rows.
          const column = field.split('.')[1] as string;
          const nulls = 'nulls last';
          const expected = await rows<{ id: number }>(
            sql.raw(
              `select id from ${list.table} where ${list.where} order by ${column} ${direction} ${nulls}, id ${direction} limit 100`,
            ),
          );
          expect(body.data.map((item) => item.id)).toEqual(expected.map((row) => row.id));
        });
      }
    }
  }

  it('tracks lists show released tracks only (IDs have their own lists)', async () => {
    const body = await page('/api/tracks?limit=100&order_by=track_meta.release_date&order_direction=asc');
    expect(body.data.every((track) => track.mix_type !== 'ID')).toBe(true);
  });

  it('pages never overlap or skip, and totals stay exact', async () => {
    const total = (await page('/api/sets?limit=1')).pagination.total;
    const seen: number[] = [];
    for (let offset = 0; offset < total; offset += 7) {
      const body = await page(
        `/api/sets?order_by=set_meta.genre&order_direction=asc&limit=7&offset=${offset}`,
      );
      expect(body.pagination.total).toBe(total);
      expect(body.pagination.offset).toBe(offset);
      seen.push(...body.data.map((set) => set.id));
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('the keyset cursor continues exactly where the previous page ended', async () => {
    const all = await page(
      '/api/artists?order_by=artist_meta.latest_set_date&order_direction=desc&limit=100',
    );
    const first = await page(
      '/api/artists?order_by=artist_meta.latest_set_date&order_direction=desc&limit=10',
    );
    const last = first.data.at(-1) as Item;
    const after = encodeCursor(last.latest_set_date as string | null, last.id);
    const next = await page(
      `/api/artists?order_by=artist_meta.latest_set_date&order_direction=desc&limit=10&after=${after}`,
    );
    expect(next.data.map((a) => a.id)).toEqual(all.data.slice(10, 20).map((a) => a.id));
  });

  it('filters by genre: a set genre, a track genre, any of an artist’s or label’s genres', async () => {
    const sets = await page('/api/sets?genre=Techno&limit=100');
    expect(sets.data.length).toBeGreaterThan(0);
    expect(sets.data.every((s) => s.genre === 'Techno')).toBe(true);
    expect(sets.pagination.total).toBe(
      await count(sql`select count(*) as n from sets where genre = 'Techno'`),
    );

    const tracks = await page('/api/tracks?genre=House&limit=100');
    expect(tracks.data.every((t) => t.genre === 'House')).toBe(true);
    expect(tracks.pagination.total).toBe(
      await count(sql`select count(*) as n from tracks where genre = 'House' and mix_type <> 'ID'`),
    );

    const artists = await page(`/api/artists?genre=${encodeURIComponent('Deep House')}&limit=100`);
    expect(artists.data.every((a) => (a.track_genres as string[]).includes('Deep House'))).toBe(true);
    expect(artists.pagination.total).toBe(
      await count(sql`select count(*) as n from artists where track_genres @> array['Deep House']`),
    );
    const labels = await page('/api/labels?genre=Trance');
    expect(labels.data.every((l) => (l.track_genres as string[]).includes('Trance'))).toBe(true);
  });

  it('searches names and titles and the display artist, with a counted total', async () => {
    const someone =
      (await rows<{ artist: string }>(sql`select artist from sets order by id limit 1`))[0]?.artist ?? '';
    const body = await page(`/api/sets?search=${encodeURIComponent(someone)}&limit=100`);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.pagination.total).toBe(body.data.length);
    const none = await page('/api/tracks?search=zzzqqqxxx');
    expect(none).toEqual({ data: [], pagination: { offset: 0, count: 0, total: 0 } });
  });

  it('matches a search as the search box does: accents, case and punctuation left out, word starts', async () => {
    const ylonen = await page('/api/artists?search=mika%20ylonen');
    expect(ylonen.data.map((a) => a.name)).toContain('Mika Ylönen');
    const theo = await page(`/api/artists?search=${encodeURIComponent('THEO, march')}`);
    expect(theo.data.map((a) => a.name)).toContain('Théo Marchetti');
    // a word must start a word of the name, not sit inside one
    const inside = await page('/api/artists?search=archetti');
    expect(inside.data.map((a) => a.name)).not.toContain('Théo Marchetti');
    // tracks by a credited artist written without accents
    const [credited] = await rows<{ n: number }>(sql`select count(*)::int as n from tracks t
      where t.mix_type <> 'ID' and exists (select 1 from track_artists ta join artists a on a.id = ta.artist_id
        where ta.track_id = t.id and a.name = 'Mika Ylönen')`);
    const tracks = await page('/api/tracks?search=ylonen&limit=100');
    expect(tracks.pagination.total).toBeGreaterThanOrEqual(credited?.n ?? 0);
    expect(tracks.data.length).toBeGreaterThan(0);
  });

  it('keeps the alphabetical order and the `after` cursor on a searched list', async () => {
    const all = await page('/api/tracks?search=the&order_by=track_meta.title&order_direction=asc&limit=100');
    expect(all.pagination.total).toBeGreaterThan(4);
    const titles = all.data.map((t) => t.title as string);
    const sorted = (
      await rows<{ title: string }>(
        sql`select title from tracks where id in (${sql.join(
          all.data.map((t) => sql`${t.id}`),
          sql`, `,
        )}) order by title, id`,
      )
    ).map((r) => r.title);
    expect(titles).toEqual(sorted);
    const first = await page('/api/tracks?search=the&order_by=track_meta.title&order_direction=asc&limit=3');
    const last = first.data.at(-1) as Item;
    const next = await page(
      `/api/tracks?search=the&order_by=track_meta.title&order_direction=asc&limit=3&after=${encodeCursor(last.title as string, last.id)}`,
    );
    expect(next.data.map((t) => t.id)).toEqual(all.data.slice(3, 6).map((t) => t.id));
  });
});

describe('per-user state and the followed filters', () => {
  it('reflects library rows for their user only, with defaults otherwise', async () => {
    const [set] = await rows<{ id: number }>(sql`select id from sets order by id limit 1`);
    const [track] = await rows<{ id: number }>(
      sql`select id from tracks where mix_type <> 'ID' order by id limit 1`,
    );
    const [artist] = await rows<{ id: number }>(sql`select id from artists order by id limit 1`);
    const [label] = await rows<{ id: number }>(sql`select id from labels order by id limit 1`);
    const a = alice.user.id;
    await database.exec(`
      insert into user_set_favs (user_id, set_id, is_fav, show_likes, user_likes, resume_position_s)
        values (${a}, ${set?.id}, true, true, 3, 125);
      insert into user_track_favs (user_id, track_id, is_fav, show_likes, user_likes, is_purchased)
        values (${a}, ${track?.id}, true, false, 2, true);
      insert into user_artist_stats (user_id, artist_id, is_followed, show_likes) values (${a}, ${artist?.id}, true, true);
      insert into user_label_stats (user_id, label_id, is_followed, show_likes) values (${a}, ${label?.id}, true, false);
      update artists set total_user_likes = 1 where id = ${artist?.id};`);

    const setForAlice = (await get(`/api/sets/${set?.id}`)).json();
    expect(setForAlice.user_fav).toEqual({
      is_fav: true,
      show_likes: true,
      user_likes: 3,
      current_timestamp: 125,
    });
    const setForBob = (await get(`/api/sets/${set?.id}`, bob)).json();
    expect(setForBob.user_fav).toEqual({
      is_fav: false,
      show_likes: false,
      user_likes: 0,
      current_timestamp: 0,
    });

    const trackForAlice = (await get(`/api/tracks/${track?.id}`)).json();
    expect(trackForAlice.user_fav).toEqual({
      is_fav: true,
      show_likes: false,
      user_likes: 2,
      is_purchased: true,
    });
    expect((await get(`/api/tracks/${track?.id}`, bob)).json().user_fav.is_fav).toBe(false);

    const artistForAlice = (await get(`/api/artists/${artist?.id}`)).json();
    expect(artistForAlice.user_stats).toEqual({ is_followed: true, show_likes: true, total_user_likes: 1 });
    expect((await get(`/api/artists/${artist?.id}`, bob)).json().user_stats.is_followed).toBe(false);
    expect((await get(`/api/labels/${label?.id}`)).json().user_label_stats.is_followed).toBe(true);

    // The favs/followed variants and followed_filter=true list exactly those, for alice only.
    for (const [url, id] of [
      ['/api/sets/favs', set?.id],
      ['/api/sets?followed_filter=true', set?.id],
      ['/api/tracks/favs', track?.id],
      ['/api/tracks?followed_filter=true', track?.id],
      ['/api/artists/followed', artist?.id],
      ['/api/artists?followed_filter=true', artist?.id],
      ['/api/labels/followed', label?.id],
      ['/api/labels?followed_filter=true', label?.id],
    ] as const) {
      const mine = await page(url);
      expect(
        mine.data.map((item) => item.id),
        url,
      ).toEqual([id]);
      expect(mine.pagination.total).toBe(1);
      expect((await page(url, bob)).pagination.total, url).toBe(0);
    }
    // In a page, the state rides on the item too.
    const list = await page(`/api/sets/favs`);
    expect(list.data[0]?.user_fav).toMatchObject({ is_fav: true });
  });
});

describe('details and their tabs', () => {
  it('GET /api/sets/{id}: ordered set_tracks with track_meta, artists, sponsors and genres', async () => {
    const [set] = await rows<{ id: number; track_count: number }>(
      sql`select id, track_count from sets where track_count > 0 order by id limit 1`,
    );
    const body = (await get(`/api/sets/${set?.id}`)).json();
    expect(body.id).toBe(set?.id);
    expect(body.set_tracks.length).toBe(set?.track_count);
    const positions = body.set_tracks.map((t: { track_position: number }) => t.track_position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const entry of body.set_tracks) {
      expect(entry.track_meta.id).toBe(entry.track_meta_id);
      expect(entry.end_time).toBeGreaterThan(entry.start_time);
    }
    expect(body.artists.length).toBeGreaterThan(0);
    expect(body.artist_meta).toEqual(body.artists[0]);
    expect(body.mp3_permalink).toMatch(/^\/media\/audio\/.+\?u=\d+&exp=\d+&sig=/);
  });

  it('every set list carries audio links signed for the caller, never a bare audio path', async () => {
    const lists = ['/api/sets', '/api/featured/sets'];
    const [artist] = await rows<{ id: number }>(
      sql`select id from artists where set_count > 0 order by id limit 1`,
    );
    lists.push(`/api/artists/${artist?.id}/sets`);
    for (const url of lists) {
      const body = (await get(url)).json();
      expect(body.data.length).toBeGreaterThan(0);
      for (const set of body.data)
        expect(set.mp3_permalink).toMatch(new RegExp(`\\?u=${alice.user.id}&exp=\\d+&sig=`));
    }
  });

  it('GET /api/artists/{id} and its tabs, whose totals match the maintained counts', async () => {
    const [artist] = await rows<{
      id: number;
      set_count: number;
      track_count: number;
      remix_count: number;
      id_count: number;
      label_count: number;
    }>(sql`select id, set_count, track_count, remix_count, id_count, label_count from artists
           where set_count > 0 and id_count > 0 order by id limit 1`);
    const id = artist?.id;
    const body = (await get(`/api/artists/${id}`)).json();
    expect(body.id).toBe(id);
    expect(Array.isArray(body.founded_label)).toBe(true);
    expect((await page(`/api/artists/${id}/sets`)).pagination.total).toBe(artist?.set_count);
    expect((await page(`/api/artists/${id}/tracks`)).pagination.total).toBe(artist?.track_count);
    expect((await page(`/api/artists/${id}/remixes`)).pagination.total).toBe(artist?.remix_count);
    const ids = await page(`/api/artists/${id}/ids`);
    expect(ids.pagination.total).toBe(artist?.id_count);
    expect(ids.data.every((t) => t.mix_type === 'ID' && t.set_meta !== null)).toBe(true);
    expect((await page(`/api/artists/${id}/labels`)).pagination.total).toBe(artist?.label_count);
  });

  it('GET /api/labels/{id} with label_boss and its tabs', async () => {
    const [label] = await rows<{ id: number; set_count: number; track_count: number; artist_count: number }>(
      sql`select id, set_count, track_count, artist_count from labels l
          where exists (select 1 from label_bosses b where b.label_id = l.id) and track_count > 0 order by id limit 1`,
    );
    const body = (await get(`/api/labels/${label?.id}`)).json();
    expect(body.label_boss.length).toBeGreaterThan(0);
    expect((await page(`/api/labels/${label?.id}/sets`)).pagination.total).toBe(label?.set_count);
    expect((await page(`/api/labels/${label?.id}/tracks`)).pagination.total).toBe(label?.track_count);
    expect((await page(`/api/labels/${label?.id}/artists`)).pagination.total).toBe(label?.artist_count);
  });

  it('GET /api/tracks/{id} for a release and an ID, and /sets', async () => {
    const [track] = await rows<{ id: number; set_count: number }>(
      sql`select id, set_count from tracks where mix_type = 'remix' and set_count > 0 order by id limit 1`,
    );
    const body = (await get(`/api/tracks/${track?.id}`)).json();
    expect(body.mix_type).toBe('remix');
    expect(body.set_count).toBe(track?.set_count);
    expect(body.mix_meta.name).toBeTruthy();
    expect(body.artists.some((a: { role: string }) => a.role === 'mixer')).toBe(true);
    expect((await page(`/api/tracks/${track?.id}/sets`)).pagination.total).toBe(track?.set_count);

    const [idTrack] = await rows<{ id: number }>(
      sql`select id from tracks where mix_type = 'ID' order by id limit 1`,
    );
    const id = (await get(`/api/tracks/${idTrack?.id}`)).json();
    expect(id.set_meta).toMatchObject({ id: expect.any(Number), set_name: expect.any(String) });
    expect(id.created_dt).toMatch(/Z$/);
  });

  for (const url of [
    '/api/sets/999999',
    '/api/tracks/999999',
    '/api/artists/999999',
    '/api/labels/999999',
    '/api/artists/999999/sets',
    '/api/labels/999999/tracks',
    '/api/tracks/999999/sets',
  ]) {
    it(`${url} answers 404 in the error shape`, async () => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, status: 'Not Found', message: expect.any(String) });
    });
  }
});

describe('featured lists', () => {
  for (const kind of ['sets', 'tracks', 'artists', 'labels', 'festivals', 'venues']) {
    it(`GET /api/featured/${kind} in editorial order`, async () => {
      const body = await page(`/api/featured/${kind}`);
      // A featured place opens the list of its sets, so one with no set is left out.
      const place = kind === 'festivals' ? 'festival_id' : kind === 'venues' ? 'venue_id' : null;
      const withSets = place
        ? sql` and exists (select 1 from sets s where s.${sql.raw(place)} = f.item_id)`
        : sql``;
      const expected = await rows<{ item_id: number }>(
        sql`select f.item_id from featured f where f.kind = ${kind}${withSets} order by f.position limit 20`,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(body.data.map((item) => item.id)).toEqual(expected.map((row) => row.item_id));
    });
  }

  for (const [kind, param] of [
    ['festivals', 'festival_id'],
    ['venues', 'venue_id'],
  ] as const) {
    it(`every featured ${kind.slice(0, -1)} leads to its sets (GET /api/sets?${param}=)`, async () => {
      const places = await rows<{ id: number }>(sql`select id from ${sql.raw(kind)}`);
      const featured = (await page(`/api/featured/${kind}`)).data.map((item) => item.id as number);
      expect(featured.length).toBeGreaterThan(0);
      // The demo features some places where no set was recorded: they are not offered.
      expect(places.length).toBeGreaterThan(featured.length);
      for (const id of featured) {
        const sets = await page(`/api/sets?${param}=${id}`);
        expect(sets.data.length).toBeGreaterThan(0);
        expect(sets.data.every((set) => (set[kind.slice(0, -1)] as { id: number }).id === id)).toBe(true);
        expect(sets.pagination.total).toBe(sets.data.length);
      }
    });
  }

  it('falls back to "most liked recently" when a kind has no rows', async () => {
    await database.exec(`delete from featured where kind = 'sets'`);
    await database.exec(`update sets set likes = 999 where id = (select max(id) from sets)`);
    const body = await page('/api/featured/sets');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(20);
    const likes = body.data.map((s) => s.likes as number);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
  });
});

describe('rejected requests', () => {
  for (const query of [
    'order_by=set_meta.nope',
    'order_by=artist_meta.name',
    'order_direction=sideways',
    'offset=-1',
    'limit=100000',
    'limit=0',
    'genre=Polka',
  ]) {
    it(`GET /api/sets?${query} answers 422 in the error shape`, async () => {
      const response = await get(`/api/sets?${query}`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 422, errors: { query: expect.any(Object) } });
    });
  }

  it('a malformed cursor value for a typed sort is a 422, never a 500', async () => {
    const response = await get(`/api/artists?order_by=artist_meta.set_count&after=${encodeCursor('abc', 3)}`);
    expect(response.statusCode).toBe(422);
  });

  it('a non-numeric id is a 404 in the error shape (plugins/errors.ts: bad path params name nothing)', async () => {
    const response = await get('/api/sets/abc');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, errors: { params: expect.any(Object) } });
  });

  for (const url of ['/api/sets', '/api/artists/1', '/api/featured/sets', '/api/tracks/favs']) {
    it(`${url} without a token answers 401`, async () => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401 });
    });
  }
});
