// Releases and their notifications: the fan-out to everyone waiting for an ID, exactly once, and the
// caller's notification list (docs/ids-and-identifications.md Notifications), unread count and marking read.
import type { Notification, NotificationList } from '@cratedig/contract/notification';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { appendSetTrack, createSet, createTrack, refreshCatalogue } from '../../test/factories';
import { releaseId } from '../catalogue/release-service';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await resetDatabase(app.database);
});
afterAll(async () => {
  await app.close();
});

let made = 0;

/**
 * A fresh unreleased ID, second in the track list of the set it was heard in, and a track to release
 * it as; never used by another test.
 */
async function pair(): Promise<[number, number]> {
  made += 1;
  const set = await createSet(app, { name: `Heard ${made}`, tracks: [[0, 300]] });
  const id = await createTrack(app, {
    title: 'ID',
    artist: `Test Artist ${made}`,
    mixType: 'ID',
    foundInSetId: set.id,
  });
  await appendSetTrack(app, set.id, id, [300, 600]);
  const track = await createTrack(app, {
    title: `Tune ${made}`,
    artist: `Test Artist ${made}`,
    releaseDate: '2026-11-01',
  });
  return [id, track];
}

const ctx = () => ({ db: app.db, config: app.config });
const put = (url: string, user: CrowdUser) => app.inject({ method: 'PUT', url, headers: user.headers });
const watch = (user: CrowdUser, id: number) => put(`/api/favs/track/${id}/likes-toggle`, user);
const favourite = (user: CrowdUser, id: number) => put(`/api/favs/track/${id}`, user);

async function list(user: CrowdUser, query = ''): Promise<NotificationList> {
  const response = await app.inject({ url: `/api/notifications${query}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function unread(user: CrowdUser): Promise<number> {
  const response = await app.inject({ url: '/api/notifications/unread-count', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().unread;
}

describe('a release', () => {
  it('notifies each watcher and favouriter once, a user who does both once, and nobody else', async () => {
    const [id, track] = await pair();
    const [w1, w2, w3, fav, both, bystander] = await crowd(app, 6);
    if (!w1 || !w2 || !w3 || !fav || !both || !bystander) throw new Error('six users');
    for (const user of [w1, w2, w3, both]) expect((await watch(user, id)).statusCode).toBe(200);
    for (const user of [fav, both]) expect((await favourite(user, id)).statusCode).toBe(200);

    const result = await releaseId(ctx(), id, track);
    expect(result).toMatchObject({ created: true, notified: 5 });

    for (const user of [w1, w2, w3, fav, both]) {
      const page = await list(user);
      expect(page.data).toHaveLength(1);
      expect(page.data[0]?.release?.track_meta.id).toBe(track);
      expect(page.data[0]?.is_read).toBe(false);
      expect(await unread(user)).toBe(1);
    }
    expect((await list(bystander)).data).toHaveLength(0);
  });

  it('names the released track, the set the ID was heard in and its position there', async () => {
    const [id, track] = await pair();
    const [user] = await crowd(app, 1);
    if (!user) throw new Error('user');
    await watch(user, id);
    await releaseId(ctx(), id, track);
    const expected = (await app.db.execute(sql`
      select r.artist, r.title, s.set_name, st.track_position from tracks h
      join sets s on s.id = h.found_in_set_id join set_tracks st on st.set_id = s.id and st.track_id = h.id
      join tracks r on r.id = ${track} where h.id = ${id}`)) as unknown as {
      rows: { artist: string; title: string; set_name: string; track_position: number }[];
    };
    const row = expected.rows[0];
    const [item] = (await list(user)).data;
    expect(item?.release).toMatchObject({
      set_meta: { set_name: row?.set_name },
      track_meta: { id: track, artist: row?.artist, title: row?.title },
      track_position: row?.track_position,
    });
  });

  it('released again, or twice at once, notifies nobody twice; a late watcher is told once', async () => {
    const [id, track] = await pair();
    const [early, late] = await crowd(app, 2);
    if (!early || !late) throw new Error('users');
    await watch(early, id);
    const both = await Promise.all([releaseId(ctx(), id, track), releaseId(ctx(), id, track)]);
    expect(both.map((r) => r.notified).sort()).toEqual([0, 1]);
    expect(both.filter((r) => r.created)).toHaveLength(1);

    await watch(late, id);
    expect((await releaseId(ctx(), id, track)).notified).toBe(1);
    expect((await releaseId(ctx(), id, track)).notified).toBe(0);
    expect((await list(early)).data).toHaveLength(1);
    expect((await list(late)).data).toHaveLength(1);
  });

  it('shows on the ID page (release, listeners waiting), the release page (first heard) and Watched IDs', async () => {
    const [id, track] = await pair();
    const [a, b, c] = await crowd(app, 3);
    if (!a || !b || !c) throw new Error('users');
    await watch(a, id);
    await watch(b, id);
    await favourite(c, id);
    const before = (await app.inject({ url: `/api/tracks/${id}`, headers: a.headers })).json();
    expect(before).toMatchObject({ release: null, waiting_count: 3, first_heard: null });

    await releaseId(ctx(), id, track);
    const idPage = (await app.inject({ url: `/api/tracks/${id}`, headers: a.headers })).json();
    expect(idPage.release).toMatchObject({ id: track });
    expect(idPage.release).toHaveProperty('purchase_url');
    expect(idPage.release).toHaveProperty('release_date');
    const releasePage = (await app.inject({ url: `/api/tracks/${track}`, headers: a.headers })).json();
    expect(releasePage).toMatchObject({ release: null, waiting_count: null });
    expect(releasePage.first_heard).toMatchObject({ id_track_id: id, created_dt: idPage.created_dt });
    expect(releasePage.first_heard.set_meta.id).toBe(idPage.set_meta.id);

    const watched = (await app.inject({ url: `/api/users/${a.id}/ids`, headers: a.headers })).json();
    expect(watched.data.filter((item: { id: number }) => item.id === id)).toHaveLength(1);
    expect(watched.data.find((item: { id: number }) => item.id === id).release.id).toBe(track);
  });
});

describe('a released track that was only ever heard as an ID', () => {
  it('lists, counts and plays the set the ID was heard in', async () => {
    const [user] = await crowd(app, 1);
    if (!user) throw new Error('user');
    const { id: set } = await createSet(app, { name: 'Heard Only Night', tracks: [[0, 7200]] });
    const id = await createTrack(app, {
      title: 'ID',
      artist: 'Heard Only',
      mixType: 'ID',
      foundInSetId: set,
    });
    await appendSetTrack(app, set, id, [7200, 7500]);
    const track = await createTrack(app, {
      title: 'Heard Only Tune',
      artist: 'Heard Only',
      releaseDate: '2026-11-02',
    });
    await refreshCatalogue(app);
    const get = (url: string) => app.inject({ url, headers: user.headers });
    // Before the release the track is in no set: nothing to play, nothing listed.
    expect((await get(`/api/tracks/${track}`)).json().set_count).toBe(0);
    expect((await get(`/api/set_tracks/play/${track}`)).statusCode).toBe(404);

    await releaseId(ctx(), id, track);
    expect((await get(`/api/tracks/${track}`)).json().set_count).toBe(1);
    const sets = (await get(`/api/tracks/${track}/sets`)).json();
    expect(sets.data.map((s: { id: number }) => s.id)).toEqual([set]);
    expect(sets.pagination.total).toBe(1);
    expect((await get(`/api/set_tracks/play/${track}`)).json()).toEqual({
      set_meta_id: set,
      start_time: 7200,
    });
  });
});

describe('GET /notifications', () => {
  let reader: CrowdUser;
  beforeEach(async () => {
    const [user] = await crowd(app, 1);
    if (!user) throw new Error('user');
    reader = user;
  });

  async function notifyTwelve(): Promise<void> {
    for (let i = 0; i < 12; i += 1) {
      const [id, track] = await pair();
      await watch(reader, id);
      await releaseId(ctx(), id, track);
    }
  }

  it('pages newest first with after and after_id, without overlap, even when created_dt ties', async () => {
    await notifyTwelve();
    // One import can release many IDs in one transaction: give six the same instant.
    await app.db.execute(sql`
      update notifications set created_dt = '2026-11-20T10:00:00.000Z'
      where id in (select id from notifications where user_id = ${reader.id} order by id limit 6)`);
    const first = await list(reader);
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toEqual({ offset: 0, count: 10, total: 12 });
    const times = first.data.map((n) => n.created_dt);
    expect([...times].sort().reverse()).toEqual(times);
    const last = first.data[9] as Notification;
    const second = await list(
      reader,
      `?order_by=notification.created_dt&order_direction=desc&limit=10&after=${last.created_dt}&after_id=${last.id}`,
    );
    expect(second.pagination).toEqual({ offset: 10, count: 2, total: 12 });
    const all = [...first.data, ...second.data].map((n) => n.id);
    expect(new Set(all).size).toBe(12);
  });

  it('finds by the released track artist or title', async () => {
    await notifyTwelve();
    const [sample] = (await list(reader)).data;
    const title = sample?.release?.track_meta.title ?? '';
    const found = await list(reader, `?search=${encodeURIComponent(title)}`);
    expect(found.data.length).toBeGreaterThanOrEqual(1);
    for (const n of found.data) {
      expect(`${n.release?.track_meta.title} ${n.release?.track_meta.artist}`.toLowerCase()).toContain(
        title.toLowerCase(),
      );
    }
    expect((await list(reader, '?search=zzqx-nothing')).pagination.total).toBe(0);
  });

  it('marks one read, refuses anyone else’s or an unknown one with 404 changing nothing, and marks all', async () => {
    await notifyTwelve();
    const [other] = await crowd(app, 1);
    if (!other) throw new Error('user');
    const [target] = (await list(reader)).data;
    if (!target) throw new Error('a notification');

    const refused = await put(`/api/notifications/${target.id}`, other);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 404 });
    expect((await put('/api/notifications/999999', reader)).statusCode).toBe(404);
    expect(await unread(reader)).toBe(12);

    const marked = await put(`/api/notifications/${target.id}`, reader);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: target.id, is_read: true });
    expect(marked.json().read_dt).toEqual(expect.any(String));
    expect(await unread(reader)).toBe(11);
    expect((await list(reader)).data.find((n) => n.id === target.id)?.is_read).toBe(true);

    const all = await put('/api/notifications/read-all', reader);
    expect(all.json()).toEqual({ marked: 11, unread: 0 });
    expect(await unread(reader)).toBe(0);
  });

  it('answers bad input with a 4xx in the error shape and needs a signed-in user', async () => {
    for (const query of [
      '?after=yesterday',
      '?limit=0',
      '?limit=11',
      '?after_id=abc',
      '?order_direction=up',
    ]) {
      const response = await app.inject({ url: `/api/notifications${query}`, headers: reader.headers });
      expect(response.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, query).toBeLessThan(500);
      expect(response.json()).toMatchObject({ code: response.statusCode, message: expect.any(String) });
    }
    expect((await put('/api/notifications/abc', reader)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});
