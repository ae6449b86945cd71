// A list imported without times names no moment of its tracks: everything that says where a track
// plays (the track's sets, its Play, the heat strip's tracks, share pages, the fingerprints' anchor)
// gives such an entry its place in the list, or nothing, and never its recording's 0:00 as a moment.

import { setHeat, trackMoments } from '@cratedig/contract/moments-api';
import { trackDetail, trackPlayTarget } from '@cratedig/contract/track';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { expectContract } from '../../test/contract-json';
import { resetDatabase } from '../../test/database';
import { appendSetTrack, createSet, createTrack, refreshCatalogue } from '../../test/factories';
import { likeMoment } from '../../test/player';
import { query } from '../../test/sql';
import { anchorOf } from '../fingerprints/service';

let app: FastifyInstance;
let listener: SignedInUser;
/** A set whose list has no times: `lowland` then the ID. */
let untimed: number;
/** A set that plays `lowland` at 5:00. */
let timed: number;
let lowland: number;
let idTrack: number;

beforeAll(async () => {
  // from a known state: an earlier file of this worker may have left sets with ids of its choosing
  await resetDatabase();
  app = await buildTestApp();
  listener = await createUserWithToken(app);
  lowland = await createTrack(app, { title: 'Lowland Static', artist: 'Halden Rue', credited: true });
  const list = await createSet(app, {
    name: 'Quarry Untimed',
    durationMs: 630_000,
    tracks: [[0, 630]],
    trackIds: [lowland],
  });
  untimed = list.id;
  idTrack = await createTrack(app, { title: 'ID', artist: 'ID', mixType: 'ID', foundInSetId: untimed });
  await appendSetTrack(app, untimed, idTrack, [0, 630]);
  await query(app, sql`update set_tracks set untimed = true where set_id = ${untimed}`);
  const other = await createTrack(app);
  timed = (
    await createSet(app, {
      tracks: [
        [0, 300],
        [300, 600],
      ],
      trackIds: [other, lowland],
    })
  ).id;
  await refreshCatalogue(app);
});

afterAll(async () => {
  await app.close();
});

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url, headers: listener.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('an entry of a list without times', () => {
  it("is its place in the list among the track's sets, with no moment", async () => {
    const body = (await get(`/api/tracks/${lowland}/moments?set_ids=${untimed},${timed}`)).json();
    expectContract(body, trackMoments);
    expect(body.data).toEqual([
      { set_meta_id: untimed, track_position: 1, start_time: 0, end_time: 630, likes: 0, untimed: true },
      { set_meta_id: timed, track_position: 2, start_time: 300, end_time: 600, likes: 0 },
    ]);
  });

  it("is played from a set that has its moment first; with none, the set's start says it is untimed", async () => {
    const both = (await get(`/api/set_tracks/play/${lowland}`)).json();
    expectContract(both, trackPlayTarget);
    expect(both).toEqual({ set_meta_id: timed, start_time: 300 });
    const only = (await get(`/api/set_tracks/play/${idTrack}`)).json();
    expectContract(only, trackPlayTarget);
    expect(only).toEqual({ set_meta_id: untimed, start_time: 0, untimed: true });

    const id = (await get(`/api/tracks/${idTrack}`)).json();
    expectContract(id, trackDetail);
    expect(id.untimed_only).toBe(true);
    expect((await get(`/api/tracks/${lowland}`)).json()).not.toHaveProperty('untimed_only');
  });

  it('plays at no second of the heat strip, even where its set got likes', async () => {
    const liked = await likeMoment(app, listener, untimed, 120);
    expect(liked.statusCode).toBeLessThan(300);
    const heat = (await get(`/api/sets/${untimed}/heat`)).json();
    expectContract(heat, setHeat);
    expect(heat.total).toBe(1);
    expect(heat.tracks).toEqual([]);
    expect(heat.peak.track_position).toBeNull();
  });

  it('shows its place on share pages, never 0:00', async () => {
    const set = (await app.inject({ method: 'GET', url: `/public/preview/sets/${untimed}` })).body;
    expect(set).toContain('<span class="time">1.</span>');
    expect(set).toContain('<span class="time">2.</span>');
    expect(set).not.toContain('0:00');
    const track = (await app.inject({ method: 'GET', url: `/public/preview/tracks/${idTrack}` })).body;
    expect(track).toContain('<span class="time">track 2</span>');
    expect(track).not.toContain('0:00');
  });

  it("is never the audio the fingerprints look for a track's copies by", async () => {
    await query(
      app,
      sql`insert into set_landmarks (set_id, audio_path, method, status) values
          (${untimed}, '/media/audio/sets/quarry.mp3', 1, 'done'), (${timed}, '/media/audio/sets/timed.mp3', 1, 'done')`,
    );
    try {
      expect(await anchorOf(app.db, idTrack)).toBeUndefined();
      expect(await anchorOf(app.db, lowland)).toEqual({ setId: timed, startTime: 300, endTime: 600 });
    } finally {
      // Other files on this database count the fingerprinted sets.
      await query(app, sql`delete from set_landmarks where set_id in (${untimed}, ${timed})`);
    }
  });
});
