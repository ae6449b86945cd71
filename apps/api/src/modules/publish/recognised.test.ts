// The tracks Cratedig recognised in a published set that its tracklist lacks, and the owner putting
// them in at once: the ID entry a track was heard in takes its name, elsewhere a new entry starts at
// its time; the set's counts follow and the draft keeps the new tracklist. What the fingerprints
// found is given here as the heard-tracks service answers it (its own tests hear real audio).
import type { SetSuggestion, SetSuggestionList } from '@cratedig/contract/fingerprints-api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserContext } from '../../plugins/service-context';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { createArtist, createTrack, refreshCatalogue } from '../../test/factories';
import { catalogueFingerprint } from '../../test/import-fixtures';
import { detailsOf, ownerCalls, readyDraft } from '../../test/publish';
import { query } from '../../test/sql';
import * as owner from './owner-service';

let app: FastifyInstance;
let dj: SignedInUser;
let other: SignedInUser;

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
});

const TRACKLIST = ['[0:00] Bicep - Glue', '[2:00] ID - ID', '[5:00] Ben Bohmer - Beyond Beliefs'].join('\n');
const ctxOf = (user: SignedInUser): UserContext => ({ db: app.db, config: app.config, userId: user.user.id });

function found(trackId: number, start: number, end: number, position: number | null): SetSuggestion {
  return {
    start_time: start,
    end_time: end,
    similarity: 0.9,
    speed: 1,
    key_locked: false,
    track_meta: { id: trackId, title: '', artist: '', art_url_sm: null },
    heard_in: { id: 1, set_name: 'Elsewhere', artist: 'Someone', art_url_sm: null },
    set_track_position: position,
  } as SetSuggestion;
}

async function setUp() {
  const delilah = await createTrack(app, { title: 'Delilah', artist: 'Fred again..', credited: true });
  // a remix credited to its remixer, as the import writes one
  const opal = await createTrack(app, {
    title: 'Opal',
    artist: 'Four Tet',
    credited: true,
    label: true,
    mixType: 'remix',
    mixName: 'Bicep',
    remixerId: await createArtist(app, { name: 'Bicep' }),
  });
  await refreshCatalogue(app);
  const id = await readyDraft(app, dj, { details: detailsOf({ tracklist: TRACKLIST }) });
  const setId = await ownerCalls(app, dj).published(id);
  const heard = [found(delilah, 130, 290, 2), found(opal, 400, 470, null)];
  const finder = async (): Promise<SetSuggestionList> => ({ data: heard, listening: true });
  return { id, setId, delilah, opal, finder };
}

async function markHeard(setId: number): Promise<void> {
  await app.db.execute(sql`
    insert into set_landmarks (set_id, audio_path, method, status, scanned_at)
    values (${setId}, 'x', 1, 'done', now())`);
}

async function entries(setId: number) {
  return await query<{ title: string; mix_type: string; start_time: number; end_time: number }>(
    app,
    sql`select t.title, t.mix_type, st.start_time, st.end_time from set_tracks st join tracks t on t.id = st.track_id
        where st.set_id = ${setId} order by st.track_position`,
  );
}

describe('recognised tracks', () => {
  it('says not heard until the set was heard, then lists what the tracklist lacks and where it lands', async () => {
    const { id, setId, delilah, opal, finder } = await setUp();
    expect(await ownerCalls(app, dj).recognised(id)).toEqual({
      status: 200,
      body: { heard: false, items: [] },
    });
    await markHeard(setId);
    expect((await ownerCalls(app, dj).recognised(id)).body).toEqual({ heard: true, items: [] });
    const answer = await owner.recognised(ctxOf(dj), id, finder);
    expect(answer).toEqual({
      heard: true,
      items: [
        expect.objectContaining({
          track_meta_id: delilah,
          start_time: 130,
          replaces_position: 2,
          mix_name: null,
        }),
        expect.objectContaining({
          track_meta_id: opal,
          start_time: 400,
          replaces_position: null,
          mix_name: 'Bicep',
        }),
      ],
    });
  });

  it("answers 404 for another user's set and 409 for a draft not published", async () => {
    const { id } = await setUp();
    expect((await ownerCalls(app, other).recognised(id)).status).toBe(404);
    expect((await ownerCalls(app, other).accept(id)).status).toBe(404);
    const draft = await readyDraft(app, dj);
    expect((await ownerCalls(app, dj).recognised(draft)).status).toBe(409);
    expect((await ownerCalls(app, dj).accept(draft)).status).toBe(409);
  });
});

describe('accepting recognised tracks', () => {
  it('names the ID entry a track was heard in at once, the others left as they were', async () => {
    const { id, setId, delilah, finder } = await setUp();
    const idTrack = await query<{ id: number }>(app, sql`select id from tracks where mix_type = 'ID'`);
    const res = await owner.accept(
      ctxOf(dj),
      id,
      { tracks: [{ track_meta_id: delilah, start_time: 130 }] },
      finder,
    );
    expect(res).toEqual({ accepted: 1, set_id: setId });
    expect(await entries(setId)).toEqual([
      { title: 'Glue', mix_type: 'original_mix', start_time: 0, end_time: 120 },
      { title: 'Delilah', mix_type: 'original_mix', start_time: 120, end_time: 300 },
      { title: 'Beyond Beliefs', mix_type: 'original_mix', start_time: 300, end_time: 600 },
    ]);
    // the recognised track is the catalogue's own, not a copy; the ID it named is gone
    const [row] = await query<{ track_id: number }>(
      app,
      sql`select track_id from set_tracks where set_id = ${setId} and track_position = 2`,
    );
    expect(row?.track_id).toBe(delilah);
    expect(await query(app, sql`select id from tracks where id = ${idTrack[0]?.id}`)).toEqual([]);
    expect((await ownerCalls(app, dj).detail(id)).body.details.tracklist).toContain(
      '[0:02:00] Fred again.. - Delilah',
    );
    const database = await getTestDatabase();
    const before = await catalogueFingerprint(database);
    delete before.search_words;
    await refreshCatalogue(app);
    const after = await catalogueFingerprint(database);
    delete after.search_words;
    expect(after).toEqual(before);
  });

  it('takes all of them when none are listed, a track heard where nothing is named as a new entry', async () => {
    const { id, setId, opal, finder } = await setUp();
    expect(await owner.accept(ctxOf(dj), id, {}, finder)).toEqual({ accepted: 2, set_id: setId });
    expect((await entries(setId)).map((e) => [e.title, e.start_time])).toEqual([
      ['Glue', 0],
      ['Delilah', 120],
      ['Beyond Beliefs', 300],
      ['Opal', 400],
    ]);
    const [row] = await query<{ track_id: number }>(
      app,
      sql`select track_id from set_tracks where set_id = ${setId} and track_position = 4`,
    );
    expect(row?.track_id).toBe(opal);
  });

  it('names the ID it was heard in even when a new entry goes in before it', async () => {
    const { id, setId, delilah, opal } = await setUp();
    const finder = async (): Promise<SetSuggestionList> => ({
      data: [found(opal, 60, 100, null), found(delilah, 130, 290, 2), found(opal, 140, 200, 2)],
      listening: true,
    });
    // the third is heard over the seconds of the second, which names the ID: it is neither offered
    // nor put in
    await markHeard(setId);
    const listed = await owner.recognised(ctxOf(dj), id, finder);
    expect(listed.items.map((item) => [item.track_meta_id, item.start_time])).toEqual([
      [opal, 60],
      [delilah, 130],
    ]);
    expect(await owner.accept(ctxOf(dj), id, {}, finder)).toEqual({ accepted: 2, set_id: setId });
    expect((await entries(setId)).map((e) => [e.title, e.start_time])).toEqual([
      ['Glue', 0],
      ['Opal', 60],
      ['Delilah', 120],
      ['Beyond Beliefs', 300],
    ]);
  });

  it('names an ID after the track heard nearest its start; a later record in that entry goes in after it', async () => {
    const { id, setId, delilah, opal } = await setUp();
    // the record heard late in the ID's minutes is listed first, as a closer match can be; the two
    // share a crossfade of 7 s
    const finder = async (): Promise<SetSuggestionList> => ({
      data: [found(opal, 222, 290, 2), found(delilah, 121, 229, 2)],
      listening: true,
    });
    await markHeard(setId);
    const listed = await owner.recognised(ctxOf(dj), id, finder);
    expect(listed.items.map((item) => [item.track_meta_id, item.replaces_position])).toEqual([
      [opal, null],
      [delilah, 2],
    ]);
    expect(await owner.accept(ctxOf(dj), id, {}, finder)).toEqual({ accepted: 2, set_id: setId });
    expect((await entries(setId)).map((e) => [e.title, e.start_time])).toEqual([
      ['Glue', 0],
      ['Delilah', 120],
      ['Opal', 222],
      ['Beyond Beliefs', 300],
    ]);
  });

  it('refuses a track that was not recognised (422), changing nothing', async () => {
    const { id, setId, finder } = await setUp();
    await expect(
      owner.accept(ctxOf(dj), id, { tracks: [{ track_meta_id: 999, start_time: 1 }] }, finder),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect((await entries(setId)).map((e) => e.title)).toEqual(['Glue', 'ID', 'Beyond Beliefs']);
  });
});
