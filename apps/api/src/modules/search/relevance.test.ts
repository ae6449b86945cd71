// Search relevance on the demo catalogue: each case asserts where the expected item ranks for a query
// written the way a listener types it (accents left out, a typo, '&' as 'and', b2b and feat. credits,
// "X remix", prefixes, a venue or a festival, the exact name above longer ones).
import type { SearchResponse } from '@cratedig/contract/search';
import { normaliseName } from '@cratedig/contract/search-normalise';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { getTestDatabase, resetDatabase } from '../../test/database';

let app: FastifyInstance;
let database: Database;
let user: SignedInUser;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function search(s: string, extra = ''): Promise<SearchResponse> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/search?s=${encodeURIComponent(s)}${extra}`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as SearchResponse;
}

/** 1-based position of the item in a section's first page (0 when absent). */
function rankOf(section: { data: { id: number }[] } | undefined, id: number): number {
  return (section?.data.findIndex((item) => item.id === id) ?? -1) + 1;
}

async function artistId(name: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`select id from artists where name = ${name}`);
  if (!row) throw new Error(`no demo artist ${name}`);
  return row.id;
}

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase();
  await seedDemo(database, { mediaDir: makeTempDir(), media: false });
  app = await buildTestApp();
  user = await createUserWithToken(app);
});

afterAll(async () => {
  await app?.close();
});

describe('normalisation', () => {
  it('the SQL cd_normalise_name and the TypeScript normaliseName agree on every demo name', async () => {
    const names = await rows<{ name: string; normal: string }>(sql`
      select n as name, cd_normalise_name(n) as normal from (
        select name as n from artists union select name from labels union select title from tracks
        union select artist from tracks union select set_name from sets union select artist from sets
        union select name from venues union select name from festivals
        union select unnest(array['Mr. Robot', 'Glow (Extended Mix)', 'Don''t Stop', 'A vs. B b2b C ft. D x E',
          'Straße', 'Æther Ørsted', 'Selin Aydın', 'Hello—World…', 'Track [Original Mix]',
          'ASCII !"#$%&()*+,-./09:;<=>?@AZ[\\]^_\`az{|}~ O''Brien'])) q`);
    expect(names.length).toBeGreaterThan(500);
    const differing = names.filter((n) => normaliseName(n.name) !== n.normal);
    expect(differing).toEqual([]);
  });
});

describe('relevance on the demo catalogue', () => {
  it('accents left out: "theo marchetti" and "mika ylonen" find the artists first, as exact matches', async () => {
    for (const name of ['Théo Marchetti', 'Mika Ylönen', 'Vesna Petrović']) {
      const body = await search(normaliseName(name));
      expect(rankOf(body.artists, await artistId(name))).toBe(1);
      expect(body.artists?.data[0]?.match.rank).toBe('exact');
    }
    const body = await search('theo');
    expect(body.artists?.data[0]?.name).toBe('Théo Marchetti');
    expect(body.artists?.data[0]?.match.ranges).toEqual([[0, 4]]);
  });

  it('one typo in a word of five letters or more: a missing, a swapped and an extra letter', async () => {
    const kessa = await artistId('Kessa Lindqvist');
    for (const typo of ['kesa lindqvist', 'kessa lindqvsit', 'kesssa lindqvist', 'Kessa Lindqvistt']) {
      const body = await search(typo);
      expect(rankOf(body.artists, kessa), typo).toBe(1);
      expect(body.artists?.data[0]?.match.rank).toBe('fuzzy');
    }
    const body = await search('kesa lindqvist');
    expect(body.query.corrections).toContain('kessa');
  });

  it("'&' read as 'and' (and 'x', 'vs'): the artist named with '&' ranks first, exactly", async () => {
    const id = await artistId('Sable & Kite');
    for (const s of ['sable and kite', 'Sable x Kite', 'sable vs. kite', 'Sable & Kite']) {
      const body = await search(s);
      expect(rankOf(body.artists, id), s).toBe(1);
      expect(body.artists?.data[0]?.match.rank).toBe('exact');
    }
  });

  it('b2b: a set by two artists is found by their names joined with "and"', async () => {
    const [set] = await rows<{ id: number; a: string; b: string }>(sql`
      select s.id, a1.name as a, a2.name as b from sets s
      join set_artists s1 on s1.set_id = s.id and s1.position = 1 join artists a1 on a1.id = s1.artist_id
      join set_artists s2 on s2.set_id = s.id and s2.position = 2 join artists a2 on a2.id = s2.artist_id
      where s.artist like '% b2b %' order by s.id limit 1`);
    if (!set) throw new Error('the demo has no b2b set');
    const body = await search(`${set.a} and ${set.b}`, '&kinds=sets&limit=50');
    expect(rankOf(body.sets, set.id)).toBeGreaterThan(0);
    // every set ranked above it names both artists
    const first = body.sets?.data[0];
    expect(normaliseName(`${first?.artist} ${first?.set_name}`)).toContain(normaliseName(set.b));
  });

  it('feat.: a track featuring an artist is found by "<producer> ft. <featured>"', async () => {
    const [track] = await rows<{ id: number; p: string; f: string }>(sql`
      select t.id, ap.name as p, af.name as f from tracks t
      join track_artists tp on tp.track_id = t.id and tp.role = 'producer' join artists ap on ap.id = tp.artist_id
      join track_artists tf on tf.track_id = t.id and tf.role = 'feat' join artists af on af.id = tf.artist_id
      order by t.id limit 1`);
    if (!track) throw new Error('the demo has no featuring track');
    const body = await search(`${track.p} ft. ${track.f}`, '&kinds=tracks&limit=50');
    expect(rankOf(body.tracks, track.id)).toBeGreaterThan(0);
    for (const hit of body.tracks?.data ?? []) {
      const names = hit.artists.map((a) => a.artist_meta.name);
      expect(names).toEqual(expect.arrayContaining([track.p, track.f]));
    }
  });

  it('"<remixer> remix" finds the remixes by that artist, and only them', async () => {
    const [remix] = await rows<{ id: number; mixer: string }>(sql`
      select t.id, a.name as mixer from tracks t
      join track_artists ta on ta.track_id = t.id and ta.role = 'mixer' join artists a on a.id = ta.artist_id
      where t.mix_type = 'remix' order by t.id limit 1`);
    if (!remix) throw new Error('the demo has no remix');
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(sql`
      select count(distinct t.id)::int as n from tracks t
      join track_artists ta on ta.track_id = t.id and ta.role = 'mixer' join artists a on a.id = ta.artist_id
      where t.mix_type = 'remix' and a.name = ${remix.mixer}`);
    const body = await search(`${remix.mixer} remix`, '&kinds=tracks&limit=50');
    expect(rankOf(body.tracks, remix.id)).toBeGreaterThan(0);
    expect(rankOf(body.tracks, remix.id)).toBeLessThanOrEqual(n);
    // the remixes by that artist come first; remixes of that artist's own tracks follow
    for (const hit of (body.tracks?.data ?? []).slice(0, n)) {
      expect(hit.mix_type).toBe('remix');
      expect(hit.mix_meta?.name).toBe(remix.mixer);
    }
  });

  it('a prefix of each kind finds the item first', async () => {
    const artists = await search('nightj', '&kinds=artists');
    expect(artists.artists?.data[0]?.name).toBe('Nightjar Society');
    expect(artists.artists?.data[0]?.match).toEqual({ rank: 'prefix', ranges: [[0, 6]] });
    const labels = await search('noctu', '&kinds=labels');
    expect(labels.labels?.data[0]?.name).toBe('Nocturne Assembly');
    const [track] = await rows<{ title: string }>(sql`
      select title from tracks where title ~ '^[A-Z][a-z]{5,} [A-Z]' order by id limit 1`);
    const trackPrefix = (track?.title ?? '').slice(0, 5);
    const tracks = await search(trackPrefix, '&kinds=tracks');
    expect(normaliseName(tracks.tracks?.data[0]?.title ?? '')).toMatch(
      new RegExp(`^${normaliseName(trackPrefix)}`),
    );
    expect(tracks.tracks?.data[0]?.match.rank).toMatch(/exact|prefix/);
    const [set] = await rows<{ set_name: string }>(sql`select set_name from sets order by id limit 1`);
    const setPrefix = (set?.set_name ?? '').slice(0, 6);
    const sets = await search(setPrefix, '&kinds=sets');
    expect(normaliseName(sets.sets?.data[0]?.set_name ?? '')).toMatch(
      new RegExp(`^${normaliseName(setPrefix)}`),
    );
  });

  it('a venue name finds the sets recorded there, and a festival name likewise', async () => {
    for (const place of ['venues', 'festivals'] as const) {
      const fk = sql.raw(place === 'venues' ? 'venue_id' : 'festival_id');
      const [row] = await rows<{ name: string; n: number }>(sql`
        select p.name, count(*)::int as n from ${sql.raw(place)} p join sets s on s.${fk} = p.id
        group by p.id, p.name order by count(*) desc, p.id limit 1`);
      if (!row) throw new Error(`the demo has no ${place} with sets`);
      const body = await search(row.name, '&kinds=sets&limit=50');
      expect(body.sets?.pagination.total).toBeGreaterThanOrEqual(row.n);
      const wanted = await rows<{ id: number }>(sql`
        select s.id from sets s join ${sql.raw(place)} p on p.id = s.${fk} where p.name = ${row.name}`);
      const top = (body.sets?.data ?? []).slice(0, row.n).map((s) => s.id);
      expect(top.sort()).toEqual(wanted.map((w) => w.id).sort());
    }
  });

  it('the exact name ranks above longer names that contain it', async () => {
    const body = await search('ilo', '&kinds=artists');
    expect(body.artists?.data[0]).toMatchObject({ name: 'Ilo', match: { rank: 'exact' } });
    const [title] = await rows<{ title: string; n: number }>(sql`
      select t.title, (select count(*) from tracks o where o.title ilike '%' || t.title || '%' and o.title <> t.title)::int as n
      from tracks t where t.title !~ ' ' group by t.title order by 2 desc, 1 limit 1`);
    const tracks = await search(title?.title ?? '', '&kinds=tracks&limit=50');
    const [{ exact } = { exact: 0 }] = await rows<{ exact: number }>(
      sql`select count(*)::int as exact from tracks where title = ${title?.title ?? ''}`,
    );
    const ranks = (tracks.tracks?.data ?? []).map((t) => t.match.rank);
    const order = ['exact', 'prefix', 'word', 'fuzzy'];
    expect(ranks.slice(0, exact)).toEqual(Array(Math.min(exact, 50)).fill('exact'));
    expect([...ranks].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(ranks);
    expect(tracks.tracks?.pagination.total).toBeGreaterThan(exact);
  });
});
