// A published set leaving Cratedig, as its owner deletes it or the operator takes it down, while
// another listener had it everywhere: liked, queued, played, commented, a moment liked, its ID
// watched and suggested. Afterwards nobody gets a 500: the set's page is not found, lists, search,
// their queue and notifications answer without it, the counts are as a full refresh makes them, and
// the takedown tells the owner why (list, unread count, live event, digest).
import { TAKEDOWN_TITLE } from '@cratedig/contract/publish-api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { takedownCommand } from '../../cli/commands/takedown';
import type { MailMessage } from '../../lib/mailer';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { runCommand } from '../../test/commands';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { createSet, refreshCatalogue } from '../../test/factories';
import { catalogueFingerprint } from '../../test/import-fixtures';
import { likeMoment } from '../../test/player';
import { detailsOf, ownerCalls, readyDraft } from '../../test/publish';
import { query } from '../../test/sql';
import { runDueDigests } from '../notifications/digest-service';
import { notificationPayload } from '../notifications/service';

let app: FastifyInstance;
let dj: SignedInUser;
let fan: SignedInUser;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
  dj = await createUserWithToken(app);
  fan = await createUserWithToken(app);
});

const TRACKLIST = ['[0:00] Bicep - Glue', '[2:00] ID - ID', '[4:00] Ben Bohmer - Beyond Beliefs'].join('\n');

const as =
  (user: SignedInUser) => async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    await app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

/** A published set of the DJ that the fan took in every way a listener can. */
async function publishedAndLoved(): Promise<{ id: string; setId: number; idTrackId: number }> {
  const id = await readyDraft(app, dj, { details: detailsOf({ tracklist: TRACKLIST }) });
  const setId = await ownerCalls(app, dj).published(id);
  const [idTrack] = await query<{ id: number }>(
    app,
    sql`select t.id from set_tracks st join tracks t on t.id = st.track_id where st.set_id = ${setId} and t.mix_type = 'ID'`,
  );
  const idTrackId = idTrack?.id as number;
  const fanDoes = as(fan);
  const ok = (status: number) => expect([200, 201, 204]).toContain(status);
  ok((await fanDoes('PUT', `/api/favs/set/${setId}`)).statusCode);
  ok((await fanDoes('POST', '/api/queue', { user_id: fan.user.id, set_meta_id: setId })).statusCode);
  ok((await fanDoes('PUT', '/api/plays', { set_meta_id: setId, current_timestamp: 42 })).statusCode);
  ok(
    (await fanDoes('POST', '/api/posts', { text: 'What a set', set_meta_id: setId, set_timestamp: 30 }))
      .statusCode,
  );
  ok((await likeMoment(app, fan, setId, 10)).statusCode);
  ok((await fanDoes('PUT', `/api/favs/track/${idTrackId}/likes-toggle`)).statusCode);
  // the DJ watches their own ID: the fan's suggestion notifies them
  ok((await as(dj)('PUT', `/api/favs/track/${idTrackId}/likes-toggle`)).statusCode);
  const proposed = await fanDoes('POST', `/api/tracks/${idTrackId}/identifications`, {
    artist: 'Someone',
    title: 'Something',
  });
  ok(proposed.statusCode);
  // and the DJ's own suggestion tells the fan, who watches the ID too
  ok(
    (await as(dj)('POST', `/api/tracks/${idTrackId}/identifications`, { artist: 'Other', title: 'Thing' }))
      .statusCode,
  );
  expect((await as(fan)('GET', '/api/notifications')).json().data).toHaveLength(1);
  return { id, setId, idTrackId };
}

/** Everything a listener reads about the catalogue and their own library answers without a 5xx. */
async function nobodyGets500(setId: number): Promise<void> {
  for (const user of [fan, dj]) {
    for (const url of [
      '/api/sets',
      '/api/sets/favs',
      '/api/tracks',
      '/api/artists',
      '/api/queue',
      '/api/notifications',
      '/api/notifications/unread-count',
      '/api/plays/continue',
      '/api/plays/last',
      '/api/search?s=Sunrise',
      '/api/search?s=Bicep',
      '/api/featured/sets',
      `/api/users/${fan.user.id}/sets`,
    ]) {
      const res = await as(user)('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
    const page = await as(user)('GET', `/api/sets/${setId}`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 404 });
    for (const url of [`/api/sets/${setId}/posts`, `/api/sets/${setId}/heat`]) {
      const res = await as(user)('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  }
  // the fan's notification about the set's ID went with it
  expect((await as(fan)('GET', '/api/notifications')).json().data).toEqual([]);
  expect((await as(fan)('GET', '/api/notifications/unread-count')).json()).toEqual({ unread: 0 });
  const queue = (await as(fan)('GET', '/api/queue')).json() as { set_meta: { id: number } }[];
  expect(queue.map((q) => q.set_meta.id)).not.toContain(setId);
  const sets = JSON.stringify((await as(fan)('GET', '/api/sets')).json());
  expect(sets).not.toContain('Sunrise at the Lake');
}

/** The maintained tables equal what a full refresh makes of the rows left (search_words only grows). */
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

/** Rows left anywhere that name the set or its ID. */
async function leftovers(setId: number, idTrackId: number): Promise<Record<string, number>> {
  const tables = await query<{ table_name: string; column_name: string }>(
    app,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('set_id', 'set_meta_id', 'track_id', 'id_track_id', 'found_in_set_id', 'other_set_id')
          and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`,
  );
  const out: Record<string, number> = {};
  for (const { table_name, column_name } of tables) {
    const id = column_name.includes('track') ? idTrackId : setId;
    const [row] = await query<{ n: number }>(
      app,
      sql.raw(`select count(*)::int as n from "${table_name}" where "${column_name}" = ${id}`),
    );
    if (row && row.n > 0 && table_name !== 'live_events') out[`${table_name}.${column_name}`] = row.n;
  }
  return out;
}

describe('deleting a published set another listener loved', () => {
  it('removes it with everything about it, its media too; nobody gets a 500', async () => {
    const other = await createSet(app, { name: 'Another set', tracks: [[0, 60]] });
    await refreshCatalogue(app);
    const { id, setId, idTrackId } = await publishedAndLoved();
    // searched before (its answer kept), not found after
    const search = async () => JSON.stringify((await as(fan)('GET', '/api/search?s=Sunrise')).json());
    expect(await search()).toContain('Sunrise at the Lake');
    const removed = await ownerCalls(app, dj).remove(id);
    expect(removed.status).toBe(204);
    expect(await leftovers(setId, idTrackId)).toEqual({});
    // the ID only this set played went with it; the released tracks it brought stay in the catalogue
    expect(await query(app, sql`select id from tracks where id = ${idTrackId}`)).toEqual([]);
    expect((await query(app, sql`select title from tracks where title = 'Glue'`)).length).toBe(1);
    expect(await app.media.head(`audio/sets/published/${id}.mp3`)).toBeUndefined();
    expect((await ownerCalls(app, dj).detail(id)).status).toBe(404);
    expect(await search()).not.toContain('Sunrise at the Lake');
    await nobodyGets500(setId);
    expect((await as(fan)('GET', `/api/sets/${other.id}`)).statusCode).toBe(200);
    await expectMaintained();
  });
});

describe('unpublishing a set another listener loved', () => {
  it('removes the public set as a deletion does, the draft and its media kept', async () => {
    const { id, setId, idTrackId } = await publishedAndLoved();
    expect((await ownerCalls(app, dj).unpublish(id)).status).toBe(200);
    expect(await leftovers(setId, idTrackId)).toEqual({});
    expect(await app.media.head(`audio/sets/published/${id}.mp3`)).toBeDefined();
    await nobodyGets500(setId);
    await expectMaintained();
  });
});

describe('cratedig takedown', () => {
  const takedown = async (args: string[]) =>
    await runCommand(takedownCommand, await getTestDatabase(), app.config, args, process.cwd());

  it('takes the set down, keeps the media, marks the draft and tells its owner everywhere', async () => {
    const { id, setId, idTrackId } = await publishedAndLoved();
    // the fan's suggestion for the DJ's ID told them
    expect((await as(dj)('GET', '/api/notifications/unread-count')).json().unread).toBe(1);
    const run = await takedown([String(setId), '--reason', 'Copyright claim by the label']);
    expect(run.code, run.err.join('\n')).toBe(0);
    expect(run.out.join('\n')).toContain(`took down set ${setId}`);
    expect(await leftovers(setId, idTrackId)).toEqual({});
    await nobodyGets500(setId);
    await expectMaintained();
    expect(await app.media.head(`audio/sets/published/${id}.mp3`)).toBeDefined();

    const mine = await ownerCalls(app, dj).detail(id);
    expect(mine.body).toMatchObject({
      state: 'taken_down',
      reason: 'Copyright claim by the label',
      set_id: null,
    });
    // the list, the unread count: the ID's notification went with the set, the takedown's came
    const list = (await as(dj)('GET', '/api/notifications')).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      kind: 'takedown',
      is_read: false,
      id_track: null,
      release: null,
      proposal: null,
      upload: { id, set_name: 'Sunrise at the Lake', reason: 'Copyright claim by the label' },
    });
    expect((await as(dj)('GET', '/api/notifications/unread-count')).json().unread).toBe(1);
    expect(
      (await as(dj)('GET', '/api/notifications?search=Sunrise'))
        .json()
        .data.map((n: { kind: string }) => n.kind),
    ).toEqual(['takedown']);
    // the live event, read as the stream reads it
    const [event] = await query<{ type: string; user_id: number; data: { notification_id: number } }>(
      app,
      sql`select type, user_id, data from live_events where type = 'notification' and user_id = ${dj.user.id}
          order by id desc limit 1`,
    );
    expect(event).toMatchObject({
      type: 'notification',
      user_id: dj.user.id,
      data: { notification_id: list.data[0].id },
    });
    expect(await notificationPayload(app.db, list.data[0].id)).toMatchObject({
      notification: { kind: 'takedown', upload: { id } },
      unread: 1,
    });
    // the digest: the e-mail says it, in its text and its HTML
    await app.db.execute(sql`
      update users set notification_preferences_enabled = true, notification_timeframe = 'daily'
      where id = ${dj.user.id}`);
    const sent: MailMessage[] = [];
    await runDueDigests(
      { db: app.db, config: app.config },
      { now: new Date(Date.now() + 2 * 86_400_000), mailer: { send: async (m) => void sent.push(m) } },
    );
    const mail = sent.find((m) => m.to === dj.user.email);
    const sentence = `${TAKEDOWN_TITLE}: Sunrise at the Lake. Reason: Copyright claim by the label`;
    expect(mail?.text).toContain(sentence);
    expect(mail?.html).toContain('Copyright claim by the label');
    // a taken-down set can be neither published nor changed; its owner may delete it
    expect((await ownerCalls(app, dj).publish(id)).status).toBe(409);
    expect((await ownerCalls(app, dj).details(id, detailsOf())).status).toBe(409);
    expect((await ownerCalls(app, dj).remove(id)).status).toBe(204);
    expect(
      (await as(dj)('GET', '/api/notifications')).json().data.map((n: { kind: string }) => n.kind),
    ).not.toContain('takedown');
  });

  it('refuses an imported set, an unknown set and a missing reason, changing nothing', async () => {
    const imported = await createSet(app, { name: 'Imported' });
    const refused = await takedown([String(imported.id), '--reason', 'x']);
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toMatch(/imported, not published by a DJ: it has no owner/);
    expect((await takedown(['999999', '--reason', 'x'])).err.join('\n')).toMatch(/there is no set 999999/);
    const { setId } = await publishedAndLoved();
    const noReason = await takedown([String(setId)]);
    expect(noReason.code).toBe(2);
    expect(noReason.err.join('\n')).toMatch(/--reason is required/);
    expect((await takedown([String(setId), '--reason', '  '])).code).toBe(2);
    expect((await as(fan)('GET', `/api/sets/${setId}`)).statusCode).toBe(200);
    expect((await as(fan)('GET', `/api/sets/${imported.id}`)).statusCode).toBe(200);
  });
});
