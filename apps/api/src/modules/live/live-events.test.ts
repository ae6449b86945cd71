// Live events over real HTTP streams: a ticket opens a stream once, the bell hears its new
// notifications, a page showing an ID hears its proposals' counts, and a reconnect catches up.
import type { IdentificationEvent, NotificationEvent } from '@cratedig/contract/live-events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { calls, freshId, SETUP_TIMEOUT_MS, setUpIdCatalogue } from '../../test/identifications';
import { openSse, type SseStream } from './sse-reader';

let app: FastifyInstance;
let base: string;
let api: ReturnType<typeof calls>;
const streams: SseStream[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  await setUpIdCatalogue(app);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  api = calls(app);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await app.close();
});

async function ticket(user: CrowdUser): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/events/ticket', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ticket;
}

async function open(user: CrowdUser, query = ''): Promise<SseStream> {
  const stream = await openSse(`${base}/api/events?ticket=${await ticket(user)}${query}`);
  streams.push(stream);
  return stream;
}

describe('live events', () => {
  it('opens a stream with a ticket once; without a valid ticket it answers 401', async () => {
    const [user] = await crowd(app, 1);
    if (!user) throw new Error('crowd');
    const t = await ticket(user);
    const first = await openSse(`${base}/api/events?ticket=${t}`);
    streams.push(first);
    expect(first.status).toBe(200);
    expect((await first.next('ready')).data).toEqual({ missed: false });
    const again = await openSse(`${base}/api/events?ticket=${t}`);
    expect(again.status).toBe(401);
    again.close();
    const none = await openSse(`${base}/api/events`);
    expect(none.status).toBe(422);
    none.close();
    const noToken = await app.inject({ method: 'POST', url: '/api/events/ticket' });
    expect(noToken.statusCode).toBe(401);
  });

  it('carries a proposal’s counts to a page showing the ID, and the decision to a watcher’s bell', async () => {
    const [watcher, author, v1, v2, v3] = await crowd(app, 5);
    if (!watcher || !author || !v1 || !v2 || !v3) throw new Error('crowd');
    const id = await freshId(app);
    await api.watch(watcher, id);
    const page = await open(watcher, `&tracks=${id}`);
    await page.next('ready');

    const created = (await api.propose(author, id, { artist: 'Live', title: 'Wire' })).json();
    const bell = (await page.next('notification')).data as NotificationEvent;
    expect(bell).toMatchObject({
      notification: { kind: 'proposal_on_watched', id_track: { id } },
      unread: 1,
    });
    const seen = (await page.next('identification', (d) => (d as IdentificationEvent).change === 'created'))
      .data as IdentificationEvent;
    expect(seen).toMatchObject({ id_track_id: id, proposal: { id: created.id, status: 'open' } });
    expect(seen.identification).toMatchObject({ status: 'proposed', open_count: 1 });

    await api.vote(v1, created.id, 'confirm');
    const counted = (await page.next('identification', (d) => (d as IdentificationEvent).change === 'voted'))
      .data as IdentificationEvent;
    expect(counted.proposal).toMatchObject({ confirm_count: 1, reject_count: 0 });
    expect(JSON.stringify(counted)).not.toContain(String(v1.id));

    await api.vote(v2, created.id, 'confirm');
    await api.vote(v3, created.id, 'confirm');
    const decided = await page.next('identification', (d) => (d as IdentificationEvent).change === 'decided');
    expect((decided.data as IdentificationEvent).identification.status).toBe('identified');
    const named = await page.next(
      'notification',
      (d) => (d as NotificationEvent).notification.kind === 'identified',
    );
    expect((named.data as NotificationEvent).unread).toBe(2);
  });

  it('catches a reconnect up from the last event id, without what was already seen', async () => {
    const [watcher, author] = await crowd(app, 2);
    if (!watcher || !author) throw new Error('crowd');
    const id = await freshId(app);
    await api.watch(watcher, id);
    const first = await open(watcher, `&tracks=${id}`);
    const ready = await first.next('ready');
    first.close();
    await api.propose(author, id, { artist: 'While', title: 'Away' });

    const back = await open(watcher, `&tracks=${id}&last_event_id=${ready.id}`);
    expect((await back.next('ready')).data).toEqual({ missed: false });
    await back.next('notification');
    await back.next('identification');
    expect(back.received.map((e) => e.event)).toEqual(['ready', 'notification', 'identification']);
    // from the Last-Event-ID header as an EventSource sends it: nothing new, at most the events it
    // had already (the late-commit window behind the id), which the client skips by id
    const last = back.received[2]?.id ?? '';
    const header = await openSse(`${base}/api/events?ticket=${await ticket(watcher)}&tracks=${id}`, {
      'last-event-id': last,
    });
    streams.push(header);
    expect((await header.next('ready')).id).toBe(last);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const had = new Set(back.received.map((e) => e.id));
    expect(header.received.slice(1).filter((e) => !had.has(e.id))).toEqual([]);
  });

  it('delivers an event whose transaction committed after a later-numbered one, live and on reconnect', async () => {
    const [watcher, author] = await crowd(app, 2);
    if (!watcher || !author) throw new Error('crowd');
    const id = await freshId(app);
    await api.watch(watcher, id);
    // a transaction takes an event id, and commits only after the next events are out
    const result = (await app.db.execute(
      sql`select nextval(pg_get_serial_sequence('live_events', 'id'))::int as id`,
    )) as unknown as { rows: { id: number }[] };
    const lateId = result.rows[0]?.id ?? 0;
    const first = await open(watcher, `&tracks=${id}`);
    await first.next('ready');
    const staying = await open(watcher, `&tracks=${id}`);
    await staying.next('ready');
    await api.propose(author, id, { artist: 'Early', title: 'Bird' });
    const newest = await first.next('identification');
    expect(Number(newest.id)).toBeGreaterThan(lateId);
    first.close();

    await app.db.execute(sql`
      insert into live_events (id, track_id, type, data)
      values (${lateId}, ${id}, 'identification', ${JSON.stringify({ id_track_id: id, change: 'late' })}::jsonb)`);
    const isLate = (d: unknown) => (d as { change?: string }).change === 'late';
    expect((await staying.next('identification', isLate)).id).toBe(String(lateId));

    const back = await open(watcher, `&tracks=${id}&last_event_id=${newest.id}`);
    expect((await back.next('ready')).data).toEqual({ missed: false });
    expect((await back.next('identification', isLate)).id).toBe(String(lateId));
  });

  it('drops a closed stream from the instance', async () => {
    const [user] = await crowd(app, 1);
    if (!user) throw new Error('crowd');
    const before = app.live.connections;
    const stream = await open(user);
    await stream.next('ready');
    expect(app.live.connections).toBe(before + 1);
    stream.close();
    for (let i = 0; i < 50 && app.live.connections > before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(app.live.connections).toBe(before);
  });
});
