// The catalogue pages an instance keeps (page-cache.ts) never show a listener anything stale or anyone
// else's. Two apps share one database: `kept` keeps pages, `fresh` keeps none (CATALOGUE_CACHE_MB=0).
// Every page is asked of `kept` first by one listener, then compared, for another, with what `fresh`
// answers: after likes, favourites, follows, a resume position, a suggestion for an ID, a new set and a
// renamed artist.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../lib/tokens';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { createArtist, createLabel, createSet, createTrack, refreshCatalogue } from '../../test/factories';
import { likeMoment } from '../../test/player';
import { query } from '../../test/sql';
import { PageCache, pageCacheFor } from './page-cache';
import { keptItemsById } from './service';

let kept: FastifyInstance;
let fresh: FastifyInstance;
let ana: CrowdUser;
let ben: CrowdUser;
let urls: string[];
let setId: number;
let trackId: number;
let idTrackId: number;
let artistId: number;
let labelId: number;
let addedSetId: number;

beforeAll(async () => {
  await resetDatabase();
  kept = await buildTestApp();
  fresh = await buildTestApp({ catalogueCacheMb: 0 });
  labelId = await createLabel(kept, { name: 'Kept Records' });
  artistId = await createArtist(kept, { name: 'Kept Artist' });
  trackId = await createTrack(kept, { title: 'Kept Tune', artist: 'Kept Artist', artistId, label: labelId });
  idTrackId = await createTrack(kept, { mixType: 'ID', artistId });
  const set = await createSet(kept, {
    artistId,
    festival: 'Kept Festival',
    tracks: [
      [0, 300],
      [300, 600],
    ],
    trackIds: [trackId, idTrackId],
  });
  setId = set.id;
  await kept.db.execute(sql`update tracks set found_in_set_id = ${setId} where id = ${idTrackId}`);
  await refreshCatalogue(kept);
  const [festival] = await query<{ festival_id: number }>(
    kept,
    sql`select festival_id from sets where id = ${setId}`,
  );
  const festivalId = festival?.festival_id;
  [ana, ben] = (await crowd(kept, 2)) as [CrowdUser, CrowdUser];
  urls = [
    '/api/sets?order_by=set_meta.release_date&order_direction=desc',
    '/api/sets?order_by=set_meta.artist&order_direction=asc&genre=Techno',
    `/api/sets?order_by=set_meta.release_date&order_direction=desc&festival_id=${festivalId}`,
    '/api/tracks?order_by=track_meta.title&order_direction=asc',
    '/api/artists?order_by=artist_meta.name&order_direction=asc',
    '/api/labels?order_by=label_meta.name&order_direction=asc',
    `/api/artists/${artistId}/sets?order_by=set_meta.release_date&order_direction=desc`,
    `/api/artists/${artistId}/ids?order_by=track_meta.created_dt&order_direction=desc`,
    `/api/labels/${labelId}/tracks?order_by=track_meta.title&order_direction=asc`,
    `/api/tracks/${trackId}/sets?order_by=set_meta.release_date&order_direction=desc`,
    `/api/sets/${setId}`,
    `/api/tracks/${trackId}`,
    `/api/tracks/${idTrackId}`,
    `/api/artists/${artistId}`,
    `/api/labels/${labelId}`,
    // The listener's own lists are kept per listener, while they hold the same items.
    '/api/sets/favs?order_by=set_meta.release_date&order_direction=desc',
    '/api/tracks?order_by=track_meta.title&order_direction=asc&followed_filter=true',
    '/api/artists/followed?order_by=artist_meta.name&order_direction=asc',
    // Home: no editorial rows here, so its sets are the most liked of the newest (never kept).
    '/api/featured/sets',
    '/api/featured/festivals',
  ];
});

afterAll(async () => {
  await kept?.close();
  await fresh?.close();
});

/** The user's headers for `app`: each app signs its tokens with its own key. */
async function headersFor(app: FastifyInstance, user: CrowdUser) {
  if (app === kept) return user.headers;
  return { authorization: `Bearer ${await signAccessToken(app.accessTokens, user.id)}` };
}

async function get(app: FastifyInstance, user: CrowdUser, url: string): Promise<unknown> {
  const response = await app.inject({ url, headers: await headersFor(app, user) });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  // A set's audio link is signed per request, with its expiry; the rest must be equal to the byte.
  return JSON.parse(response.body.replace(/("mp3_permalink":"[^"?]*)\?[^"]*"/g, '$1"'));
}

/** Every page as `kept` answers `user` after `warm` asked it first, and as `fresh` answers `user`. */
async function expectTrue(user: CrowdUser, warm: CrowdUser): Promise<void> {
  for (const url of urls) await get(kept, warm, url);
  for (const url of urls) {
    expect(await get(kept, user, url), url).toEqual(await get(fresh, user, url));
  }
}

const put = (user: CrowdUser, url: string, payload?: object) =>
  kept.inject({ method: 'PUT', url, headers: user.headers, ...(payload ? { payload } : {}) });

describe('a kept catalogue page', () => {
  it("shows each listener their own favourites, follows and likes, and everyone's counts at once", async () => {
    await expectTrue(ana, ben);
    expect((await put(ana, `/api/favs/set/${setId}`)).statusCode).toBe(200);
    expect((await put(ana, `/api/favs/set/${setId}/likes`)).statusCode).toBe(200);
    expect((await put(ana, `/api/favs/track/${trackId}/likes-toggle`)).statusCode).toBe(200);
    expect((await put(ana, `/api/stats/artist/${artistId}/follow`)).statusCode).toBe(200);
    expect((await put(ana, `/api/stats/label/${labelId}/likes-toggle`)).statusCode).toBe(200);
    expect((await put(ana, '/api/plays', { set_meta_id: setId, current_timestamp: 123 })).statusCode).toBe(
      204,
    );
    const moment = await likeMoment(kept, ana, setId, 10);
    expect(moment.statusCode, moment.body).toBe(200);

    // Ben asked every page before Ana's changes and again now: Ana sees hers, Ben sees only the counts.
    await expectTrue(ana, ben);
    await expectTrue(ben, ana);
    const set = (await get(kept, ana, `/api/sets/${setId}`)) as {
      likes: number;
      user_fav: { is_fav: boolean; current_timestamp: number };
      set_tracks: { likes: number }[];
    };
    expect(set.likes).toBe(1);
    expect(set.user_fav).toMatchObject({ is_fav: true, current_timestamp: 123 });
    expect(set.set_tracks[0]?.likes).toBe(1);
    const forBen = (await get(kept, ben, `/api/sets/${setId}`)) as typeof set;
    expect(forBen.likes).toBe(1);
    expect(forBen.user_fav.is_fav).toBe(false);
  });

  it("keeps a listener's favourites and follows for them alone, and drops them when they change", async () => {
    await expectTrue(ben, ana);
    const favs = '/api/sets/favs?order_by=set_meta.release_date&order_direction=desc';
    const before = (await get(kept, ana, favs)) as { data: { id: number }[] };
    expect(before.data.map((set) => set.id)).toEqual([setId]);
    expect(((await get(kept, ben, favs)) as { data: unknown[] }).data).toEqual([]);
    expect((await put(ana, `/api/favs/set/${setId}`)).statusCode).toBe(200);
    expect((await put(ana, `/api/stats/artist/${artistId}/follow`)).statusCode).toBe(200);
    expect(((await get(kept, ana, favs)) as { data: unknown[] }).data).toEqual([]);
    await expectTrue(ana, ben);
    expect((await put(ana, `/api/favs/set/${setId}`)).statusCode).toBe(200);
    expect((await put(ana, `/api/stats/artist/${artistId}/follow`)).statusCode).toBe(200);
    await expectTrue(ana, ben);
  });

  it("shows an ID's new suggestion at once", async () => {
    await expectTrue(ben, ana);
    const proposed = await kept.inject({
      method: 'POST',
      url: `/api/tracks/${idTrackId}/identifications`,
      headers: ana.headers,
      payload: { artist: 'Named Artist', title: 'Named Tune' },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    await expectTrue(ben, ana);
    const id = (await get(kept, ben, `/api/tracks/${idTrackId}`)) as { identification: { status: string } };
    expect(id.identification.status).toBe('proposed');
  });

  it('shows a set added to the catalogue and a renamed artist at once, on every list and page', async () => {
    await expectTrue(ana, ben);
    const added = await createSet(kept, { artistId, name: 'A Newly Added Set', releaseDate: '2030-01-01' });
    addedSetId = added.id;
    await refreshCatalogue(kept);
    await kept.db.execute(sql`update artists set name = 'Kept Artist Renamed' where id = ${artistId}`);
    // The ID comes out as the known track: the track's sets now include where the ID was heard.
    await kept.db.execute(
      sql`insert into id_releases (id_track_id, released_track_id) values (${idTrackId}, ${trackId})`,
    );
    await expectTrue(ana, ben);
    const sets = (await get(kept, ana, urls[0] ?? '')) as {
      data: { id: number }[];
      pagination: { total: number };
    };
    expect(sets.data[0]?.id).toBe(added.id);
    expect(sets.pagination.total).toBe(2);
    const artist = (await get(kept, ana, `/api/artists/${artistId}`)) as { name: string };
    expect(artist.name).toBe('Kept Artist Renamed');
  });

  it('is used again after a like, which does not move the catalogue on', async () => {
    const generation = async () =>
      (await query<{ n: number }>(kept, sql`select n::float8 as n from catalogue_generation`))[0]?.n;
    const before = await generation();
    expect((await put(ben, `/api/favs/set/${setId}/likes`)).statusCode).toBe(200);
    expect((await put(ben, `/api/favs/track/${trackId}/likes-toggle`)).statusCode).toBe(200);
    expect((await put(ben, `/api/stats/artist/${artistId}/likes-toggle`)).statusCode).toBe(200);
    expect(await generation()).toBe(before);
    // Home's sets with no editorial order are the most liked: two likes put the new set first.
    const home = async () =>
      ((await get(kept, ana, '/api/featured/sets')) as { data: { id: number }[] }).data;
    expect((await home())[0]?.id).toBe(setId);
    for (const user of [ben, ana]) expect((await likeMoment(kept, user, addedSetId, 1)).statusCode).toBe(200);
    expect((await home())[0]?.id).toBe(addedSetId);
    await kept.db.execute(sql`update tracks set bpm = 126 where id = ${trackId}`);
    expect(await generation()).toBeGreaterThan(before ?? 0);
    await expectTrue(ben, ana);
  });
});

describe('PageCache', () => {
  // Each page below is 10 bytes of JSON ('"a-page-1"'); the cache holds 25.
  const page = (n: number) => `a-page-${n}`;

  it('keeps the pages of the newest generation only', () => {
    const cache = new PageCache(25);
    cache.keep('a', 5, page(1));
    expect(cache.get('a')).toEqual({ generation: 5, value: page(1) });
    // A slow request that read an older generation keeps nothing and drops nothing.
    cache.keep('b', 4, page(2));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.value).toBe(page(1));
    // A newer generation drops every page of the older one.
    cache.keep('c', 6, page(3));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.keptBytes).toBe(10);
  });

  it('stays within its bytes, dropping the least recently used page first', () => {
    const cache = new PageCache(25);
    cache.keep('a', 1, page(1));
    cache.keep('b', 1, page(2));
    cache.get('a');
    cache.keep('c', 1, page(3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.value).toBe(page(1));
    expect(cache.keptBytes).toBe(20);
    // Kept again under the same key: counted once.
    cache.keep('a', 1, page(4));
    expect(cache.keptBytes).toBe(20);
    // A page larger than the whole budget is not kept.
    cache.keep('big', 1, 'x'.repeat(30));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(2);
    // A page whose text the caller measured weighs what it says: a light one is kept beside the two,
    // a heavy one pushes the least recently used ones out until it fits.
    cache.keep('told', 1, page(5), 4);
    expect(cache.keptBytes).toBe(24);
    cache.keep('heavy', 1, page(6), 15);
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.keptBytes).toBe(4 + 15);
  });
});

describe('items kept by id (a search reads its items this way)', () => {
  it('weigh about their JSON text, so an instance keeps no more than its bytes allow', async () => {
    // A generation of its own: the pages kept by the tests above are dropped at the first keep.
    const generation = async () =>
      (await query<{ n: number }>(kept, sql`select n::float8 as n from catalogue_generation`))[0]?.n;
    const before = await generation();
    await kept.db.execute(sql`update artists set bio = 'Weighed' where id = ${artistId}`);
    expect(await generation()).toBeGreaterThan(before ?? 0);

    const ctx = { db: kept.db, config: kept.config, userId: ana.id };
    const read = await keptItemsById<{ id: number }>(ctx, {
      artists: [artistId],
      labels: [labelId],
      tracks: [trackId, idTrackId],
      sets: [setId],
    });
    const items = Object.values(read).flat();
    expect(items).toHaveLength(5);
    const cache = pageCacheFor(kept.db, kept.config.catalogueCacheMb);
    expect(cache?.size).toBe(5);
    const json = items.reduce((bytes, item) => bytes + JSON.stringify(item).length, 0);
    expect(cache?.keptBytes).toBeGreaterThanOrEqual(json);
    expect(cache?.keptBytes).toBeLessThan(json * 1.5);

    // Read again, they come from what was kept, with the listener's own fields.
    const again = await keptItemsById<{ id: number }>(ctx, { artists: [artistId] });
    expect(again.artists).toEqual(read.artists);
  });
});
