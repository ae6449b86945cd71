// The crowd names the IDs: proposing, voting, deciding, and what listeners see and are told.
import type { Identification, TrackIdentification } from '@cratedig/contract/identification';
import type { NotificationList } from '@cratedig/contract/notification';
import type { User } from '@cratedig/contract/user';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { refreshCatalogue } from '../../test/factories';
import { calls, freshId, freshTrack, SETUP_TIMEOUT_MS, setUpIdCatalogue } from '../../test/identifications';
import { ids, oneId } from '../../test/sql';

let app: FastifyInstance;
let api: ReturnType<typeof calls>;

beforeAll(async () => {
  app = await buildTestApp();
  await setUpIdCatalogue(app);
  api = calls(app);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
});

async function proposed(user: CrowdUser, idTrackId: number, body: object): Promise<Identification> {
  const response = await api.propose(user, idTrackId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function voted(
  user: CrowdUser,
  id: number,
  vote: 'confirm' | 'reject' | null,
): Promise<Identification> {
  const response = await api.vote(user, id, vote);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function stateOf(user: CrowdUser, idTrackId: number): Promise<TrackIdentification> {
  return (await api.track(user, idTrackId)).json().identification;
}

async function kinds(user: CrowdUser): Promise<string[]> {
  return ((await api.notifications(user)).json() as NotificationList).data.map((n) => n.kind);
}

describe('proposing', () => {
  it('names a catalogue track or a description, shown open with no votes', async () => {
    const [author, other] = await crowd(app, 2);
    if (!author || !other) throw new Error('crowd');
    const id = await freshId(app);
    const track = await freshTrack(app);
    expect((await stateOf(author, id)).status).toBe('unidentified');

    const named = await proposed(author, id, { track_meta_id: track });
    expect(named).toMatchObject({
      id_track_id: id,
      status: 'open',
      confirm_count: 0,
      reject_count: 0,
      user_vote: null,
      is_own: true,
      decided_dt: null,
      author: { id: author.id },
      proposal: { track_meta: { id: track }, artist: null, title: null },
    });
    const described = await proposed(other, id, {
      artist: 'Kessa Lindqvist',
      title: 'Night Drive',
      mix_name: 'Extended',
      label_name: 'Drumcode',
      url: 'https://example.com/night-drive',
    });
    expect(described.proposal).toMatchObject({
      track_meta: null,
      artist: 'Kessa Lindqvist',
      title: 'Night Drive',
    });
    expect(await stateOf(author, id)).toMatchObject({ status: 'proposed', open_count: 2, accepted: null });
    const list = (await api.list(author, id)).json();
    expect(list.pagination.total).toBe(2);
    expect(list.data.map((p: Identification) => p.id)).toEqual([described.id, named.id]);
  });

  it('allows one open proposal per user and ID, and names it in the 409', async () => {
    const [author] = await crowd(app, 1);
    if (!author) throw new Error('crowd');
    const id = await freshId(app);
    const first = await proposed(author, id, { artist: 'A', title: 'One' });
    const second = await api.propose(author, id, { artist: 'B', title: 'Two' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 409, identification_id: first.id });
    await api.withdraw(author, first.id);
    await proposed(author, id, { artist: 'B', title: 'Two' });
  });

  it('answers 409 naming the open proposal of the same track or the same artist and title', async () => {
    const [a, b, c, d] = await crowd(app, 4);
    if (!a || !b || !c || !d) throw new Error('crowd');
    const id = await freshId(app);
    const track = await freshTrack(app, 'Glass Horizon');
    const first = await proposed(a, id, { track_meta_id: track });
    const sameTrack = await api.propose(b, id, { track_meta_id: track });
    expect(sameTrack.statusCode).toBe(409);
    expect(sameTrack.json().identification_id).toBe(first.id);
    const artist = (await api.track(a, track)).json().artist as string;
    // the same names, written differently: case, accents, punctuation and "(Original Mix)" folded
    const sameNames = await api.propose(c, id, {
      artist: artist.toUpperCase(),
      title: 'Glass  Horizón (Original Mix)',
    });
    expect(sameNames.statusCode).toBe(409);
    expect(sameNames.json().identification_id).toBe(first.id);
    const count = (await api.list(a, id)).json().pagination.total;
    expect(count).toBe(1);
  });

  it('tells watchers of a new suggestion at most once a day per ID, never the author', async () => {
    const [watcher, author, second] = await crowd(app, 3);
    if (!watcher || !author || !second) throw new Error('crowd');
    const id = await freshId(app);
    await api.watch(watcher, id);
    await api.watch(author, id);
    await proposed(author, id, { artist: 'Someone', title: 'First' });
    expect(await kinds(watcher)).toEqual(['proposal_on_watched']);
    expect(await kinds(author)).toEqual([]);
    await proposed(second, id, { artist: 'Someone', title: 'Second' });
    // the same day: the watcher is not told again; the author, watching too, is told of the other's
    expect(await kinds(watcher)).toEqual(['proposal_on_watched']);
    expect(await kinds(author)).toEqual(['proposal_on_watched']);
    const [entry] = ((await api.notifications(watcher)).json() as NotificationList).data;
    expect(entry).toMatchObject({
      kind: 'proposal_on_watched',
      id_track: { id },
      release: null,
      proposal: { names: { title: 'First' }, author: { id: author.id } },
    });
  });
});

describe('voting', () => {
  it('decides at +3: releases the ID to the named track, closes the others, tells everyone once', async () => {
    const [author, rival, v1, v2, v3, watcher] = await crowd(app, 6);
    if (!author || !rival || !v1 || !v2 || !v3 || !watcher) throw new Error('crowd');
    const id = await freshId(app);
    const track = await freshTrack(app);
    await api.watch(watcher, id);
    const setId = await oneId(app, `select found_in_set_id as id from tracks where id = ${id}`);
    const before = (
      await app.inject({ method: 'GET', url: `/api/sets/${setId}`, headers: watcher.headers })
    ).json();
    const p = await proposed(author, id, { track_meta_id: track });
    const other = await proposed(rival, id, { artist: 'Other', title: 'Guess' });

    expect((await voted(v1, p.id, 'confirm')).confirm_count).toBe(1);
    expect((await voted(v2, p.id, 'confirm')).status).toBe('open');
    const decided = await voted(v3, p.id, 'confirm');
    expect(decided).toMatchObject({ status: 'accepted', confirm_count: 3, user_vote: 'confirm' });
    expect(decided.decided_dt).not.toBeNull();

    const state = await stateOf(watcher, id);
    expect(state).toMatchObject({ status: 'released', open_count: 0, accepted: { id: p.id } });
    expect((await api.track(watcher, id)).json().release.id).toBe(track);
    const closed = (await api.list(watcher, id)).json().data.find((x: Identification) => x.id === other.id);
    expect(closed.status).toBe('rejected');
    expect(await kinds(watcher)).toEqual(['release', 'proposal_on_watched']);
    expect(await kinds(author)).toEqual(['proposal_accepted']);
    const me: User = (await app.inject({ method: 'GET', url: '/api/me', headers: author.headers })).json();
    expect(me.identifications_accepted).toBe(1);
    const after = (
      await app.inject({ method: 'GET', url: `/api/sets/${setId}`, headers: watcher.headers })
    ).json();
    expect(after.track_confirmed_count).toBe(before.track_confirmed_count + 1);
    const row = after.set_tracks.find((st: { track_meta_id: number }) => st.track_meta_id === id);
    expect(row.track_meta.identification.status).toBe('released');

    // decided: no more votes, on it or on the closed one
    expect((await api.vote(watcher, p.id, 'reject')).statusCode).toBe(409);
    expect((await api.vote(watcher, other.id, 'confirm')).statusCode).toBe(409);
  });

  it('identifies an ID accepted as a description: unreleased, watchers told once, a later release too', async () => {
    const [author, v1, v2, v3, watcher] = await crowd(app, 5);
    if (!author || !v1 || !v2 || !v3 || !watcher) throw new Error('crowd');
    const id = await freshId(app);
    await api.watch(watcher, id);
    const p = await proposed(author, id, { artist: 'Mira Sol', title: 'Low Tide', label_name: 'Afterlife' });
    for (const v of [v1, v2, v3]) await voted(v, p.id, 'confirm');
    expect(await stateOf(watcher, id)).toMatchObject({
      status: 'identified',
      accepted: { id: p.id, proposal: { artist: 'Mira Sol', title: 'Low Tide' } },
    });
    expect(await kinds(watcher)).toEqual(['identified', 'proposal_on_watched']);
    // no more suggestions on a named ID
    expect((await api.propose(v1, id, { artist: 'X', title: 'Y' })).statusCode).toBe(409);

    const { releaseId } = await import('../catalogue/release-service');
    const track = await freshTrack(app);
    await releaseId({ db: app.db, config: app.config }, id, track);
    expect(await kinds(watcher)).toEqual(['release', 'identified', 'proposal_on_watched']);
    expect((await stateOf(watcher, id)).status).toBe('released');
  });

  it('rejects at -3, and a changed or taken-back vote moves the counts', async () => {
    const [author, v1, v2, v3] = await crowd(app, 4);
    if (!author || !v1 || !v2 || !v3) throw new Error('crowd');
    const id = await freshId(app);
    const p = await proposed(author, id, { artist: 'Wrong', title: 'Guess' });
    await voted(v1, p.id, 'confirm');
    expect(await voted(v1, p.id, 'reject')).toMatchObject({ confirm_count: 0, reject_count: 1 });
    expect(await voted(v1, p.id, null)).toMatchObject({ confirm_count: 0, reject_count: 0, user_vote: null });
    await voted(v1, p.id, 'reject');
    await voted(v2, p.id, 'reject');
    expect(await voted(v3, p.id, 'reject')).toMatchObject({ status: 'rejected', reject_count: 3 });
    expect((await stateOf(author, id)).status).toBe('unidentified');
  });

  it('weighs a trusted voter (5 accepted proposals) twice', async () => {
    const [author, trusted, plain] = await crowd(app, 3);
    if (!author || !trusted || !plain) throw new Error('crowd');
    await app.db.execute(
      (await import('drizzle-orm'))
        .sql`update users set identifications_accepted = 5 where id = ${trusted.id}`,
    );
    const id = await freshId(app);
    const p = await proposed(author, id, { artist: 'Trusted', title: 'Pick' });
    expect((await voted(trusted, p.id, 'confirm')).status).toBe('open');
    expect(await voted(plain, p.id, 'confirm')).toMatchObject({ status: 'accepted', confirm_count: 2 });
  });

  it('refuses a vote on one’s own proposal, and on a withdrawn one', async () => {
    const [author, other] = await crowd(app, 2);
    if (!author || !other) throw new Error('crowd');
    const id = await freshId(app);
    const p = await proposed(author, id, { artist: 'Own', title: 'Vote' });
    const own = await api.vote(author, p.id, 'confirm');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot vote on your own suggestion.');
    expect((await api.withdraw(other, p.id)).statusCode).toBe(403);
    const withdrawn = await api.withdraw(author, p.id);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    expect((await api.vote(other, p.id, 'confirm')).statusCode).toBe(409);
    expect((await api.withdraw(author, p.id)).statusCode).toBe(409);
    expect((await api.list(author, id)).json().data[0]).toMatchObject({ confirm_count: 0, reject_count: 0 });
  });

  it('never shows one listener’s vote to another: only counts', async () => {
    const [author, voter, reader] = await crowd(app, 3);
    if (!author || !voter || !reader) throw new Error('crowd');
    const id = await freshId(app);
    const p = await proposed(author, id, { artist: 'Private', title: 'Ballot' });
    await voted(voter, p.id, 'reject');
    const seen = (await api.list(reader, id)).json().data[0];
    expect(seen).toMatchObject({ reject_count: 1, user_vote: null });
    expect(JSON.stringify(seen)).not.toContain(`"user_id"`);
    expect((await api.list(voter, id)).json().data[0].user_vote).toBe('reject');
  });
});

describe('lists', () => {
  it('lists a user’s own proposals with the ID, and refuses another user’s', async () => {
    const [author, other] = await crowd(app, 2);
    if (!author || !other) throw new Error('crowd');
    const id = await freshId(app);
    const p = await proposed(author, id, { artist: 'Mine', title: 'Only' });
    const mine = await app.inject({
      method: 'GET',
      url: `/api/users/${author.id}/identifications`,
      headers: author.headers,
    });
    expect(mine.json()).toMatchObject({ data: [{ id: p.id, id_track: { id } }], pagination: { total: 1 } });
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/users/${author.id}/identifications`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('finds a waiting ID by its artist in the list of IDs', async () => {
    const [a] = await crowd(app, 1);
    if (!a) throw new Error('crowd');
    const id = await freshId(app);
    const { artist } = (await api.track(a, id)).json() as { artist: string };
    await refreshCatalogue(app);
    const url = `/api/ids?search=${encodeURIComponent(artist)}`;
    const found = (await app.inject({ method: 'GET', url, headers: a.headers })).json();
    expect(found.data.map((t: { id: number }) => t.id)).toEqual([id]);
    expect(found.pagination.total).toBe(1);
  });

  it('lists the IDs waiting to be named, most watched first, without named ones', async () => {
    const [a, b, c] = await crowd(app, 3);
    if (!a || !b || !c) throw new Error('crowd');
    const popular = await freshId(app);
    for (const u of [a, b, c]) await api.watch(u, popular);
    const get = (query: string) => app.inject({ method: 'GET', url: `/api/ids${query}`, headers: a.headers });
    const response = await get('?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.data[0].id).toBe(popular);
    const waiting = await ids(
      app,
      `select id from tracks t where mix_type = 'ID' and not exists (select 1 from id_releases r where r.id_track_id = t.id)
       and not exists (select 1 from identifications i where i.id_track_id = t.id and i.status = 'accepted')`,
    );
    expect(page.pagination.total).toBe(waiting.length);
    for (const item of page.data) expect(['unidentified', 'proposed']).toContain(item.identification.status);
    const mine = (await get('?followed_filter=true')).json();
    expect(mine.data.map((t: { id: number }) => t.id)).toEqual([popular]);
    const second = (await get(`?limit=1&offset=1`)).json();
    expect(second.data[0].id).toBe(page.data[1].id);
  });
});
