// Votes cast at once through two API instances on one PostgreSQL server (CI's PostgreSQL pass runs
// *.server-test.ts files): a proposal is decided once, every watcher is told once, the ID is released
// once, and a stream open on the other instance hears it (LISTEN/NOTIFY).
import type { NotificationEvent } from '@cratedig/contract/live-events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrowdUser, crowd } from '../../test/crowd';
import { calls, freshId, freshTrack, SETUP_TIMEOUT_MS, setUpIdCatalogue } from '../../test/identifications';
import { openTwoInstances, type TwoInstances, tally } from '../../test/two-instances';
import { openSse } from '../live/sse-reader';

// a token works on either instance, as it would behind a load balancer
let instances: TwoInstances | undefined;
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  instances = await openTwoInstances();
  ({ first, second } = instances);
  await setUpIdCatalogue(first);
}, SETUP_TIMEOUT_MS);
afterAll(() => instances?.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await first.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

const either = (i: number) => (i % 2 === 0 ? first : second);

describe('votes at once through two instances', () => {
  it('decide once, notify each watcher once, release once, and reach a stream on the other instance', async () => {
    const users = await crowd(first, 14);
    const [author, ...rest] = users as [CrowdUser, ...CrowdUser[]];
    const watchers = rest.slice(0, 4);
    const voters = rest.slice(4);
    const id = await freshId(first);
    const track = await freshTrack(first);
    const api = calls(first);
    for (const w of watchers) await api.watch(w, id);
    const proposal = (await api.propose(author, id, { track_meta_id: track })).json();

    const base = await second.listen({ port: 0, host: '127.0.0.1' });
    const ticket = (
      await second.inject({ method: 'POST', url: '/api/events/ticket', headers: watchers[0]?.headers })
    ).json().ticket;
    const stream = await openSse(`${base}/api/events?ticket=${ticket}&tracks=${id}`);
    await stream.next('ready');

    const codes = await Promise.all(
      voters.map((v, i) =>
        calls(either(i))
          .vote(v, proposal.id, 'confirm')
          .then((r) => r.statusCode),
      ),
    );
    expect(tally(codes)).toEqual({ 200: 3, 409: voters.length - 3 });

    expect(await count(sql`select count(*)::int as n from id_releases where id_track_id = ${id}`)).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from identifications where id = ${proposal.id} and status = 'accepted'`,
      ),
    ).toBe(1);
    for (const w of watchers) {
      expect(
        await count(
          sql`select count(*)::int as n from notifications where user_id = ${w.id} and id_track_id = ${id} and kind = 'release'`,
        ),
      ).toBe(1);
    }
    expect(
      await count(
        sql`select count(*)::int as n from notifications where user_id = ${author.id} and kind = 'proposal_accepted'`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from users where id = ${author.id} and identifications_accepted = 1`,
      ),
    ).toBe(1);

    const heard = await stream.next(
      'notification',
      (d) => (d as NotificationEvent).notification.kind === 'release',
    );
    expect((heard.data as NotificationEvent).notification.release?.track_meta.id).toBe(track);
    stream.close();
  });

  it('accept only one of two proposals that reach +3 at the same moment', async () => {
    const users = await crowd(first, 8);
    const [a, b, ...voters] = users as [CrowdUser, CrowdUser, ...CrowdUser[]];
    const id = await freshId(first);
    const api = calls(first);
    const pa = (await api.propose(a, id, { artist: 'Race', title: 'One' })).json();
    const pb = (await api.propose(b, id, { artist: 'Race', title: 'Two' })).json();
    const [v1, v2, v3, v4] = voters;
    if (!v1 || !v2 || !v3 || !v4) throw new Error('crowd');
    for (const v of [v1, v2]) {
      await api.vote(v, pa.id, 'confirm');
      await api.vote(v, pb.id, 'confirm');
    }
    const codes = await Promise.all([
      calls(first).vote(v3, pa.id, 'confirm'),
      calls(second).vote(v4, pb.id, 'confirm'),
    ]);
    expect(codes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await count(
        sql`select count(*)::int as n from identifications where id_track_id = ${id} and status = 'accepted'`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from identifications where id_track_id = ${id} and status = 'rejected'`,
      ),
    ).toBe(1);
  });
});
