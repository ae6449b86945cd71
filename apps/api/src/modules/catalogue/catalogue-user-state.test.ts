// Who asks matters: the per-user fields of catalogue items (favourite, likes, resume position,
// follows) come from the caller's own library rows and default for anyone else, the favs/followed
// lists hold exactly the caller's items; and requests the catalogue refuses (bad queries, bad ids,
// no token) get their status in the error shape.
import { encodeCursor } from '@cratedig/contract/catalogue-api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { createArtist, createLabel, createSet, createTrack, refreshCatalogue } from '../../test/factories';
import { listPage } from '../../test/list-pages';

let app: FastifyInstance;
let alice: CrowdUser;
let bob: CrowdUser;
/** Alice's favourite set and track, followed artist and label; each with a sibling she left alone. */
const mine = { set: 0, track: 0, artist: 0, label: 0 };

beforeAll(async () => {
  // from a known state: an earlier file of this worker may have left sets with ids of its choosing
  await resetDatabase();
  // Alice and Bob are new users: the favs and followed lists below are theirs alone, whatever else
  // the worker's database holds.
  app = await buildTestApp();
  [alice, bob] = (await crowd(app, 2)) as [CrowdUser, CrowdUser];
  mine.label = await createLabel(app, { name: 'Kept Label' });
  await createLabel(app, { name: 'Other Label' });
  mine.artist = await createArtist(app, { name: 'Kept Artist' });
  await createArtist(app, { name: 'Other Artist' });
  mine.track = await createTrack(app, { title: 'Kept Track', label: mine.label });
  await createTrack(app, { title: 'Other Track' });
  mine.set = (await createSet(app, { name: 'Kept Set', artistId: mine.artist })).id;
  await createSet(app, { name: 'Other Set' });
  await refreshCatalogue(app);
  const a = alice.id;
  await app.db.execute(sql`
    insert into user_set_favs (user_id, set_id, is_fav, show_likes, user_likes, resume_position_s)
      values (${a}, ${mine.set}, true, true, 3, 125)`);
  await app.db.execute(sql`
    insert into user_track_favs (user_id, track_id, is_fav, show_likes, user_likes, is_purchased)
      values (${a}, ${mine.track}, true, false, 2, true)`);
  await app.db.execute(sql`insert into user_artist_stats (user_id, artist_id, is_followed, show_likes)
    values (${a}, ${mine.artist}, true, true)`);
  await app.db.execute(sql`insert into user_label_stats (user_id, label_id, is_followed, show_likes)
    values (${a}, ${mine.label}, true, false)`);
  await app.db.execute(sql`update artists set total_user_likes = 1 where id = ${mine.artist}`);
});
afterAll(async () => {
  await app?.close();
});

async function detail(url: string, user: CrowdUser) {
  const response = await app.inject({ url, headers: user.headers });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json();
}

describe('per-user state and the followed filters', () => {
  it('a set, track, artist or label shows the caller’s own library state, and defaults for others', async () => {
    expect((await detail(`/api/sets/${mine.set}`, alice)).user_fav).toEqual({
      is_fav: true,
      show_likes: true,
      user_likes: 3,
      current_timestamp: 125,
    });
    expect((await detail(`/api/sets/${mine.set}`, bob)).user_fav).toEqual({
      is_fav: false,
      show_likes: false,
      user_likes: 0,
      current_timestamp: 0,
    });
    expect((await detail(`/api/tracks/${mine.track}`, alice)).user_fav).toEqual({
      is_fav: true,
      show_likes: false,
      user_likes: 2,
      is_purchased: true,
    });
    expect((await detail(`/api/tracks/${mine.track}`, bob)).user_fav).toEqual({
      is_fav: false,
      show_likes: false,
      user_likes: 0,
      is_purchased: false,
    });
    expect((await detail(`/api/artists/${mine.artist}`, alice)).user_stats).toEqual({
      is_followed: true,
      show_likes: true,
      total_user_likes: 1,
    });
    expect((await detail(`/api/artists/${mine.artist}`, bob)).user_stats).toEqual({
      is_followed: false,
      show_likes: false,
      total_user_likes: 1,
    });
    expect((await detail(`/api/labels/${mine.label}`, alice)).user_label_stats.is_followed).toBe(true);
    expect((await detail(`/api/labels/${mine.label}`, bob)).user_label_stats.is_followed).toBe(false);
  });

  it('the favs and followed lists, and followed_filter=true, hold exactly the caller’s items', async () => {
    for (const [url, id] of [
      ['/api/sets/favs', mine.set],
      ['/api/sets?followed_filter=true', mine.set],
      ['/api/tracks/favs', mine.track],
      ['/api/tracks?followed_filter=true', mine.track],
      ['/api/artists/followed', mine.artist],
      ['/api/artists?followed_filter=true', mine.artist],
      ['/api/labels/followed', mine.label],
      ['/api/labels?followed_filter=true', mine.label],
    ] as const) {
      const hers = await listPage(app, url, alice.headers);
      expect(
        hers.data.map((item) => item.id),
        url,
      ).toEqual([id]);
      expect(hers.pagination.total, url).toBe(1);
      expect((await listPage(app, url, bob.headers)).pagination.total, url).toBe(0);
    }
    // in a list, the state rides on the item too
    const favs = await listPage(app, '/api/sets/favs', alice.headers);
    expect(favs.data[0]?.user_fav).toMatchObject({ is_fav: true, current_timestamp: 125 });
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
      const response = await app.inject({ url: `/api/sets?${query}`, headers: alice.headers });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 422, errors: { query: expect.any(Object) } });
    });
  }

  it('a cursor whose value does not fit a typed sort is a 422, never a 500', async () => {
    const after = encodeCursor('abc', 3);
    const response = await app.inject({
      url: `/api/artists?order_by=artist_meta.set_count&after=${after}`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 422 });
  });

  it('a non-numeric id is a 404 in the error shape: a bad path parameter names nothing', async () => {
    const response = await app.inject({ url: '/api/sets/abc', headers: alice.headers });
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
