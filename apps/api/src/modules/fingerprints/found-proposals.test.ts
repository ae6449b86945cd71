// "Suggest these as the tracklist": what POST /sets/{id}/heard-tracks/proposals sends, as whom, where
// the tracklist names nothing (a new ID entry), and how it meets suggestions already there and the
// limits. What the fingerprints found is given by the test (the matching has tests of its own), so
// each case says exactly which tracks were heard where: the same call, with the same schemas and
// token check, is registered at a test path with that finder; the real path answers the refusals.

import { calls as contract } from '@cratedig/contract/calls';
import type { SetSuggestion } from '@cratedig/contract/fingerprints-api';
import type { FoundProposals } from '@cratedig/contract/found-proposals-api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../lib/route';
import { userContext } from '../../plugins/service-context';
import { buildTestApp } from '../../test/app';
import { authOverrides } from '../../test/auth-overrides';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { createSet, createTrack, refreshCatalogue } from '../../test/factories';
import { calls } from '../../test/identifications';
import { query } from '../../test/sql';
import { proposeFound } from './found-proposals';

/** What the fingerprints "found" in each set. */
const heard = new Map<number, SetSuggestion[]>();
const TEST_PATH = '/api/test/sets/:id/found-proposals';

function withFinder(on: FastifyInstance) {
  const call = { ...contract.fingerprints.proposeFound, path: TEST_PATH, operationId: 'testProposeFound' };
  route(on, call, async (req, reply) => {
    const found = async (_ctx: unknown, setId: number) => ({
      data: heard.get(setId) ?? [],
      listening: false,
    });
    return reply.code(201).send(await proposeFound(userContext(on, req), req.params.id, found));
  });
}

let app: FastifyInstance;
let limitedApp: FastifyInstance;
let alice: CrowdUser;
let bob: CrowdUser;
let watcher: CrowdUser;

beforeAll(async () => {
  // from a known state: an earlier file of this worker may have left sets with ids of its choosing
  await resetDatabase();
  app = await buildTestApp({}, { register: withFinder });
  limitedApp = await buildTestApp(
    authOverrides({ limits: { tracklist: { max: 3, windowS: 600 }, proposal: { max: 2, windowS: 3600 } } }),
    { register: withFinder },
  );
  [alice, bob, watcher] = (await crowd(app, 3)) as [CrowdUser, CrowdUser, CrowdUser];
}, 240_000);
afterAll(async () => {
  await app.close();
  await limitedApp.close();
});

const send = (user: CrowdUser, setId: number | string, on = app) =>
  on.inject({ method: 'POST', url: TEST_PATH.replace(':id', String(setId)), headers: user.headers });
/** The real call, with what the fingerprints really found (nothing: these sets have no audio). */
const sendReal = (user: CrowdUser, setId: number | string) =>
  app.inject({ method: 'POST', url: `/api/sets/${setId}/heard-tracks/proposals`, headers: user.headers });

let made = 0;
/** A catalogue track heard in another set, as the fingerprints report it. */
async function foundTrack(start: number, end: number, position: number | null) {
  made += 1;
  const id = await createTrack(app, { title: `Found ${made}`, artist: 'Heard Artist' });
  const other = await createSet(app, { name: `Where it is listed ${made}` });
  return {
    id,
    item: {
      start_time: start,
      end_time: end,
      similarity: 0.8,
      speed: 1.04,
      key_locked: false,
      track_meta: { id, title: `Found ${made}`, artist: 'Heard Artist', art_url_sm: null },
      heard_in: { id: other.id, set_name: `Where it is listed ${made}`, artist: 'Someone', art_url_sm: null },
      set_track_position: position,
    } satisfies SetSuggestion,
  };
}

/** A 25-minute set: a track 0-5 min, an open ID 5-10, nothing 10-15, a track 15-20, nothing after. */
async function setWithGaps() {
  const opener = await createTrack(app);
  const closer = await createTrack(app);
  const set = await createSet(app, { durationMs: 1_500_000, tracks: [[0, 300]], trackIds: [opener] });
  const id = await createTrack(app, { title: 'ID', artist: 'ID', mixType: 'ID', foundInSetId: set.id });
  await app.db.execute(sql`insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
    values (${set.id}, 2, ${id}, 300, 600), (${set.id}, 3, ${closer}, 900, 1200)`);
  await refreshCatalogue(app);
  return { setId: set.id, opener, closer, id };
}

async function entries(setId: number) {
  return query<{
    track_position: number;
    track_id: number;
    start_time: number;
    end_time: number;
    mix_type: string;
  }>(
    app,
    sql`select st.track_position, st.track_id, st.start_time, st.end_time, t.mix_type
        from set_tracks st join tracks t on t.id = st.track_id where st.set_id = ${setId} order by st.track_position`,
  );
}

async function written(on = app): Promise<number> {
  const [row] = await query<{ n: string | number }>(
    on,
    sql`select (select count(*) from identifications) + (select count(*) from set_tracks)
      + (select count(*) from tracks) + (select count(*) from notifications) as n`,
  );
  return Number(row?.n);
}

describe('sending what Cratedig found as the tracklist', () => {
  let set: Awaited<ReturnType<typeof setWithGaps>>;
  let inId: Awaited<ReturnType<typeof foundTrack>>;
  let inGap: Awaited<ReturnType<typeof foundTrack>>;
  let atEnd: Awaited<ReturnType<typeof foundTrack>>;
  let first: FoundProposals;

  beforeAll(async () => {
    set = await setWithGaps();
    inId = await foundTrack(310, 590, 2);
    inGap = await foundTrack(590, 905, null);
    atEnd = await foundTrack(1215, 1480, null);
    heard.set(set.setId, [inId.item, inGap.item, atEnd.item]);
    await calls(app).watch(watcher, set.id);
    const response = await send(alice, set.setId);
    expect(response.statusCode, response.body).toBe(201);
    first = response.json<FoundProposals>();
  });

  it('suggests each found track for its ID as the caller, adding an ID entry where the list names nothing', async () => {
    expect(first.skipped).toEqual([]);
    expect(first.proposed.map((p) => [p.track_meta_id, p.set_track_position, p.new_entry])).toEqual([
      [inId.id, 2, false],
      [inGap.id, 3, true],
      [atEnd.id, 5, true],
    ]);
    expect(first.proposed[0]?.id_track_id).toBe(set.id);
    const list = await entries(set.setId);
    // in time order, the new entries clipped to the stretch the list leaves unnamed
    expect(list.map((e) => [e.track_position, e.start_time, e.end_time, e.mix_type])).toEqual([
      [1, 0, 300, 'original_mix'],
      [2, 300, 600, 'ID'],
      [3, 600, 900, 'ID'],
      [4, 900, 1200, 'original_mix'],
      [5, 1215, 1480, 'ID'],
    ]);
    const added = await query<{ id: number; title: string; artist: string; found_in_set_id: number }>(
      app,
      sql`select id, title, artist, found_in_set_id from tracks where id in (${list[2]?.track_id}, ${list[4]?.track_id})`,
    );
    expect(added).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'ID', artist: 'ID', found_in_set_id: set.setId }),
      ]),
    );
    // the proposals are the caller's, naming the catalogue track, open for votes
    const rows = await query<{ id_track_id: number; track_id: number; author_id: number; status: string }>(
      app,
      sql`select id_track_id, track_id, author_id, status from identifications
          where id in (${sql.join(
            first.proposed.map((p) => sql`${p.identification_id}`),
            sql`, `,
          )}) order by id`,
    );
    expect(rows).toEqual([
      { id_track_id: set.id, track_id: inId.id, author_id: alice.id, status: 'open' },
      { id_track_id: list[2]?.track_id, track_id: inGap.id, author_id: alice.id, status: 'open' },
      { id_track_id: list[4]?.track_id, track_id: atEnd.id, author_id: alice.id, status: 'open' },
    ]);
  });

  it("counts the new entries in the set and tells the ID's watchers", async () => {
    const detail = await app.inject({ method: 'GET', url: `/api/sets/${set.setId}`, headers: bob.headers });
    expect(detail.json()).toMatchObject({ track_count: 5, track_confirmed_count: 2 });
    const notes = (await calls(app).notifications(watcher)).json<{
      data: { kind: string; id_track: { id: number } }[];
    }>();
    expect(notes.data.map((n) => [n.kind, n.id_track.id])).toEqual([['proposal_on_watched', set.id]]);
  });

  it('sends nothing twice: a second click answers what is already open', async () => {
    const before = await written();
    const response = await send(alice, set.setId);
    expect(response.statusCode, response.body).toBe(201);
    const again = response.json<FoundProposals>();
    expect(again.proposed).toEqual([]);
    expect(
      again.skipped.map((s) => [s.track_meta_id, s.reason, s.identification_id, s.set_track_position]),
    ).toEqual(
      first.proposed.map((p) => [p.track_meta_id, 'own_open', p.identification_id, p.set_track_position]),
    );
    expect(await written()).toBe(before);
  });

  it('points another listener at the suggestions already open, to vote on', async () => {
    const before = await written();
    const response = await send(bob, set.setId);
    expect(response.statusCode, response.body).toBe(201);
    const theirs = response.json<FoundProposals>();
    expect(theirs.proposed).toEqual([]);
    expect(theirs.skipped.map((s) => [s.reason, s.identification_id])).toEqual(
      first.proposed.map((p) => ['suggested', p.identification_id]),
    );
    expect(await written()).toBe(before);
  });

  it('adds one entry when two listeners send the same gap at once', async () => {
    const other = await setWithGaps();
    heard.set(other.setId, [(await foundTrack(610, 890, null)).item]);
    const answers = await Promise.all([send(alice, other.setId), send(bob, other.setId)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect((await entries(other.setId)).map((e) => [e.start_time, e.mix_type])).toEqual([
      [0, 'original_mix'],
      [300, 'ID'],
      [610, 'ID'],
      [900, 'original_mix'],
    ]);
  });

  it('leaves an ID already named, or an entry that names a track, alone', async () => {
    const other = await setWithGaps();
    await app.db.execute(
      sql`insert into id_releases (id_track_id, released_track_id) values (${other.id}, ${other.closer})`,
    );
    const onId = await foundTrack(320, 580, 2);
    const onTrack = await foundTrack(20, 280, 1);
    heard.set(other.setId, [onTrack.item, onId.item]);
    const response = await send(alice, other.setId);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<FoundProposals>();
    expect(body.proposed).toEqual([]);
    // an entry naming a track has no ID to open, only its place
    expect(body.skipped.map((s) => [s.track_meta_id, s.reason, s.id_track_id, s.set_track_position])).toEqual(
      [
        [onTrack.id, 'named', null, 1],
        [onId.id, 'named', other.id, 2],
      ],
    );
  });
});

describe('refusals', () => {
  it('refuses a set where nothing was found (422), writing nothing', async () => {
    // a set without audio: the fingerprints found nothing in it
    const { setId } = await setWithGaps();
    const before = await written();
    const response = await sendReal(alice, setId);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Cratedig found nothing to suggest in this set.' });
    expect(await written()).toBe(before);
  });

  it('answers 404 for an unknown set and 401 without a token', async () => {
    expect((await sendReal(alice, 999_999)).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url: '/api/sets/1/heard-tracks/proposals' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends what the hourly suggestion limit allows, adds no entry for the rest, then answers 429', async () => {
    const [carol] = (await crowd(limitedApp, 1)) as [CrowdUser];
    const { setId } = await setWithGaps();
    const found = [
      await foundTrack(310, 590, 2),
      await foundTrack(610, 890, null),
      await foundTrack(1210, 1490, null),
    ];
    heard.set(
      setId,
      found.map((f) => f.item),
    );
    const response = await send(carol, setId, limitedApp);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<FoundProposals>();
    expect(body.proposed.map((p) => p.track_meta_id)).toEqual([found[0]?.id, found[1]?.id]);
    expect(body.skipped).toMatchObject([
      { track_meta_id: found[2]?.id, reason: 'limited', id_track_id: null, set_track_position: null },
    ]);
    expect((await entries(setId)).length).toBe(4);

    // the last one alone: not one can be sent
    heard.set(setId, [found[2]?.item as SetSuggestion]);
    const before = await written(limitedApp);
    const limited = await send(carol, setId, limitedApp);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await written(limitedApp)).toBe(before);
  });

  it('counts each click against the tracklist limit a pasted tracklist has', async () => {
    const [dave] = (await crowd(limitedApp, 1)) as [CrowdUser];
    const { setId } = await setWithGaps();
    heard.set(setId, [(await foundTrack(310, 590, 2)).item]);
    for (let i = 0; i < 3; i++) expect((await send(dave, setId, limitedApp)).statusCode).toBe(201);
    const response = await send(dave, setId, limitedApp);
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/many tracklists/);
  });
});
