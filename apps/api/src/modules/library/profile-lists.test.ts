// The profile tabs' lists (docs/library.md GET /users/{id}/sets, /tracks, /ids, /artists, /labels): the
// user's likes after toggling, paginated and sorted like the catalogue lists, readable only by their
// owner (see service.ts ownLists).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { createArtist, createLabel, createSet, createTrack, several } from '../../test/factories';

let app: FastifyInstance;
let owner: CrowdUser;
let other: CrowdUser;

beforeAll(async () => {
  app = await buildTestApp();
  await resetDatabase(app.database);
  const users = await crowd(app, 2);
  if (!users[0] || !users[1]) throw new Error('two users');
  [owner, other] = [users[0], users[1]];
});
afterAll(async () => {
  await app.close();
});

const put = (url: string, user: CrowdUser) => app.inject({ method: 'PUT', url, headers: user.headers });
async function get(url: string, user: CrowdUser) {
  const response = await app.inject({ url, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const idsOf = (page: { data: { id: number }[] }) => page.data.map((item) => item.id);

describe('GET /users/{id}/...', () => {
  it('lists liked sets newest release first by default, pages them, and sorts by any set sort', async () => {
    const made: Record<string, number> = {};
    for (const [name, releaseDate] of [
      ['Delta', '2023-02-01'],
      ['Alpha', '2024-06-01'],
      ['Echo', '2022-09-01'],
      ['Bravo', '2024-06-01'],
      ['Charlie', '2021-01-01'],
    ] as const) {
      made[name] = (await createSet(app, { name, releaseDate })).id;
    }
    const liked = Object.values(made);
    for (const id of liked)
      expect((await put(`/api/favs/set/${id}/likes-toggle`, owner)).statusCode).toBe(200);
    // newest release first; Alpha and Bravo share a date, the later id first
    const expected = ['Bravo', 'Alpha', 'Delta', 'Echo', 'Charlie'].map((name) => made[name]);
    const all = await get(`/api/users/${owner.id}/sets`, owner);
    expect(idsOf(all)).toEqual(expected);
    expect(all.data.every((s: { user_fav: { show_likes: boolean } }) => s.user_fav.show_likes)).toBe(true);

    const first = await get(`/api/users/${owner.id}/sets?limit=2`, owner);
    const second = await get(`/api/users/${owner.id}/sets?limit=2&offset=2`, owner);
    expect(first.pagination).toEqual({ offset: 0, count: 2, total: 5 });
    expect(second.pagination).toEqual({ offset: 2, count: 2, total: 5 });
    expect([...idsOf(first), ...idsOf(second)]).toEqual(expected.slice(0, 4));

    const byName = await get(
      `/api/users/${owner.id}/sets?order_by=set_meta.set_name&order_direction=asc`,
      owner,
    );
    expect(idsOf(byName)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name) => made[name]));
  });

  it('keeps Liked Tracks and Watched IDs apart, IDs sorted by first heard (newest first)', async () => {
    const heardIn = (await createSet(app)).id;
    const tracks = await several(3, () => createTrack(app));
    // first heard one after the other: the newest is the last made
    const idTracks = await several(3, () => createTrack(app, { mixType: 'ID', foundInSetId: heardIn }));
    for (const id of [...tracks, ...idTracks]) await put(`/api/favs/track/${id}/likes-toggle`, owner);

    const likedTracks = await get(`/api/users/${owner.id}/tracks`, owner);
    expect(idsOf(likedTracks).sort((a, b) => a - b)).toEqual(tracks);
    const watched = await get(`/api/users/${owner.id}/ids`, owner);
    expect(idsOf(watched)).toEqual([...idTracks].reverse());
    expect(watched.data.every((t: { mix_type: string }) => t.mix_type === 'ID')).toBe(true);
  });

  it('lists what is kept either way: favourited sets and tracks, followed artists and labels', async () => {
    const favSet = (await createSet(app, { name: 'Favourite only' })).id;
    const favTrack = await createTrack(app);
    const likedArtist = await createArtist(app);
    const followedArtist = await createArtist(app);
    const neitherArtist = await createArtist(app);
    const followedLabel = await createLabel(app);
    await put(`/api/favs/set/${favSet}`, owner);
    await put(`/api/favs/track/${favTrack}`, owner);
    await put(`/api/stats/artist/${likedArtist}/likes-toggle`, owner);
    await put(`/api/stats/artist/${followedArtist}/follow`, owner);
    // followed, then unfollowed: no longer kept
    await put(`/api/stats/artist/${neitherArtist}/follow`, owner);
    await put(`/api/stats/artist/${neitherArtist}/follow`, owner);
    await put(`/api/stats/label/${followedLabel}/follow`, owner);

    expect(idsOf(await get(`/api/users/${owner.id}/sets?order_by=set_meta.set_name`, owner))).toContain(
      favSet,
    );
    expect(idsOf(await get(`/api/users/${owner.id}/tracks`, owner))).toContain(favTrack);
    const artists = await get(`/api/users/${owner.id}/artists?order_by=artist_meta.name`, owner);
    expect(idsOf(artists).sort((a, b) => a - b)).toEqual([likedArtist, followedArtist]);
    const followed = artists.data.find((a: { id: number }) => a.id === followedArtist);
    expect(followed.user_stats).toMatchObject({ show_likes: false, is_followed: true });
    const labels = await get(`/api/users/${owner.id}/labels?order_by=label_meta.name`, owner);
    expect(idsOf(labels)).toEqual([followedLabel]);
    // the other user follows nothing
    expect((await get(`/api/users/${other.id}/artists`, other)).pagination.total).toBe(0);
  });

  it("answers 403 for another user's lists and 401 without a token", async () => {
    for (const list of ['sets', 'tracks', 'ids', 'artists', 'labels']) {
      const foreign = await app.inject({ url: `/api/users/${owner.id}/${list}`, headers: other.headers });
      expect(foreign.statusCode, list).toBe(403);
      expect(foreign.json()).toMatchObject({ code: 403, status: 'Forbidden' });
      expect((await app.inject({ url: `/api/users/${owner.id}/${list}` })).statusCode).toBe(401);
    }
    // the other user's own lists are theirs: empty
    expect((await get(`/api/users/${other.id}/sets`, other)).pagination.total).toBe(0);
  });

  it('rejects bad ids and queries with 4xx, never 500', async () => {
    for (const url of [
      '/api/users/abc/sets',
      '/api/users/0/tracks',
      '/api/users/99999999999/ids',
      `/api/users/${owner.id}/sets?order_by=set_meta.likes`,
      `/api/users/${owner.id}/tracks?limit=1000`,
      `/api/users/${owner.id}/artists?offset=-1`,
      `/api/users/${owner.id}/labels?order_direction=sideways`,
      `/api/users/${owner.id}/sets?after=${encodeURIComponent('not a cursor')}&order_by=set_meta.release_date`,
    ]) {
      const response = await app.inject({ url, headers: owner.headers });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
