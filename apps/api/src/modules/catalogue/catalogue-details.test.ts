// Detail pages and their tabs on a small catalogue: Kessa founded Velvet Room and plays two sets with
// her tracks, one of them remixed by Ilo and one still an ID. Each page shows its item; each tab lists
// exactly the items it gathers, with the total the page counts; audio links are signed for the caller;
// an unknown id is a 404 in the error shape.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelBosses, tracks } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import {
  createArtist,
  createLabel,
  createSet,
  createTrack,
  refreshCatalogue,
  sponsorSet,
} from '../../test/factories';
import { type ListPage, listPage, shownNames } from '../../test/list-pages';

let app: FastifyInstance;
let listener: CrowdUser;
const made = {
  kessa: 0,
  ilo: 0,
  velvet: 0,
  pier: 0,
  tidal: 0,
  remix: 0,
  harbour: 0,
  untitled: 0,
  velvetNight: 0,
  pierSession: 0,
};

beforeAll(async () => {
  app = await buildTestApp();
  // The featured sets fall back to the newest sets of the whole catalogue: only this file's, then.
  await resetDatabase(app.database);
  [listener] = (await crowd(app, 1)) as [CrowdUser];
  made.velvet = await createLabel(app, { name: 'Velvet Room' });
  made.pier = await createLabel(app, { name: 'North Pier' });
  made.kessa = await createArtist(app, { name: 'Kessa' });
  made.ilo = await createArtist(app, { name: 'Ilo' });
  await app.db.insert(labelBosses).values({ labelId: made.velvet, artistId: made.kessa });
  const byKessa = { artist: 'Kessa', artistId: made.kessa };
  made.tidal = await createTrack(app, { ...byKessa, title: 'Tidal', label: made.velvet });
  made.remix = await createTrack(app, {
    ...byKessa,
    title: 'Tidal',
    mixType: 'remix',
    mixName: 'Ilo Remix',
    remixerId: made.ilo,
    label: made.velvet,
  });
  made.harbour = await createTrack(app, { ...byKessa, title: 'Harbour', label: made.pier, genre: 'House' });
  made.untitled = await createTrack(app, { ...byKessa, title: 'Untitled', mixType: 'ID' });
  const velvetNight = await createSet(app, {
    name: 'Velvet Night',
    performer: 'Kessa',
    artistId: made.kessa,
    audioPath: '/media/audio/sets/velvet-night.mp3',
    releaseDate: '2024-04-01',
    tracks: [
      [0, 300],
      [300, 600],
      [600, 900],
    ],
    trackIds: [made.tidal, made.untitled, made.remix],
  });
  made.velvetNight = velvetNight.id;
  await sponsorSet(app, made.velvetNight, made.velvet);
  const pierSession = await createSet(app, {
    name: 'Pier Session',
    performer: 'Kessa',
    artistId: made.kessa,
    audioPath: '/media/audio/sets/pier-session.mp3',
    releaseDate: '2024-06-01',
    tracks: [
      [0, 400],
      [400, 800],
    ],
    trackIds: [made.harbour, made.remix],
  });
  made.pierSession = pierSession.id;
  await app.db.update(tracks).set({ foundInSetId: made.velvetNight }).where(eq(tracks.id, made.untitled));
  await refreshCatalogue(app);
});
afterAll(async () => {
  await app?.close();
});

const detail = async (url: string) => {
  const response = await app.inject({ url, headers: listener.headers });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json();
};
const page = (url: string): Promise<ListPage> => listPage(app, url, listener.headers);
/** A tab's item names in name order, and its total. */
async function tab(url: string): Promise<{ names: string[]; total: number }> {
  const body = await page(url);
  return { names: shownNames(body).sort(), total: body.pagination.total };
}

type SetTrack = {
  track_position: number;
  track_meta_id: number;
  track_meta: { id: number; title: string };
  start_time: number;
  end_time: number;
};

describe('details and their tabs', () => {
  it('GET /api/sets/{id}: its tracks in order with their track_meta, its artists, curators and genres', async () => {
    const body = await detail(`/api/sets/${made.velvetNight}`);
    expect(body).toMatchObject({ id: made.velvetNight, set_name: 'Velvet Night', artist: 'Kessa' });
    expect(
      body.set_tracks.map((t: SetTrack) => [
        t.track_position,
        t.track_meta.title,
        t.track_meta.id === t.track_meta_id,
        t.start_time,
        t.end_time,
      ]),
    ).toEqual([
      [1, 'Tidal', true, 0, 300],
      [2, 'Untitled', true, 300, 600],
      [3, 'Tidal', true, 600, 900],
    ]);
    expect(body.artists).toEqual([expect.objectContaining({ id: made.kessa, name: 'Kessa' })]);
    expect(body.artist_meta).toEqual(body.artists[0]);
    expect(body.set_sponsors).toEqual([
      { sponsor: 'Velvet Room', sponsor_id: made.velvet, sponsor_type: 'label' },
    ]);
    expect(body.track_genres).toEqual(['Techno']);
    expect(body.mp3_permalink).toMatch(
      new RegExp(`^/media/audio/sets/velvet-night\\.mp3\\?u=${listener.id}&exp=\\d+&sig=`),
    );
  });

  it('every set list carries audio links signed for the caller, never a bare audio path', async () => {
    const lists = ['/api/sets', '/api/featured/sets', `/api/artists/${made.kessa}/sets`];
    for (const url of lists) {
      const ours = (await page(`${url}${url.includes('?') ? '&' : '?'}limit=100`)).data.filter((set) =>
        [made.velvetNight, made.pierSession].includes(set.id),
      );
      expect(ours.length, url).toBeGreaterThan(0);
      for (const set of ours)
        expect(set.mp3_permalink).toMatch(new RegExp(`\\?u=${listener.id}&exp=\\d+&sig=`));
    }
  });

  it('GET /api/artists/{id} and its tabs: sets, tracks, remixes, IDs and labels, counted as the page says', async () => {
    const kessa = await detail(`/api/artists/${made.kessa}`);
    expect(kessa).toMatchObject({
      name: 'Kessa',
      set_count: 2,
      track_count: 3,
      remix_count: 0,
      id_count: 1,
      label_count: 2,
      founded_label: [{ id: made.velvet, name: 'Velvet Room' }],
    });
    expect(await tab(`/api/artists/${made.kessa}/sets`)).toEqual({
      names: ['Pier Session', 'Velvet Night'],
      total: 2,
    });
    expect(await tab(`/api/artists/${made.kessa}/tracks`)).toEqual({
      names: ['Harbour', 'Tidal', 'Tidal'],
      total: 3,
    });
    expect(await tab(`/api/artists/${made.kessa}/remixes`)).toEqual({ names: [], total: 0 });
    expect(await tab(`/api/artists/${made.kessa}/labels`)).toEqual({
      names: ['North Pier', 'Velvet Room'],
      total: 2,
    });
    const ids = await page(`/api/artists/${made.kessa}/ids`);
    expect(ids.data.map((t) => [t.title, t.mix_type, (t.set_meta as { id: number }).id])).toEqual([
      ['Untitled', 'ID', made.velvetNight],
    ]);
    expect(ids.pagination.total).toBe(1);

    const ilo = await detail(`/api/artists/${made.ilo}`);
    expect(ilo).toMatchObject({ set_count: 0, track_count: 0, remix_count: 1, founded_label: [] });
    expect(await tab(`/api/artists/${made.ilo}/remixes`)).toEqual({ names: ['Tidal'], total: 1 });
  });

  it('GET /api/labels/{id} with its label_boss, and its sets, tracks and artists tabs', async () => {
    const body = await detail(`/api/labels/${made.velvet}`);
    expect(body).toMatchObject({
      name: 'Velvet Room',
      label_boss: [{ id: made.kessa, name: 'Kessa' }],
      set_count: 2,
      track_count: 2,
      artist_count: 2,
    });
    // Velvet Night plays and is curated by it; Pier Session plays Ilo's remix
    expect(await tab(`/api/labels/${made.velvet}/sets`)).toEqual({
      names: ['Pier Session', 'Velvet Night'],
      total: 2,
    });
    expect(await tab(`/api/labels/${made.velvet}/tracks`)).toEqual({ names: ['Tidal', 'Tidal'], total: 2 });
    expect(await tab(`/api/labels/${made.velvet}/artists`)).toEqual({ names: ['Ilo', 'Kessa'], total: 2 });
    expect((await detail(`/api/labels/${made.pier}`)).label_boss).toEqual([]);
  });

  it('GET /api/tracks/{id} for a remix and for an ID, and the sets playing a track', async () => {
    const remix = await detail(`/api/tracks/${made.remix}`);
    expect(remix).toMatchObject({
      title: 'Tidal',
      mix_type: 'remix',
      mix_meta: { name: 'Ilo' },
      set_count: 2,
    });
    expect(
      remix.artists.map((a: { role: string; artist_meta: { name: string } }) => [a.role, a.artist_meta.name]),
    ).toEqual([
      ['producer', 'Kessa'],
      ['mixer', 'Ilo'],
    ]);
    expect(await tab(`/api/tracks/${made.remix}/sets`)).toEqual({
      names: ['Pier Session', 'Velvet Night'],
      total: 2,
    });
    expect(await tab(`/api/tracks/${made.harbour}/sets`)).toEqual({ names: ['Pier Session'], total: 1 });

    const id = await detail(`/api/tracks/${made.untitled}`);
    expect(id).toMatchObject({
      mix_type: 'ID',
      release_date: null,
      set_meta: { id: made.velvetNight, set_name: 'Velvet Night', release_date: '2024-04-01' },
    });
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
      const response = await app.inject({ url, headers: listener.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, status: 'Not Found', message: expect.any(String) });
    });
  }
});
