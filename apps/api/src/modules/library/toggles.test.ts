// The library toggles (favourites, likes, follows, purchase): each one on, then off, with the state and the counts a client then reads back; concurrency; 404s.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import {
  createArtist,
  createLabel,
  createSet,
  createTrack,
  refreshCatalogue,
  several,
} from '../../test/factories';
import { ids } from '../../test/sql';

let app: FastifyInstance;
let released: number[];
let idTrack: number;
let setIds: number[];
let artistIds: number[];
let labelIds: number[];

beforeAll(async () => {
  app = await buildTestApp();
  await resetDatabase(app.database);
  setIds = (await several(4, () => createSet(app))).map((set) => set.id);
  released = await several(6, () => createTrack(app, { credited: true, label: true }));
  idTrack = await createTrack(app, { mixType: 'ID', foundInSetId: at(setIds, 0) });
  artistIds = await several(4, () => createArtist(app));
  labelIds = await several(4, () => createLabel(app));
  await refreshCatalogue(app);
});
afterAll(async () => {
  await app.close();
});

const put = (url: string, user: CrowdUser) => app.inject({ method: 'PUT', url, headers: user.headers });
const get = async (url: string, user: CrowdUser) => {
  const response = await app.inject({ url, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const at = <T>(list: T[], index: number): T => {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
};

async function me(): Promise<CrowdUser> {
  return at(await crowd(app, 1), 0);
}

describe('favourites and likes of sets', () => {
  it('PUT /favs/set/{id} adds the set to the favourites and removes it again', async () => {
    const user = await me();
    const setId = at(setIds, 0);
    const on = await put(`/api/favs/set/${setId}`, user);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ is_fav: true });
    expect((await get(`/api/sets/${setId}`, user)).user_fav).toMatchObject({
      is_fav: true,
      show_likes: false,
    });
    const favs = await get('/api/sets/favs', user);
    expect(favs.data.map((s: { id: number }) => s.id)).toEqual([setId]);

    const off = await put(`/api/favs/set/${setId}`, user);
    expect(off.json()).toEqual({ is_fav: false });
    expect((await get(`/api/sets/${setId}`, user)).user_fav.is_fav).toBe(false);
    expect((await get('/api/sets/favs', user)).pagination.total).toBe(0);
  });

  it('PUT /favs/set/{id}/likes-toggle puts the set into Liked Sets and takes it out again', async () => {
    const user = await me();
    const setId = at(setIds, 1);
    expect((await put(`/api/favs/set/${setId}/likes-toggle`, user)).json()).toEqual({ show_likes: true });
    const liked = await get(`/api/users/${user.id}/sets`, user);
    expect(liked.data.map((s: { id: number }) => s.id)).toEqual([setId]);
    expect(liked.data[0].user_fav).toMatchObject({ show_likes: true, is_fav: false });

    expect((await put(`/api/favs/set/${setId}/likes-toggle`, user)).json()).toEqual({ show_likes: false });
    expect(await get(`/api/users/${user.id}/sets`, user)).toEqual({
      data: [],
      pagination: { offset: 0, count: 0, total: 0 },
    });
  });
});

describe('favourites, likes and purchases of tracks', () => {
  it('PUT /favs/track/{id} toggles the favourite without touching the likes count', async () => {
    const user = await me();
    const trackId = at(released, 0);
    const before = (await get(`/api/tracks/${trackId}`, user)).total_user_likes;
    expect((await put(`/api/favs/track/${trackId}`, user)).json()).toEqual({ is_fav: true });
    const track = await get(`/api/tracks/${trackId}`, user);
    expect(track.user_fav.is_fav).toBe(true);
    expect(track.total_user_likes).toBe(before);
    expect((await get('/api/tracks/favs', user)).data.map((t: { id: number }) => t.id)).toEqual([trackId]);
    expect((await put(`/api/favs/track/${trackId}`, user)).json()).toEqual({ is_fav: false });
    expect((await get(`/api/tracks/${trackId}`, user)).user_fav.is_fav).toBe(false);
  });

  it('PUT /favs/track/{id}/likes-toggle counts the like, answers the exact total and keeps is_fav', async () => {
    const [user, other] = await crowd(app, 2);
    if (!user || !other) throw new Error('two users');
    const trackId = at(released, 1);
    await put(`/api/favs/track/${trackId}`, user);
    const before = (await get(`/api/tracks/${trackId}`, user)).total_user_likes;

    const on = await put(`/api/favs/track/${trackId}/likes-toggle`, user);
    expect(on.json()).toEqual({ show_likes: true, total_user_likes: before + 1, is_fav: true });
    const second = await put(`/api/favs/track/${trackId}/likes-toggle`, other);
    expect(second.json()).toEqual({ show_likes: true, total_user_likes: before + 2, is_fav: false });
    // what any other user reads on the track page
    expect((await get(`/api/tracks/${trackId}`, other)).total_user_likes).toBe(before + 2);
    expect((await get(`/api/users/${user.id}/tracks`, user)).data.map((t: { id: number }) => t.id)).toEqual([
      trackId,
    ]);

    const off = await put(`/api/favs/track/${trackId}/likes-toggle`, user);
    expect(off.json()).toEqual({ show_likes: false, total_user_likes: before + 1, is_fav: true });
    expect((await get(`/api/tracks/${trackId}`, user)).total_user_likes).toBe(before + 1);
    // still a favourite, so still kept on the profile's Liked Tracks
    expect((await get(`/api/users/${user.id}/tracks`, user)).pagination.total).toBe(1);
  });

  it('watching an ID is its likes toggle, listed under Watched IDs and not under Liked Tracks', async () => {
    const user = await me();
    const on = await put(`/api/favs/track/${idTrack}/likes-toggle`, user);
    expect(on.json()).toMatchObject({ show_likes: true, is_fav: false });
    const watched = await get(`/api/users/${user.id}/ids`, user);
    expect(watched.data.map((t: { id: number; mix_type: string }) => [t.id, t.mix_type])).toEqual([
      [idTrack, 'ID'],
    ]);
    expect((await get(`/api/users/${user.id}/tracks`, user)).pagination.total).toBe(0);

    expect((await put(`/api/favs/track/${idTrack}/likes-toggle`, user)).json()).toMatchObject({
      show_likes: false,
    });
    expect((await get(`/api/users/${user.id}/ids`, user)).pagination.total).toBe(0);
  });

  it('PUT /favs/track/{id}/purchase marks the track purchased, and stays purchased when repeated', async () => {
    const user = await me();
    const trackId = at(released, 2);
    expect((await get(`/api/tracks/${trackId}`, user)).user_fav.is_purchased).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      const response = await put(`/api/favs/track/${trackId}/purchase`, user);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ is_purchased: true });
    }
    const track = await get(`/api/tracks/${trackId}`, user);
    expect(track.user_fav).toMatchObject({ is_purchased: true, is_fav: false, show_likes: false });
  });
});

describe('follows and likes of artists and labels', () => {
  for (const kind of ['artist', 'label'] as const) {
    const plural = `${kind}s` as const;
    const stateKey = kind === 'artist' ? 'user_stats' : 'user_label_stats';
    const pickId = () => at(kind === 'artist' ? artistIds : labelIds, 0);

    it(`PUT /stats/${kind}/{id}/follow follows and unfollows, and the followed list shows it`, async () => {
      const user = await me();
      const id = pickId();
      expect((await put(`/api/stats/${kind}/${id}/follow`, user)).json()).toEqual({ is_followed: true });
      expect((await get(`/api/${plural}/${id}`, user))[stateKey]).toMatchObject({ is_followed: true });
      const followed = await get(`/api/${plural}/followed`, user);
      expect(followed.data.map((x: { id: number }) => x.id)).toEqual([id]);
      expect((await put(`/api/stats/${kind}/${id}/follow`, user)).json()).toEqual({ is_followed: false });
      expect((await get(`/api/${plural}/followed`, user)).pagination.total).toBe(0);
    });

    it(`PUT /stats/${kind}/{id}/likes-toggle likes and unlikes with the exact total_user_likes`, async () => {
      const user = await me();
      const id = pickId();
      const before = (await get(`/api/${plural}/${id}`, user))[stateKey].total_user_likes;
      const on = await put(`/api/stats/${kind}/${id}/likes-toggle`, user);
      expect(on.json()).toEqual({ show_likes: true, total_user_likes: before + 1 });
      expect((await get(`/api/${plural}/${id}`, user))[stateKey]).toEqual({
        is_followed: false,
        show_likes: true,
        total_user_likes: before + 1,
      });
      expect(
        (await get(`/api/users/${user.id}/${plural}`, user)).data.map((x: { id: number }) => x.id),
      ).toEqual([id]);
      const off = await put(`/api/stats/${kind}/${id}/likes-toggle`, user);
      expect(off.json()).toEqual({ show_likes: false, total_user_likes: before });
      expect((await get(`/api/users/${user.id}/${plural}`, user)).pagination.total).toBe(0);
    });
  }
});

describe('concurrent toggles', () => {
  // On PGlite the statements are serialised; on the PostgreSQL server of CI they really overlap, and
  // the single-statement toggle must still count every change exactly once.
  it('20 users liking one track at once leave total_user_likes equal to the rows that like it', async () => {
    const users = await crowd(app, 20);
    const trackId = at(released, 3);
    const before = (await get(`/api/tracks/${trackId}`, at(users, 0))).total_user_likes;
    const answers = await Promise.all(users.map((u) => put(`/api/favs/track/${trackId}/likes-toggle`, u)));
    expect(answers.every((a) => a.statusCode === 200 && a.json().show_likes === true)).toBe(true);
    // each answer is the count right after its own change: all distinct, up to before + 20
    const totals = answers.map((a) => a.json().total_user_likes as number).sort((a, b) => a - b);
    expect(totals).toEqual(Array.from({ length: 20 }, (_, i) => before + i + 1));
    const rows = await ids(
      app,
      `select count(*)::int as id from user_track_favs where track_id = ${trackId} and show_likes`,
    );
    expect((await get(`/api/tracks/${trackId}`, at(users, 0))).total_user_likes).toBe(before + 20);
    expect(rows).toEqual([before + 20]);

    // half of them take it back at once
    const half = users.slice(0, 10);
    await Promise.all(half.map((u) => put(`/api/favs/track/${trackId}/likes-toggle`, u)));
    expect((await get(`/api/tracks/${trackId}`, at(users, 0))).total_user_likes).toBe(before + 10);
  });

  it('two concurrent taps of the same user flip twice: the state and the count come back unchanged', async () => {
    const user = await me();
    const labelId = at(labelIds, 1);
    const before = (await get(`/api/labels/${labelId}`, user)).user_label_stats;
    const taps = await Promise.all([1, 2].map(() => put(`/api/stats/label/${labelId}/likes-toggle`, user)));
    expect(taps.map((t) => t.json().show_likes).sort()).toEqual([false, true]);
    expect((await get(`/api/labels/${labelId}`, user)).user_label_stats).toEqual(before);
  });

  it('many users liking and following an artist concurrently keep both counts exact', async () => {
    const users = await crowd(app, 12);
    const artistId = at(artistIds, 1);
    const before = (await get(`/api/artists/${artistId}`, at(users, 0))).user_stats.total_user_likes;
    await Promise.all(
      users.flatMap((u) => [
        put(`/api/stats/artist/${artistId}/likes-toggle`, u),
        put(`/api/stats/artist/${artistId}/follow`, u),
      ]),
    );
    const artist = await get(`/api/artists/${artistId}`, at(users, 0));
    expect(artist.user_stats).toEqual({ is_followed: true, show_likes: true, total_user_likes: before + 12 });
  });
});

describe('who may toggle what', () => {
  const endpoints = (id: number | string) => [
    `/api/favs/set/${id}`,
    `/api/favs/track/${id}`,
    `/api/favs/set/${id}/likes-toggle`,
    `/api/favs/track/${id}/likes-toggle`,
    `/api/favs/track/${id}/purchase`,
    `/api/stats/artist/${id}/follow`,
    `/api/stats/label/${id}/follow`,
    `/api/stats/artist/${id}/likes-toggle`,
    `/api/stats/label/${id}/likes-toggle`,
  ];

  it('answers 401 in the error shape without a token, and changes nothing', async () => {
    const user = await me();
    for (const url of endpoints(at(released, 4))) {
      const response = await app.inject({ method: 'PUT', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, status: 'Unauthorized' });
    }
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/favs/track/${at(released, 4)}`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bad.statusCode).toBe(401);
    expect((await get(`/api/tracks/${at(released, 4)}`, user)).user_fav.is_fav).toBe(false);
  });

  it('answers 404 for unknown items and writes no row', async () => {
    const user = await me();
    for (const url of endpoints(2_000_000_000)) {
      const response = await put(url, user);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, message: expect.stringMatching(/not found/) });
    }
    const rows = await ids(
      app,
      `select (select count(*) from user_set_favs where user_id = ${user.id}) + (select count(*) from user_track_favs where user_id = ${user.id}) + (select count(*) from user_artist_stats where user_id = ${user.id}) + (select count(*) from user_label_stats where user_id = ${user.id}) as id`,
    );
    expect(rows.map(Number)).toEqual([0]);
  });

  it('answers 4xx, never 500, for ids that are not ids', async () => {
    const user = await me();
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999', '%00', '1e3']) {
      for (const url of endpoints(bad)) {
        const response = await put(url, user);
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.json()).toHaveProperty('code', response.statusCode);
      }
    }
  });
});
