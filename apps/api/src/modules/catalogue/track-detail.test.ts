// GET /api/tracks/{id}: the page's set count is the track's maintained one, so it must follow what a
// catalogue writer adds (a refresh after an import), and still count the sets of IDs released as it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { appendSetTrack, createSet, createTrack, refreshCatalogue } from '../../test/factories';
import { releaseId } from './release-service';

let app: FastifyInstance;
let listener: CrowdUser;

beforeAll(async () => {
  app = await buildTestApp();
  await resetDatabase(app.database);
  [listener] = (await crowd(app, 1)) as [CrowdUser];
});
afterAll(async () => {
  await app.close();
});

const detail = async (id: number) =>
  (await app.inject({ url: `/api/tracks/${id}`, headers: listener.headers })).json() as { set_count: number };
const setsTab = async (id: number) =>
  (await app.inject({ url: `/api/tracks/${id}/sets`, headers: listener.headers })).json() as {
    pagination: { total: number };
  };

describe('a track page counts its sets', () => {
  it('as many as its Sets tab lists, and one more once a new set playing it is imported', async () => {
    const track = await createTrack(app, { title: 'Counted Tune', artist: 'Counter' });
    const first = await createSet(app, { name: 'Count One', tracks: [[0, 300]] });
    await appendSetTrack(app, first.id, track, [300, 600]);
    await refreshCatalogue(app);
    expect((await detail(track)).set_count).toBe(1);
    expect((await setsTab(track)).pagination.total).toBe(1);

    const second = await createSet(app, { name: 'Count Two', tracks: [[0, 300]] });
    await appendSetTrack(app, second.id, track, [300, 600]);
    await refreshCatalogue(app);
    expect((await detail(track)).set_count).toBe(2);
    expect((await setsTab(track)).pagination.total).toBe(2);
  });

  it('a released track also counts the sets its ID was heard in', async () => {
    const heard = await createSet(app, { name: 'Heard Here', tracks: [[0, 300]] });
    const id = await createTrack(app, {
      title: 'ID',
      artist: 'Counter',
      mixType: 'ID',
      foundInSetId: heard.id,
    });
    await appendSetTrack(app, heard.id, id, [300, 600]);
    const track = await createTrack(app, { title: 'Counted Release', artist: 'Counter' });
    const own = await createSet(app, { name: 'Own Set', tracks: [[0, 300]] });
    await appendSetTrack(app, own.id, track, [300, 600]);
    await refreshCatalogue(app);
    expect((await detail(track)).set_count).toBe(1);

    await releaseId({ db: app.db, config: app.config }, id, track);
    expect((await detail(track)).set_count).toBe(2);
    expect((await setsTab(track)).pagination.total).toBe(2);
  });
});
