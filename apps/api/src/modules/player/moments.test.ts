// The crowd's moments: a set's heat buckets after known likes, 'Continue listening' (order, finished
// sets left out, only the caller's sets), the last played set, and a track's moments in its sets.

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { createSet } from '../../test/factories';
import { likeMoment } from '../../test/player';
import { query } from '../../test/sql';
import { bucketSeconds } from './moments-service';

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

const get = (who: SignedInUser, url: string) => app.inject({ method: 'GET', url, headers: who.headers });
const like = (who: SignedInUser, setId: number, t: number) => likeMoment(app, who, setId, t);
const play = (who: SignedInUser, setId: number, t: number) =>
  app.inject({
    method: 'PUT',
    url: '/api/plays',
    headers: who.headers,
    payload: { set_meta_id: setId, current_timestamp: t },
  });

describe('GET /api/sets/{id}/heat', () => {
  it('chooses buckets of whole 5 s slots, at most 300 per set', () => {
    expect(bucketSeconds(20 * 60)).toBe(5);
    expect(bucketSeconds(1500)).toBe(5);
    expect(bucketSeconds(1501)).toBe(10);
    expect(bucketSeconds(3600)).toBe(15);
    expect(bucketSeconds(2 * 3600)).toBe(25);
    for (const duration of [1, 299, 1500, 3601, 7200, 36_000]) {
      expect(Math.ceil(duration / bucketSeconds(duration))).toBeLessThanOrEqual(300);
    }
  });

  it('counts the likes per bucket exactly and names the peak, its start and its track', async () => {
    const [me, friend] = [await createUserWithToken(app), await createUserWithToken(app)];
    // one hour: 15 s buckets, 240 of them
    const set = await createSet(app, {
      tracks: [
        [0, 600],
        [600, 1800],
        [1800, 3600],
      ],
    });
    // fractions of a second are accepted (they once failed the set track lookup with a 500)
    for (const t of [3, 14.9, 15, 700, 705, 707.5]) expect((await like(me, set.id, t)).statusCode).toBe(200);
    for (const t of [701, 3599]) expect((await like(friend, set.id, t)).statusCode).toBe(200);
    // past the end of the set: recorded, but not part of the strip
    expect((await like(friend, set.id, 4000)).statusCode).toBe(200);

    const response = await get(me, `/api/sets/${set.id}/heat`);
    expect(response.statusCode).toBe(200);
    const heat = response.json();
    expect(heat).toMatchObject({ set_meta_id: set.id, duration_s: 3600, bucket_s: 15, total: 8 });
    expect(heat.buckets).toHaveLength(240);
    const nonEmpty = (heat.buckets as number[]).flatMap((n, i) => (n > 0 ? [[i, n]] : []));
    // 3 and 14.9 → bucket 0; 15 → 1; 700, 701, 705, 707.5 → 46 (690-705 s holds 700, 701; 705 → 47)
    expect(nonEmpty).toEqual([
      [0, 2],
      [1, 1],
      [46, 2],
      [47, 2],
      [239, 1],
    ]);
    // ties: the earliest most-liked bucket
    expect(heat.peak).toEqual({ bucket: 0, start_s: 0, end_s: 15, at_s: 3, likes: 2, track_position: 1 });
    expect(heat.tracks.map((t: { start_time: number; likes: number }) => [t.start_time, t.likes])).toEqual([
      [0, 3],
      [600, 4],
      [1800, 1],
    ]);

    await like(friend, set.id, 706);
    const after = (await get(me, `/api/sets/${set.id}/heat`)).json();
    // 705, 706 and 707.5 share the slot 705–710: the moment is their median second
    expect(after.peak).toEqual({
      bucket: 47,
      start_s: 705,
      end_s: 720,
      at_s: 706,
      likes: 3,
      track_position: 2,
    });
  });

  it('names the moment liked and its track, not the start of its bucket, when a track begins inside it', async () => {
    const me = await createUserWithToken(app);
    // one hour: 15 s buckets; the second track begins at 16:10, inside the bucket 16:00–16:15
    const set = await createSet(app, {
      tracks: [
        [0, 970],
        [970, 3600],
      ],
    });
    expect((await like(me, set.id, 977)).statusCode).toBe(200);
    expect((await like(me, set.id, 973)).statusCode).toBe(200);
    expect((await like(me, set.id, 973.6)).statusCode).toBe(200);
    const heat = (await get(me, `/api/sets/${set.id}/heat`)).json();
    // 973 and 973.6 in bucket 960–975, 977 in the next one
    expect(heat.peak).toEqual({
      bucket: 64,
      start_s: 960,
      end_s: 975,
      at_s: 973,
      likes: 2,
      track_position: 2,
    });
  });

  it('answers empty buckets and no peak for a set without likes; 404 and 4xx for bad ids', async () => {
    const me = await createUserWithToken(app);
    const set = await createSet(app);
    const heat = (await get(me, `/api/sets/${set.id}/heat`)).json();
    expect(heat).toMatchObject({ bucket_s: 15, total: 0, peak: null, tracks: [] });
    expect(heat.buckets).toEqual(new Array(240).fill(0));

    const missing = await get(me, '/api/sets/999999/heat');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404 });
    const bad = await get(me, '/api/sets/abc/heat');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json()).toHaveProperty('errors.params');
    const anonymous = await app.inject({ method: 'GET', url: `/api/sets/${set.id}/heat` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the slots in step with the recorded likes, which the migration also counts in', async () => {
    const me = await createUserWithToken(app);
    const set = await createSet(app);
    for (const t of [0, 4.9, 5, 9.5, 10]) await like(me, set.id, t);
    const slots = await query<{ slot: number; likes: number }>(
      app,
      sql`select slot, likes from set_like_slots where set_id = ${set.id} order by slot`,
    );
    const recount = await query<{ slot: number; likes: number }>(
      app,
      sql`select floor(set_timestamp / 5)::int as slot, count(*)::int as likes from set_likes where set_id = ${set.id}
          group by 1 order by 1`,
    );
    expect(slots).toEqual(recount);
    expect(slots).toEqual([
      { slot: 0, likes: 2 },
      { slot: 1, likes: 2 },
      { slot: 2, likes: 1 },
    ]);
  });
});

describe('GET /api/plays/continue and /api/plays/last', () => {
  it('lists the sets left part-way, most recently played first, with the track playing there', async () => {
    const me = await createUserWithToken(app);
    const tracked = await createSet(app, {
      name: 'Tracked',
      tracks: [
        [0, 100],
        [100, 3600],
      ],
      audioPath: '/media/audio/sets/tracked.mp3',
    });
    const [older, finishedTail, finishedFraction, unplayed, rewound] = [
      await createSet(app, { name: 'Older' }),
      await createSet(app),
      await createSet(app),
      await createSet(app),
      await createSet(app),
    ];
    expect((await play(me, older.id, 120)).statusCode).toBe(204);
    await play(me, tracked.id, 388.6);
    // within the last 30 s of one hour
    await play(me, finishedTail.id, 3571);
    // past 97 % (3492 s) but more than 30 s before the end
    await play(me, finishedFraction.id, 3500);
    // back to the start: nothing to resume
    await play(me, rewound.id, 0);
    // liking a moment does not make an unplayed set resumable
    await like(me, unplayed.id, 50);

    const response = await get(me, '/api/plays/continue');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ offset: 0, count: 2, total: 2 });
    expect(body.data.map((item: { set_meta: { id: number } }) => item.set_meta.id)).toEqual([
      tracked.id,
      older.id,
    ]);
    const [first] = body.data;
    expect(first).toMatchObject({
      current_timestamp: 388.6,
      set_meta: { id: tracked.id, set_name: 'Tracked', user_fav: { current_timestamp: 388.6 } },
      track: { track_position: 2, track_meta_id: tracked.trackIds[1], start_time: 100, end_time: 3600 },
    });
    expect(first.played_dt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // the audio link is signed for the caller, like every other set response
    expect(first.set_meta.mp3_permalink).toMatch(/^\/media\/audio\/sets\/tracked\.mp3\?u=\d+&exp=\d+&sig=/);
    expect(body.data[1].track).toBeNull();

    // Playing the older one again brings it to the front; pages follow that order.
    await play(me, older.id, 130);
    const page = (await get(me, '/api/plays/continue?limit=1&offset=1')).json();
    expect(page.pagination).toEqual({ offset: 1, count: 1, total: 2 });
    expect(page.data[0].set_meta.id).toBe(tracked.id);

    // The last played set is the latest saved, whatever its position.
    await play(me, finishedTail.id, 3590);
    const last = await get(me, '/api/plays/last');
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({
      set_meta: { id: finishedTail.id },
      current_timestamp: 3590,
      track: null,
    });
  });

  it("never includes another user's sets; a user who never played gets an empty row and 204", async () => {
    const [me, other] = [await createUserWithToken(app), await createUserWithToken(app)];
    const set = await createSet(app);
    await play(other, set.id, 600);
    const mine = (await get(me, '/api/plays/continue')).json();
    expect(mine).toEqual({ data: [], pagination: { offset: 0, count: 0, total: 0 } });
    const last = await get(me, '/api/plays/last');
    expect(last.statusCode).toBe(204);
    expect(last.body).toBe('');
    const theirs = (await get(other, '/api/plays/continue')).json();
    expect(theirs.data.map((item: { set_meta: { id: number } }) => item.set_meta.id)).toEqual([set.id]);
  });

  it('refuses bad paging with 4xx in the error shape, and answers 401 without a token', async () => {
    const me = await createUserWithToken(app);
    for (const search of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const response = await get(me, `/api/plays/continue?${search}`);
      expect(response.statusCode, search).toBe(422);
      expect(response.json()).toHaveProperty('errors.query');
    }
    for (const url of ['/api/plays/continue', '/api/plays/last']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/tracks/{id}/moments', () => {
  it('answers where the track plays in each set and the moment likes it got there', async () => {
    const me = await createUserWithToken(app);
    const first = await createSet(app, {
      tracks: [
        [0, 300],
        [300, 900],
      ],
    });
    const trackId = first.trackIds[1] as number;
    const second = await createSet(app, { tracks: [[0, 420]], trackIds: [trackId] });
    const elsewhere = await createSet(app, { tracks: [[0, 100]] });
    await like(me, first.id, 310);
    await like(me, first.id, 899);
    await like(me, first.id, 10);

    const all = await get(me, `/api/tracks/${trackId}/moments`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      data: [
        { set_meta_id: first.id, track_position: 2, start_time: 300, end_time: 900, likes: 2 },
        { set_meta_id: second.id, track_position: 1, start_time: 0, end_time: 420, likes: 0 },
      ],
    });
    const some = (
      await get(me, `/api/tracks/${trackId}/moments?set_ids=${second.id},${elsewhere.id}`)
    ).json();
    expect(some.data.map((m: { set_meta_id: number }) => m.set_meta_id)).toEqual([second.id]);

    expect((await get(me, '/api/tracks/999999/moments')).statusCode).toBe(404);
    for (const bad of [
      'set_ids=',
      'set_ids=1,,2',
      'set_ids=a',
      `set_ids=${'1,'.repeat(100)}1`,
      'set_ids=0',
    ]) {
      const response = await get(me, `/api/tracks/${trackId}/moments?${bad}`);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json()).toHaveProperty('errors.query');
    }
  });
});
