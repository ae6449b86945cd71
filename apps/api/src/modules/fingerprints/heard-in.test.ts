// Where a track's audio is heard: the job reads audio files made by the demo's own synthesis (WAV,
// to spare the tests the MP3 encoder; fpcalc reads both alike), then GET /tracks/{id}/heard-in and
// GET /sets/{id}/heard-tracks answer from the index.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HeardInList, SetSuggestionList } from '@cratedig/contract/fingerprints-api';
import type { Identification } from '@cratedig/contract/identification';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintsCommand } from '../../cli/commands/fingerprints';
import { buildTestApp } from '../../test/app';
import { runCommand } from '../../test/commands';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { createSet, createTrack } from '../../test/factories';
import { query } from '../../test/sql';
import { runFingerprints } from './job';
import { type MixSegment, writeWav } from './test-mix';

let app: FastifyInstance;
let listener: CrowdUser;
let crowdOf: CrowdUser[];
const made = `${Date.now().toString(36)}`;
const sound = (name: string, startS: number, endS: number): MixSegment & { endS: number } => ({
  seconds: endS - startS,
  endS,
  seed: `fp-test:${made}:${name}`,
  genre: 'Techno',
  bpm: 126,
});

async function setWithAudio(
  name: string,
  segments: (MixSegment & { endS: number })[],
  entries: [number, number][],
  trackIds: number[],
) {
  const audioPath = `/media/audio/sets/fp-${made}-${name}.wav`;
  const durationMs = (segments.at(-1)?.endS ?? 0) * 1000;
  await mkdir(join(app.config.mediaDir, 'audio/sets'), { recursive: true });
  await writeWav(join(app.config.mediaDir, audioPath.slice('/media/'.length)), segments);
  return createSet(app, {
    name: `Fingerprint ${name} ${made}`,
    tracks: entries,
    trackIds,
    audioPath,
    durationMs,
  });
}

let idA: number;
let idB: number;
let released: number;
let setA: number;
let setB: number;
let setC: number;

beforeAll(async () => {
  // from a known state: an earlier file of this worker may have left sets with ids of its choosing
  await resetDatabase();
  app = await buildTestApp();
  crowdOf = await crowd(app, 6);
  listener = crowdOf[0] as CrowdUser;
  idA = await createTrack(app, { mixType: 'ID' });
  idB = await createTrack(app, { mixType: 'ID' });
  released = await createTrack(app);
  const [opener, closer, other] = [await createTrack(app), await createTrack(app), await createTrack(app)];
  // The same unreleased track, listed as two different ID entries: 40-90 s in A, 25-75 s in B.
  setA = (
    await setWithAudio(
      'a',
      [sound('opener', 0, 40), sound('the-id', 40, 90), sound('released', 90, 130)],
      [
        [0, 40],
        [40, 90],
        [90, 130],
      ],
      [opener, idA, released],
    )
  ).id;
  setB = (
    await setWithAudio(
      'b',
      [sound('other', 0, 25), sound('the-id', 25, 75), sound('closer', 75, 115)],
      [
        [0, 25],
        [25, 75],
        [75, 115],
      ],
      [other, idB, closer],
    )
  ).id;
  // C plays the released track from 30 to 80 s, where its tracklist says nothing.
  setC = (
    await setWithAudio(
      'c',
      [sound('closer', 0, 30), sound('released', 30, 80), sound('other', 80, 120)],
      [
        [0, 30],
        [80, 120],
      ],
      [closer, other],
    )
  ).id;
  // D's audio is not an MP3 at all.
  const broken = `/media/audio/sets/fp-${made}-broken.mp3`;
  await writeFile(join(app.config.mediaDir, broken.slice('/media/'.length)), 'not audio');
  await createSet(app, { name: `Fingerprint broken ${made}`, audioPath: broken });
  await runFingerprints(app.db, { media: app.media });
}, 180_000);
afterAll(async () => {
  await app.close();
});

const get = <T>(url: string) =>
  app.inject({ method: 'GET', url, headers: listener.headers }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  });

describe('the fingerprint job', () => {
  it('stores every readable set and reports the one it could not decode, blocking nothing', async () => {
    const rows = await query<{ set_name: string; status: string; error: string | null; landmarks: number }>(
      app,
      sql`select s.set_name, f.status, f.error, f.landmarks from set_landmarks f join sets s on s.id = f.set_id
          where s.set_name like ${`Fingerprint % ${made}`} order by s.id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'failed']);
    expect(rows[0]?.landmarks).toBeGreaterThan(130 * 3); // 130 s, several landmarks a second
    expect(rows[3]?.error).toBe('the audio could not be decoded: not an audio file Cratedig can read');
  });

  it('is idempotent: a second run reads nothing again', async () => {
    const again = await runFingerprints(app.db, { media: app.media });
    expect(again.done).toBe(0);
  });

  it('reports its progress to the operator with --status', async () => {
    const run = await runCommand(fingerprintsCommand, app.database, app.config, ['--status'], process.cwd());
    expect(run.out[0]).toMatch(
      /^fingerprints: \d+\/\d+ sets read by the current method, \d+ waiting, \d+ failed; [\d.]+ h of audio, \d+ landmarks in the index/,
    );
    expect(run.out.join('\n')).toContain(`"Fingerprint broken ${made}": the audio could not be decoded`);
    expect(run.code).toBe(1);
    const bad = await runCommand(fingerprintsCommand, app.database, app.config, ['--nope'], process.cwd());
    expect(bad.code).toBe(2);
  });
});

// heard-in and whole-set scans take tens of seconds on a busy 2-core machine
describe('GET /tracks/{id}/heard-in', { timeout: 120_000 }, () => {
  it('finds an ID under another ID entry, at that set’s own times, not marked as in its tracklist', async () => {
    const list = await get<HeardInList>(`/api/tracks/${idA}/heard-in`);
    // other test files' sets share the database: only this file's sets are this catalogue
    const ours = list.data.filter((h) => [setA, setB, setC].includes(h.set_meta.id));
    expect(ours).toHaveLength(1);
    const [copy] = ours;
    expect(copy?.set_meta.id).toBe(setB);
    expect(copy?.start_time).toBeGreaterThanOrEqual(24);
    expect(copy?.start_time).toBeLessThanOrEqual(30);
    // it ends at 75 s in B: within 6 s (the query leaves 3 s out at each end of its entry)
    expect(copy?.end_time).toBeGreaterThanOrEqual(69);
    expect(copy?.end_time).toBeLessThanOrEqual(77);
    expect(copy?.similarity).toBeGreaterThan(0.6);
    expect(copy).toMatchObject({
      in_tracklist: false,
      set_track_position: 2,
      set_track_id: idB,
      speed: 1,
      key_locked: false,
    });
    expect(list.pagination.total).toBe(list.data.length);
  });

  it('finds a released track where a tracklist leaves it out', async () => {
    const list = await get<HeardInList>(`/api/tracks/${released}/heard-in`);
    const ours = list.data.filter((h) => [setA, setB, setC].includes(h.set_meta.id));
    expect(ours.map((h) => [h.set_meta.id, h.in_tracklist, h.set_track_position])).toEqual([
      [setC, false, null],
    ]);
  });

  it('answers an empty page for a track never heard in fingerprinted audio, and 404 for no track', async () => {
    const lonely = await createTrack(app);
    expect((await get<HeardInList>(`/api/tracks/${lonely}/heard-in`)).data).toEqual([]);
    const missing = await app.inject({
      method: 'GET',
      url: '/api/tracks/2147483000/heard-in',
      headers: listener.headers,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'GET',
      url: `/api/tracks/${idA}/heard-in?limit=0`,
      headers: listener.headers,
    });
    expect(bad.statusCode).toBe(422);
    const anonymous = await app.inject({ method: 'GET', url: `/api/tracks/${idA}/heard-in` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /sets/{id}/heard-tracks', { timeout: 180_000 }, () => {
  it('suggests the released track heard in the stretch the tracklist leaves unnamed, with its times', async () => {
    const found = await get<SetSuggestionList>(`/api/sets/${setC}/heard-tracks`);
    const ours = found.data.filter((f) => [setA, setB].includes(f.heard_in.id));
    expect(ours).toHaveLength(1);
    const [s] = ours;
    expect(s?.track_meta.id).toBe(released);
    expect(s?.heard_in.id).toBe(setA);
    // it starts at 30 s: a scan places a stretch by its 2 s windows, within 10 s of its start
    expect(s?.start_time).toBeGreaterThanOrEqual(20);
    expect(s?.start_time).toBeLessThanOrEqual(40);
    // A holds 40 s of it (90-130 s): that much is proof; C plays it on for 10 s more
    expect(s?.end_time).toBeGreaterThanOrEqual(68);
    expect(s?.end_time).toBeLessThanOrEqual(82);
    expect(s).toMatchObject({ speed: 1, key_locked: false, set_track_position: null });
  });

  it('suggests nothing for a set whose tracklist covers its audio', async () => {
    const ours = (list: SetSuggestionList) =>
      list.data.filter((f) => [setA, setB, setC].includes(f.heard_in.id));
    expect(ours(await get<SetSuggestionList>(`/api/sets/${setA}/heard-tracks`))).toEqual([]);
    expect(ours(await get<SetSuggestionList>(`/api/sets/${setB}/heard-tracks`))).toEqual([]);
  });
});

describe('a set read after the others', { timeout: 180_000 }, () => {
  it('is listened to until the job has heard it, then found in the earlier sets too', async () => {
    // E plays the released track from 20 to 70 s, unnamed; C (heard before E existed) plays it too
    const [head, tail] = [await createTrack(app), await createTrack(app)];
    const setE = (
      await setWithAudio(
        'e',
        [sound('head-e', 0, 20), sound('released', 20, 70), sound('tail-e', 70, 100)],
        [
          [0, 20],
          [70, 100],
        ],
        [head, tail],
      )
    ).id;
    const before = await get<SetSuggestionList>(`/api/sets/${setE}/heard-tracks`);
    expect(before).toEqual({ data: [], listening: true });
    await runFingerprints(app.db, { media: app.media });
    const after = await get<SetSuggestionList>(`/api/sets/${setE}/heard-tracks`);
    const found = after.data.filter((f) => [setA, setC].includes(f.heard_in.id));
    expect(found.map((f) => f.track_meta.id)).toEqual([released]);
    // it plays from 20 to 70 s; the synthetic tracks around it share its drums (one tempo), which a
    // scan's stretch may reach into: the stretch must cover the track, not lie elsewhere
    expect(found[0]?.start_time).toBeLessThanOrEqual(30);
    expect(found[0]?.end_time).toBeGreaterThanOrEqual(60);
    expect(found[0]?.end_time).toBeLessThanOrEqual(100);
    // C was heard against E at this run: what C holds of E is stored for C
    const heardInC = await query<{ other: number }>(
      app,
      sql`select other_set_id as other from landmark_stretches where set_id = ${setC} and other_set_id = ${setE}`,
    );
    expect(heardInC.length).toBeGreaterThanOrEqual(1);
  });
});

describe('naming an ID heard in two sets', { timeout: 120_000 }, () => {
  it('proposes the same name for the other ID entry, and tells its watchers', async () => {
    const [author, watcher, ...voters] = crowdOf.slice(1) as CrowdUser[];
    if (!author || !watcher) throw new Error('crowd');
    const send = (method: 'POST' | 'PUT', url: string, user: CrowdUser, payload: object) =>
      app.inject({ method, url, headers: user.headers, payload });
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/favs/track/${idB}/likes-toggle`,
          headers: watcher.headers,
        })
      ).statusCode,
    ).toBe(200);
    const proposed = await send('POST', `/api/tracks/${idA}/identifications`, author, {
      artist: 'Mira Sol',
      title: 'Glasshouse',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    for (const voter of voters) {
      const voted = await send('PUT', `/api/identifications/${proposed.json().id}/vote`, voter, {
        vote: 'confirm',
      });
      expect(voted.statusCode, voted.body).toBe(200);
    }
    const copy = await get<{
      data: Identification[];
    }>(`/api/tracks/${idB}/identifications`);
    expect(copy.data.map((p) => [p.proposal.artist, p.proposal.title, p.status, p.author.username])).toEqual([
      ['Mira Sol', 'Glasshouse', 'open', 'cratedig_listens'],
    ]);
    const told = await app.inject({ method: 'GET', url: '/api/notifications', headers: watcher.headers });
    expect(told.json().data.map((n: { kind: string; id_track_id?: number }) => n.kind)).toContain(
      'proposal_on_watched',
    );
  });
});
