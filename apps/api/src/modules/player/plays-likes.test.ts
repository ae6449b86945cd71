// PUT /plays (resume + counted plays), GET /set_tracks/play/{id}, and moment likes with the two
// PUT /favs/…/likes (docs/player.md and "Favourites, likes"): exact under concurrency.

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { createSet, createTrack } from '../../test/factories';
import { likeMoment } from '../../test/player';
import { query } from '../../test/sql';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
});

const put = (who: SignedInUser, url: string, payload?: object) =>
  app.inject({ method: 'PUT', url, headers: who.headers, ...(payload ? { payload } : {}) });
const like = (who: SignedInUser, setId: number, t: number) => likeMoment(app, who, setId, t);

async function playCount(setId: number): Promise<number> {
  const rows = await query<{ plays: number }>(
    app,
    sql`select plays from set_play_counts where set_id = ${setId}`,
  );
  return rows[0]?.plays ?? 0;
}

describe('PUT /plays', () => {
  it('saves the resume position, which GET /sets/{id} answers as user_fav.current_timestamp', async () => {
    const me = await createUserWithToken(app);
    const other = await createUserWithToken(app);
    const set = await createSet(app, { tracks: [[0, 600]] });
    expect((await put(me, '/api/plays', { set_meta_id: set.id, current_timestamp: 125.8 })).statusCode).toBe(
      204,
    );
    expect((await put(me, '/api/plays', { set_meta_id: set.id, current_timestamp: 1830 })).statusCode).toBe(
      204,
    );
    const mine = await app.inject({ url: `/api/sets/${set.id}`, headers: me.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user_fav).toMatchObject({ current_timestamp: 1830 });
    // The position is per user: it follows me to another browser, not to someone else.
    const theirs = await app.inject({ url: `/api/sets/${set.id}`, headers: other.headers });
    expect(theirs.json().user_fav).toMatchObject({ current_timestamp: 0 });
    expect((await put(me, '/api/plays', { set_meta_id: 999_999, current_timestamp: 1 })).statusCode).toBe(
      404,
    );
  });

  it('counts at most one play per user and set per hour, also for concurrent saves', async () => {
    const [me, other] = [await createUserWithToken(app), await createUserWithToken(app)];
    const set = await createSet(app);
    const saves = Array.from({ length: 12 }, (_, index) =>
      put(me, '/api/plays', { set_meta_id: set.id, current_timestamp: index * 30 }),
    );
    const responses = await Promise.all(saves);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 204));
    expect(await playCount(set.id)).toBe(1);
    await put(other, '/api/plays', { set_meta_id: set.id, current_timestamp: 5 });
    expect(await playCount(set.id)).toBe(2);
    // An hour later the same user counts again.
    await app.db.execute(sql`update plays set played_at = played_at - interval '61 minutes'`);
    await put(me, '/api/plays', { set_meta_id: set.id, current_timestamp: 400 });
    expect(await playCount(set.id)).toBe(3);
  });
});

describe('GET /set_tracks/play/{track_id}', () => {
  it('answers the most played set containing the track and its start_time; 404 when no set has it', async () => {
    const me = await createUserWithToken(app);
    const track = await createTrack(app);
    const early = await createSet(app, { tracks: [[0, 300]], trackIds: [track] });
    const popular = await createSet(app, {
      tracks: [
        [0, 200],
        [200, 500],
      ],
      trackIds: [await createTrack(app), track],
    });
    const target = (id: number) => app.inject({ url: `/api/set_tracks/play/${id}`, headers: me.headers });
    // No plays yet: the tie goes to the lowest set id.
    expect((await target(track)).json()).toEqual({ set_meta_id: early.id, start_time: 0 });
    await put(me, '/api/plays', { set_meta_id: popular.id, current_timestamp: 10 });
    expect((await target(track)).json()).toEqual({ set_meta_id: popular.id, start_time: 200 });
    const lonely = await createTrack(app);
    const none = await target(lonely);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 404 });
  });
});

describe('moment likes', () => {
  it('raises the set, the set track playing then, and the user counts by one; returns the set total', async () => {
    const me = await createUserWithToken(app);
    const set = await createSet(app, {
      tracks: [
        [0, 300],
        [300, 720],
        [720, 1000],
      ],
    });
    const response = await like(me, set.id, 300);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ likes: 1 });
    const detail = (await app.inject({ url: `/api/sets/${set.id}`, headers: me.headers })).json();
    expect(detail.likes).toBe(1);
    expect(detail.user_fav).toMatchObject({ user_likes: 1 });
    // start_time <= t < end_time: second 300 belongs to the second track, not the first.
    expect(detail.set_tracks.map((entry: { likes: number }) => entry.likes)).toEqual([0, 1, 0]);
    const trackFav = await query<{ user_likes: number }>(
      app,
      sql`select user_likes from user_track_favs where user_id = ${me.user.id} and track_id = ${set.trackIds[1]}`,
    );
    expect(trackFav).toEqual([{ user_likes: 1 }]);
    // A moment outside every track still counts for the set.
    expect((await like(me, set.id, 5000)).json()).toEqual({ likes: 2 });
    expect((await like(me, 999_999, 5)).statusCode).toBe(404);
  });

  it('keeps every count exact under many concurrent likes from several users', async () => {
    const users = [
      await createUserWithToken(app),
      await createUserWithToken(app),
      await createUserWithToken(app),
    ];
    const set = await createSet(app, {
      tracks: [
        [0, 100],
        [100, 200],
      ],
    });
    const likes = users.flatMap((who) =>
      Array.from({ length: 20 }, (_, index) => like(who, set.id, index % 2 ? 50 : 150)),
    );
    const responses = await Promise.all(likes);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    // Each answer is the total right after that like: all distinct, 1..60.
    const totals = responses.map((response) => response.json().likes as number).sort((a, b) => a - b);
    expect(totals).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    const [setRow] = await query<{ likes: number }>(app, sql`select likes from sets where id = ${set.id}`);
    expect(setRow?.likes).toBe(60);
    const trackLikes = await query<{ likes: number }>(
      app,
      sql`select likes from set_tracks where set_id = ${set.id} order by track_position`,
    );
    expect(trackLikes.map((row) => row.likes)).toEqual([30, 30]);
    const perUser = await query<{ user_likes: number }>(
      app,
      sql`select user_likes from user_set_favs where set_id = ${set.id} order by user_id`,
    );
    expect(perUser.map((row) => row.user_likes)).toEqual([20, 20, 20]);
    const perUserTrack = await query<{ n: number }>(
      app,
      sql`select sum(user_likes)::int as n from user_track_favs where track_id in (${set.trackIds[0]}, ${set.trackIds[1]})`,
    );
    expect(perUserTrack[0]?.n).toBe(60);
    const rows = await query<{ n: number }>(
      app,
      sql`select count(*)::int as n from set_likes where set_id = ${set.id}`,
    );
    expect(rows[0]?.n).toBe(60);
  });

  it("PUT /favs/…/likes put the set and track into the user's likes, counting the track's users once", async () => {
    const [me, other] = [await createUserWithToken(app), await createUserWithToken(app)];
    const set = await createSet(app, { tracks: [[0, 100]] });
    const trackId = set.trackIds[0];
    await like(me, set.id, 10);
    const setFav = await put(me, `/api/favs/set/${set.id}/likes`);
    expect(setFav.statusCode).toBe(200);
    expect(setFav.json()).toEqual({ is_fav: false, show_likes: true, user_likes: 1, current_timestamp: 0 });
    // The client calls this after every moment like, even concurrently: the track's total rises once per user.
    const calls = await Promise.all([
      ...Array.from({ length: 5 }, () => put(me, `/api/favs/track/${trackId}/likes`)),
      ...Array.from({ length: 5 }, () => put(other, `/api/favs/track/${trackId}/likes`)),
    ]);
    expect(calls.every((response) => response.statusCode === 200)).toBe(true);
    expect(calls[0]?.json()).toEqual({ is_fav: false, show_likes: true, user_likes: 1, is_purchased: false });
    const [track] = await query<{ total_user_likes: number }>(
      app,
      sql`select total_user_likes from tracks where id = ${trackId}`,
    );
    expect(track?.total_user_likes).toBe(2);
    expect((await put(me, '/api/favs/set/999999/likes')).statusCode).toBe(404);
    expect((await put(me, '/api/favs/track/999999/likes')).statusCode).toBe(404);
  });
});
