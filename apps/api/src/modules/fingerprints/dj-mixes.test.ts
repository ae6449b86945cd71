// Cratedig hears real mixes: two recordings of eight tracks are the catalogue; DJ mixes play five of
// the tracks again, built with ffmpeg the way DJs play them (pitch fader, key lock, EQ, long
// crossfades), every entry of their tracklists `ID - ID`. A track's "heard in" must find each mix at
// the right place with the speed it was played, the mix's scan must name its IDs, and audio the
// catalogue doesn't hold must be claimed by nothing. The full table of conditions is
// `npm run bench:dj-mixes`. Whole-set scans and heard-in on a busy 2-core machine take tens of
// seconds: the tests say how long they may take.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { HeardInList, SetSuggestionList } from '@cratedig/contract/fingerprints-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { createSet, createTrack } from '../../test/factories';
import { buildMix, CI_CONDITIONS, writeUnheardAudio } from './dj-mix';
import type { MixedTrack, MixSource } from './dj-mix-plan';
import { runFingerprints } from './job';
import { type MixSegment, writeWav } from './test-mix';

let app: FastifyInstance;
let listener: CrowdUser;
const made = Date.now().toString(36);
const TRACK_S = 70;
const PLAYED_S = 50;
const GENRES: [string, number][] = [
  ['Techno', 132],
  ['House', 124],
  ['Trance', 138],
  ['Deep House', 120],
  ['Progressive House', 123],
  ['Melodic House & Techno', 122],
  ['Tech House', 127],
  ['Afro House', 119],
];

interface Recording {
  setId: number;
  file: string;
  trackIds: number[];
}

/** A set whose audio is the segments one after the other, each a tracklist entry of its own track. */
async function recording(name: string, segments: MixSegment[], trackIds: number[]): Promise<Recording> {
  const audioPath = `/media/audio/sets/mix-${made}-${name}.wav`;
  const file = join(app.config.mediaDir, audioPath.slice('/media/'.length));
  await writeWav(file, segments);
  const entries = segments.map((_, i): [number, number] => [i * TRACK_S, (i + 1) * TRACK_S]);
  const set = await createSet(app, {
    name: `Recording ${name} ${made}`,
    tracks: entries,
    trackIds,
    audioPath,
    durationMs: segments.length * TRACK_S * 1000,
  });
  return { setId: set.id, file, trackIds };
}

/** A mix set whose tracklist names every track `ID - ID` where it truly plays. */
async function mixSet(name: string, truth: MixedTrack[]): Promise<number> {
  const audioPath = `/media/audio/sets/mix-${made}-${name}.wav`;
  const ids = [];
  for (const _ of truth) ids.push(await createTrack(app, { mixType: 'ID' }));
  const set = await createSet(app, {
    name: `Mix ${name} ${made}`,
    tracks: truth.map((t) => [Math.round(t.startS), Math.round(t.endS)]),
    trackIds: ids,
    audioPath,
    durationMs: Math.round((truth.at(-1)?.endS ?? 0) * 1000),
  });
  return set.id;
}

interface Played {
  condition: string;
  setId: number;
  truth: MixedTrack[];
  /** Catalogue track of each mixed source. */
  trackIds: number[];
}
const mixes: Played[] = [];
let unheardSet: number;
let catalogueTracks: number[] = [];
let recordings: number[] = [];

beforeAll(async () => {
  // from a known state: an earlier file of this worker may have left sets with ids of its choosing
  await resetDatabase();
  app = await buildTestApp();
  [listener] = (await crowd(app, 1)) as [CrowdUser];
  await mkdir(join(app.config.mediaDir, 'audio/sets'), { recursive: true });
  catalogueTracks = [];
  for (let i = 0; i < GENRES.length; i++) catalogueTracks.push(await createTrack(app));
  const sound = (i: number): MixSegment => ({
    seed: `mix-test:${i}`,
    genre: GENRES[i]?.[0] ?? 'Techno',
    bpm: GENRES[i]?.[1] ?? 126,
    seconds: TRACK_S,
  });
  const first = await recording('one', [0, 1, 2, 3].map(sound), catalogueTracks.slice(0, 4));
  const second = await recording('two', [4, 5, 6, 7].map(sound), catalogueTracks.slice(4, 8));
  recordings = [first.setId, second.setId];
  // the mixes play the middle 50 s of tracks 1, 6, 3, 4 and 7 (of both recordings, in a DJ's order)
  const order = [1, 6, 3, 4, 7];
  const sources: MixSource[] = order.map((i) => ({
    file: (i < 4 ? first : second).file,
    fromS: (i % 4) * TRACK_S + 10,
    seconds: PLAYED_S,
  }));
  for (const [n, condition] of CI_CONDITIONS.entries()) {
    const file = join(app.config.mediaDir, `audio/sets/mix-${made}-c${n}.wav`);
    const truth = await buildMix(file, sources, condition);
    mixes.push({
      condition: condition.name,
      setId: await mixSet(`c${n}`, truth),
      truth,
      trackIds: order.map((i) => catalogueTracks[i] as number),
    });
  }
  const unheard = `/media/audio/sets/mix-${made}-unheard.wav`;
  await writeUnheardAudio(join(app.config.mediaDir, unheard.slice('/media/'.length)), 150, made);
  unheardSet = (
    await createSet(app, {
      name: `Unheard ${made}`,
      tracks: [[0, 150]],
      trackIds: [await createTrack(app, { mixType: 'ID' })],
      audioPath: unheard,
      durationMs: 150_000,
    })
  ).id;
  await runFingerprints(app.db, { media: app.media });
}, 600_000);
afterAll(async () => {
  await app.close();
});

const get = <T>(url: string) =>
  app.inject({ method: 'GET', url, headers: listener.headers }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  });

describe('a track played by a DJ', () => {
  for (const [n, condition] of CI_CONDITIONS.entries()) {
    it(`is heard in the mix, at its place and speed: ${condition.name}`, async () => {
      const mix = mixes[n] as Played;
      const missed: string[] = [];
      for (const [i, trackId] of mix.trackIds.entries()) {
        const truth = mix.truth[i] as MixedTrack;
        const heard = (await get<HeardInList>(`/api/tracks/${trackId}/heard-in?limit=50`)).data.filter(
          (h) => h.set_meta.id === mix.setId,
        );
        // nothing claimed at a wrong place
        for (const h of heard) expect(h.end_time > truth.startS && h.start_time < truth.endS).toBe(true);
        const found = heard.find((h) => Math.abs(h.start_time - truth.startS) <= 5);
        if (!found) {
          missed.push(`track ${i} at ${truth.startS.toFixed(1)} s: ${JSON.stringify(heard)}`);
          continue;
        }
        expect(found.speed).toBeCloseTo(truth.speed, 2);
        expect(found.key_locked).toBe(truth.keyLock && truth.speed !== 1);
        expect(found.set_track_position).toBe(i + 1);
      }
      expect(missed).toEqual([]);
    }, 180_000);
  }
});

describe('a mix whose tracklist is all IDs', () => {
  it('is scanned from start to end, and every ID is named with its catalogue track', async () => {
    for (const mix of mixes) {
      // other test files' sets share the database: their synthetic loops are not this catalogue
      const found = (await get<SetSuggestionList>(`/api/sets/${mix.setId}/heard-tracks`)).data.filter((f) =>
        recordings.includes(f.heard_in.id),
      );
      expect(
        found.map((f) => [f.set_track_position, f.track_meta.id]),
        mix.condition,
      ).toEqual(mix.trackIds.map((id, i) => [i + 1, id]));
      // each found stretch is where its track plays: most of it inside the track's own stretch
      for (const [i, f] of found.entries()) {
        const truth = mix.truth[i] as MixedTrack;
        const inside = Math.min(f.end_time, truth.endS) - Math.max(f.start_time, truth.startS);
        expect(inside / (f.end_time - f.start_time), mix.condition).toBeGreaterThan(0.6);
      }
    }
  }, 300_000);
});

describe('audio the catalogue does not hold', () => {
  it('is claimed by nothing', async () => {
    expect((await get<SetSuggestionList>(`/api/sets/${unheardSet}/heard-tracks`)).data).toEqual([]);
    for (const trackId of catalogueTracks) {
      const heard = await get<HeardInList>(`/api/tracks/${trackId}/heard-in?limit=50`);
      expect(heard.data.map((h) => h.set_meta.id)).not.toContain(unheardSet);
    }
  }, 300_000);
});
