// The owner's calls on their sets, as the browser makes them: details kept on a draft and applied at
// once to a published set (its DJs, place, tracklist, with counts and search up to date), the preview
// of a tracklist read by the import's own readers, publishing as a new set even beside a namesake,
// unpublishing back to a draft that keeps the set's last tracklist. Another user's draft is not found.
import { publishMessages } from '@cratedig/contract/publish-api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { createArtist, createSet, createTrack, createVenue, refreshCatalogue } from '../../test/factories';
import { catalogueFingerprint } from '../../test/import-fixtures';
import { detailsOf, ownerCalls, readyDraft } from '../../test/publish';
import { query } from '../../test/sql';

let app: FastifyInstance;
let dj: SignedInUser;
let other: SignedInUser;
let calls: ReturnType<typeof ownerCalls>;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
  dj = await createUserWithToken(app);
  other = await createUserWithToken(app);
  calls = ownerCalls(app, dj);
});

const TRACKLIST = [
  '[0:00] Bicep - Glue [Ninja Tune]',
  '[2:30] ID - ID',
  '[5:00] Ben Bohmer - Beyond Beliefs (Yotto Remix)',
].join('\n');

/**
 * The maintained tables after a change equal what a full refresh makes of the same rows: counts,
 * relations, search documents and terms (search_words only ever grows, so it is left out).
 */
async function expectMaintained(): Promise<void> {
  const database = await getTestDatabase();
  const fingerprint = async () => {
    const all = await catalogueFingerprint(database);
    delete all.search_words;
    return all;
  };
  const before = await fingerprint();
  await refreshCatalogue(app);
  expect(await fingerprint()).toEqual(before);
}

async function publicSet(id: number) {
  return await app.inject({ url: `/api/sets/${id}`, headers: other.headers });
}

describe('details and preview of a draft', () => {
  it("keeps a draft's details as sent; another user's draft is not found", async () => {
    const id = await readyDraft(app, dj);
    const saved = await calls.details(id, detailsOf({ tracklist: TRACKLIST, venue: 'Fabric' }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id,
      state: 'ready',
      details: { set_name: 'Sunrise at the Lake', djs: ['Test DJ'], venue: 'Fabric', tracklist: TRACKLIST },
      missing: [],
    });
    const theirs = await ownerCalls(app, other).details(id, detailsOf());
    expect(theirs).toMatchObject({ status: 404, body: { code: 404, message: 'Set not found.' } });
    const unknown = await calls.details('f'.repeat(32), detailsOf());
    expect(unknown.status).toBe(404);
  });

  it('previews pasted lines as the import reads them, matching catalogue tracks; writes nothing', async () => {
    const known = await createTrack(app, { title: 'Glue', artist: 'Bicep', credited: true });
    await refreshCatalogue(app);
    const id = await readyDraft(app, dj);
    const before = await catalogueFingerprint(await getTestDatabase());
    const res = await calls.preview(id, `Tracklist:\n${TRACKLIST}\n[4:00] not a track line`);
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('lines');
    expect(res.body.timed).toBe(true);
    const lines = res.body.lines as { line: number; outcome: string; track_meta_id: number | null }[];
    expect(lines.map((l) => [l.line, l.outcome])).toEqual([
      [2, 'track'],
      [3, 'id'],
      [4, 'track'],
      [5, 'skipped'],
    ]);
    expect(lines[0]?.track_meta_id).toBe(known);
    expect(res.body.lines[2]).toMatchObject({
      artist: 'Ben Bohmer',
      title: 'Beyond Beliefs',
      mix_name: 'Yotto',
      track_meta_id: null,
      new_artists: ['Ben Bohmer', 'Yotto'],
    });
    expect(res.body.problems).toHaveLength(1);
    expect(res.body.problems[0]).toMatch(/line 5/);
    expect(await catalogueFingerprint(await getTestDatabase())).toEqual(before);
  });

  it('previews a CUE sheet by its INDEX times, without a FILE, TITLE or PERFORMER of its own', async () => {
    const id = await readyDraft(app, dj, { seconds: 900, details: detailsOf() });
    const cue = [
      'TRACK 01 AUDIO',
      '  TITLE "Glue"',
      '  PERFORMER "Bicep"',
      '  INDEX 01 00:00:00',
      'TRACK 02 AUDIO',
      '  TITLE "ID"',
      '  PERFORMER "ID"',
      '  INDEX 01 04:10:00',
      'TRACK 03 AUDIO',
      '  TITLE "Opal"',
      '  INDEX 01 09:00:00',
    ].join('\n');
    const res = await calls.preview(id, cue);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'cue', timed: true, problems: [] });
    expect(
      res.body.lines.map((l: { line: number; outcome: string; start_time: number; artist: string }) => [
        l.line,
        l.outcome,
        l.start_time,
        l.artist,
      ]),
    ).toEqual([
      [1, 'track', 0, 'Bicep'],
      [5, 'id', 250, 'ID'],
      // a track without PERFORMER is by the set's DJs
      [9, 'track', 540, 'Test DJ'],
    ]);
  });

  it('limits previews per user, four times as many as pasted tracklists (429 in the error shape)', async () => {
    const auth = app.config.auth;
    const limited = await buildTestApp({
      auth: { ...auth, limits: { ...auth.limits, tracklist: { max: 1, windowS: 600 } } },
    });
    try {
      const owner = await createUserWithToken(limited);
      const id = await readyDraft(limited, owner);
      const previews = ownerCalls(limited, owner);
      for (let i = 0; i < 4; i++) expect((await previews.preview(id, 'A - B')).status).toBe(200);
      expect(await previews.preview(id, 'A - B')).toMatchObject({ status: 429, body: { code: 429 } });
    } finally {
      await limited.close();
    }
  });

  it('names times out of order as problems', async () => {
    const id = await readyDraft(app, dj);
    const res = await calls.preview(id, '[3:00] A - One\n[1:00] B - Two');
    expect(res.status).toBe(200);
    expect(res.body.problems).toEqual([expect.stringMatching(/line 2: .*times must go forward/)]);
  });
});

describe('publishing', () => {
  it('refuses a draft that is not ready (409) or lacks details (422), writing nothing', async () => {
    const id = await readyDraft(app, dj);
    const missing = await calls.publish(id);
    expect(missing).toMatchObject({
      status: 422,
      body: { code: 422, message: publishMessages.missing },
    });
    expect(Object.keys(missing.body.errors.json).sort()).toEqual(['djs', 'recorded_date', 'set_name']);
    await app.db.execute(sql`update uploads set state = 'processing' where id = ${id}`);
    await calls.details(id, detailsOf());
    expect(await calls.publish(id)).toMatchObject({
      status: 409,
      body: { code: 409, message: publishMessages.notReady },
    });
    expect(await query(app, sql`select id from sets`)).toEqual([]);
  });

  it('refuses a tracklist with problems, writing nothing', async () => {
    const id = await readyDraft(app, dj, {
      details: detailsOf({ tracklist: '[3:00] A - One\n[1:00] B - Two' }),
    });
    const res = await calls.publish(id);
    expect(res.status).toBe(422);
    expect(res.body.errors.json.tracklist).toEqual([expect.stringMatching(/line 2/)]);
    expect(await query(app, sql`select id from sets`)).toEqual([]);
    expect((await calls.detail(id)).body.state).toBe('ready');
  });

  it('refuses names of punctuation alone, which no artist can be filed under (422)', async () => {
    const dj3 = await readyDraft(app, dj, { details: detailsOf({ djs: ['!!!'] }) });
    const refused = await calls.publish(dj3);
    expect(refused).toMatchObject({
      status: 422,
      body: { code: 422, errors: { json: { djs: [expect.any(String)] } } },
    });
    const line = await readyDraft(app, dj, {
      details: detailsOf({ tracklist: '[0:00] !!! - Heart of Hearts' }),
    });
    const bad = await calls.publish(line);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.json.tracklist).toEqual([expect.stringMatching(/line 1: '!!!' is no name/)]);
    expect(await query(app, sql`select id from sets`)).toEqual([]);
  });

  it('makes a new public set owned by the uploader, even beside a set of the same name and date', async () => {
    const namesake = await createSet(app, {
      name: 'Sunrise at the Lake',
      performer: 'Test DJ',
      releaseDate: '2024-06-01',
    });
    await refreshCatalogue(app);
    const id = await readyDraft(app, dj, {
      details: detailsOf({ tracklist: TRACKLIST, djs: ['Test DJ', 'Other DJ'], festival: 'Lake Fest' }),
    });
    const res = await calls.publish(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, state: 'published' });
    const setId = res.body.set_id as number;
    expect(setId).not.toBe(namesake.id);
    const [row] = await query<{ owner_id: number; audio_path: string; duration_ms: number }>(
      app,
      sql`select owner_id, audio_path, duration_ms from sets where id = ${setId}`,
    );
    expect(row).toEqual({
      owner_id: dj.user.id,
      audio_path: `/media/audio/sets/published/${id}.mp3`,
      duration_ms: 600_000,
    });
    const page = await publicSet(setId);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ set_name: 'Sunrise at the Lake', artist: 'Test DJ & Other DJ' });
    const tracks = await query<{
      track_position: number;
      start_time: number;
      end_time: number;
      mix_type: string;
    }>(
      app,
      sql`select st.track_position, st.start_time, st.end_time, t.mix_type from set_tracks st
          join tracks t on t.id = st.track_id where st.set_id = ${setId} order by st.track_position`,
    );
    expect(tracks).toEqual([
      { track_position: 1, start_time: 0, end_time: 150, mix_type: 'original_mix' },
      { track_position: 2, start_time: 150, end_time: 300, mix_type: 'ID' },
      { track_position: 3, start_time: 300, end_time: 600, mix_type: 'remix' },
    ]);
    await expectMaintained();
    // publishing again is refused: it is published
    expect((await calls.publish(id)).status).toBe(409);
  });
});

describe('editing a published set', () => {
  it('applies the details at once: name, DJs, place, date, genre and the tracklist, counts kept', async () => {
    const id = await readyDraft(app, dj, { details: detailsOf({ tracklist: TRACKLIST }) });
    const setId = await calls.published(id);
    // a listener's list page is kept between requests: the edit must not be answered from before it
    const list = async () =>
      JSON.stringify((await app.inject({ url: '/api/sets', headers: other.headers })).json());
    expect(await list()).toContain('Sunrise at the Lake');
    const edited = detailsOf({
      set_name: 'Sunset at the Lake',
      djs: ['New Name'],
      recorded_date: '2024-07-02',
      genre: 'House',
      venue: 'Fabric',
      tracklist: ['[0:00] Bicep - Glue [Ninja Tune]', '[1:00] ID - ID', '[4:00] Fred again.. - Delilah'].join(
        '\n',
      ),
    });
    const res = await calls.details(id, edited);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'published',
      set_id: setId,
      details: { set_name: 'Sunset at the Lake' },
    });
    const page = (await publicSet(setId)).json();
    expect(page).toMatchObject({ set_name: 'Sunset at the Lake', artist: 'New Name', genre: 'House' });
    expect(await list()).toContain('Sunset at the Lake');
    expect(await list()).not.toContain('Sunrise at the Lake');
    const rows = await query<{ title: string; start_time: number }>(
      app,
      sql`select t.title, st.start_time from set_tracks st join tracks t on t.id = st.track_id
          where st.set_id = ${setId} order by st.track_position`,
    );
    expect(rows).toEqual([
      { title: 'Glue', start_time: 0 },
      { title: 'ID', start_time: 60 },
      { title: 'Delilah', start_time: 240 },
    ]);
    // the remix the old list named stays a catalogue track; the old DJ plays no set now
    const [artist] = await query<{ set_count: number }>(
      app,
      sql`select set_count from artists where name = 'Test DJ'`,
    );
    expect(artist?.set_count).toBe(0);
    await expectMaintained();
    const search = await app.inject({ url: '/api/search?s=Sunset', headers: other.headers });
    expect(JSON.stringify(search.json())).toContain('Sunset at the Lake');
  });

  it("keeps the set's IDs (their watchers and suggestions) where the new text still has them", async () => {
    const id = await readyDraft(app, dj, { details: detailsOf({ tracklist: TRACKLIST }) });
    const setId = await calls.published(id);
    const idsOf = async () =>
      (
        await query<{ id: number }>(
          app,
          sql`select t.id from set_tracks st join tracks t on t.id = st.track_id
              where st.set_id = ${setId} and t.mix_type = 'ID' order by st.track_position`,
        )
      ).map((r) => r.id);
    const [idTrack] = await idsOf();
    const watch = await app.inject({
      method: 'PUT',
      url: `/api/favs/track/${idTrack}/likes-toggle`,
      headers: other.headers,
    });
    expect(watch.statusCode).toBe(200);
    const moved = TRACKLIST.replace('[2:30] ID - ID', '[2:00] ID - ID').replace('Glue', 'Glue (Dub Mix)');
    expect((await calls.details(id, detailsOf({ tracklist: moved }))).status).toBe(200);
    expect(await idsOf()).toEqual([idTrack]);
    const [watched] = await query<{ show_likes: boolean }>(
      app,
      sql`select show_likes from user_track_favs where user_id = ${other.user.id} and track_id = ${idTrack}`,
    );
    expect(watched?.show_likes).toBe(true);
    // dropping the ID's line drops the ID, only this set playing it
    const without = TRACKLIST.replace('[2:30] ID - ID\n', '');
    expect((await calls.details(id, detailsOf({ tracklist: without }))).status).toBe(200);
    expect(await query(app, sql`select id from tracks where id = ${idTrack}`)).toEqual([]);
    await expectMaintained();
  });

  it('finds DJs and places the catalogue has by name, as the import does, and makes the others', async () => {
    const bicep = await createArtist(app, { name: 'Bicep' });
    const fabric = await createVenue(app, 'Fabric');
    await refreshCatalogue(app);
    const id = await readyDraft(app, dj, { details: detailsOf() });
    const setId = await calls.published(id);
    const res = await calls.details(
      id,
      detailsOf({ djs: ['BICEP', 'Brand New'], venue: 'fabric', festival: 'New Fest' }),
    );
    expect(res.status).toBe(200);
    const djs = await query<{ id: number; name: string }>(
      app,
      sql`select a.id, a.name from set_artists sa join artists a on a.id = sa.artist_id
          where sa.set_id = ${setId} order by sa.position`,
    );
    expect(djs.map((d) => d.name)).toEqual(['Bicep', 'Brand New']);
    expect(djs[0]?.id).toBe(bicep);
    const [place] = await query<{ venue_id: number; festival: string; artist: string }>(
      app,
      sql`select s.venue_id, f.name as festival, s.artist from sets s join festivals f on f.id = s.festival_id
          where s.id = ${setId}`,
    );
    expect(place).toEqual({ venue_id: fabric, festival: 'New Fest', artist: 'BICEP & Brand New' });
    await expectMaintained();
  });

  it('keeps the set as it was on a bad tracklist (422)', async () => {
    const id = await readyDraft(app, dj, { details: detailsOf({ tracklist: TRACKLIST }) });
    const setId = await calls.published(id);
    const before = await catalogueFingerprint(await getTestDatabase());
    const res = await calls.details(
      id,
      detailsOf({ set_name: 'Changed', tracklist: '[3:00] A - One\n[1:00] B - Two' }),
    );
    expect(res).toMatchObject({ status: 422, body: { code: 422 } });
    expect(await catalogueFingerprint(await getTestDatabase())).toEqual(before);
    expect((await calls.detail(id)).body.details.set_name).toBe('Sunrise at the Lake');
    expect((await publicSet(setId)).json().set_name).toBe('Sunrise at the Lake');
  });
});

describe('unpublishing', () => {
  it('removes the public set and keeps the draft ready, with the tracklist as the set had it', async () => {
    const id = await readyDraft(app, dj, { details: detailsOf({ tracklist: TRACKLIST }) });
    const setId = await calls.published(id);
    const res = await calls.unpublish(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'ready', set_id: null });
    expect(res.body.details.tracklist).toBe(
      [
        '[0:00:00] Bicep - Glue [Ninja Tune]',
        '[0:02:30] ID - ID',
        '[0:05:00] Ben Bohmer - Beyond Beliefs (Yotto Remix)',
      ].join('\n'),
    );
    expect((await publicSet(setId)).statusCode).toBe(404);
    await expectMaintained();
    // the media stay: publishing again makes the set again, with the same tracks
    expect(await app.media.head(`audio/sets/published/${id}.mp3`)).toBeDefined();
    const again = await calls.published(id);
    const titles = await query<{ title: string }>(
      app,
      sql`select t.title from set_tracks st join tracks t on t.id = st.track_id
          where st.set_id = ${again} order by st.track_position`,
    );
    expect(titles.map((t) => t.title)).toEqual(['Glue', 'ID', 'Beyond Beliefs']);
    expect((await calls.unpublish('0'.repeat(32))).status).toBe(404);
  });

  it('refuses a draft that is not published (409)', async () => {
    const id = await readyDraft(app, dj);
    expect(await calls.unpublish(id)).toMatchObject({ status: 409, body: { code: 409 } });
  });
});
