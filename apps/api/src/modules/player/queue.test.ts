// The queue (docs/player.md Queue item, Queue): order 1..n without gaps and at most
// one current item after any sequence of calls, concurrent ones included; another user's items are
// out of reach.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { createSet, prng } from '../../test/factories';
import { query } from '../../test/sql';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedInUser, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

interface Item {
  id: number;
  set_meta_id: number;
  order: number;
  is_current: boolean;
  played: boolean;
}

async function queueOf(who: SignedInUser): Promise<Item[]> {
  const response = await call(who, 'GET', '/api/queue');
  expect(response.statusCode).toBe(200);
  return response.json() as Item[];
}

/** The invariants, read from the table itself (not only through the API). */
async function expectInvariants(userId: number): Promise<void> {
  const rows = await query<{ order: number; is_current: boolean }>(
    app,
    sql`select "order", is_current from queue_items where user_id = ${userId} order by "order"`,
  );
  expect(rows.map((row) => row.order)).toEqual(rows.map((_, index) => index + 1));
  expect(rows.filter((row) => row.is_current).length).toBeLessThanOrEqual(1);
}

async function addSets(who: SignedInUser, setIds: number[]): Promise<void> {
  for (const setId of setIds) {
    const response = await call(who, 'POST', '/api/queue', { user_id: who.user.id, set_meta_id: setId });
    expect(response.statusCode).toBe(200);
  }
}

describe('queue calls', () => {
  it('appends sets in order with their set_meta; a set already queued answers 404 with the spec text', async () => {
    const me = await createUserWithToken(app);
    const [a, b] = [await createSet(app, { name: 'Opening' }), await createSet(app, { name: 'Closing' })];
    const first = await call(me, 'POST', '/api/queue', { user_id: me.user.id, set_meta_id: a.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      user_id: me.user.id,
      set_meta_id: a.id,
      order: 1,
      is_current: false,
      played: false,
      set_meta: { id: a.id, set_name: 'Opening' },
    });
    await addSets(me, [b.id]);
    const again = await call(me, 'POST', '/api/queue', { user_id: me.user.id, set_meta_id: a.id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 404, message: 'This set is already in the queue.' });
    expect((await queueOf(me)).map((item) => [item.set_meta_id, item.order])).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
    const missing = await call(me, 'POST', '/api/queue', { user_id: me.user.id, set_meta_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Set not found.');
  });

  it('moves an item (the others shift), marks it current, and derives played from the current one', async () => {
    const me = await createUserWithToken(app);
    const sets = [await createSet(app), await createSet(app), await createSet(app), await createSet(app)];
    await addSets(
      me,
      sets.map((set) => set.id),
    );
    const [, , third] = await queueOf(me);
    if (!third) throw new Error('queue too short');
    // Move the third item to the front and make it current.
    const moved = await call(me, 'PUT', '/api/queue', {
      id: third.id,
      user_id: me.user.id,
      set_meta_id: third.set_meta_id,
      order: 1,
      is_current: true,
    });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Item[]).map((item) => item.set_meta_id)).toEqual([
      sets[2]?.id,
      sets[0]?.id,
      sets[1]?.id,
      sets[3]?.id,
    ]);
    // Then to the end, past n: it becomes last.
    const last = await call(me, 'PUT', '/api/queue', {
      id: third.id,
      user_id: me.user.id,
      set_meta_id: third.set_meta_id,
      order: 99,
      is_current: true,
    });
    const queue = last.json() as Item[];
    expect(queue.map((item) => [item.set_meta_id, item.order, item.is_current, item.played])).toEqual([
      [sets[0]?.id, 1, false, true],
      [sets[1]?.id, 2, false, true],
      [sets[3]?.id, 3, false, true],
      [sets[2]?.id, 4, true, false],
    ]);
  });

  it('new-current and next step through the queue; next answers 204 at the end', async () => {
    const me = await createUserWithToken(app);
    const [a, b] = [await createSet(app), await createSet(app)];
    await addSets(me, [a.id, b.id]);
    // No current item yet: next starts the first.
    const started = await call(me, 'PUT', '/api/queue/next');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ set_meta_id: a.id, is_current: true, played: false });
    const advanced = await call(me, 'PUT', '/api/queue/next');
    expect(advanced.json()).toMatchObject({ set_meta_id: b.id, is_current: true });
    const end = await call(me, 'PUT', '/api/queue/next');
    expect(end.statusCode).toBe(204);
    expect(end.body).toBe('');
    const current = await call(me, 'PUT', '/api/queue/new-current', {
      user_id: me.user.id,
      set_meta_id: a.id,
      is_current: true,
    });
    expect(current.statusCode).toBe(200);
    // Playing a again puts it after b, which was playing (queue-play.test.ts covers every case); the
    // answer is the queue the next read gives.
    expect((await queueOf(me)).map((item) => [item.set_meta_id, item.is_current])).toEqual([
      [b.id, false],
      [a.id, true],
    ]);
    expect(current.json()).toEqual(await queueOf(me));
    // Un-marking a set that is not queued has nothing to change.
    const notQueued = await call(me, 'PUT', '/api/queue/new-current', {
      user_id: me.user.id,
      set_meta_id: (await createSet(app)).id,
      is_current: false,
    });
    expect(notQueued.statusCode).toBe(404);
  });

  it('deletes one item closing the gap, and clears the queue', async () => {
    const me = await createUserWithToken(app);
    const sets = [await createSet(app), await createSet(app), await createSet(app)];
    await addSets(
      me,
      sets.map((set) => set.id),
    );
    const [, middle] = await queueOf(me);
    const removed = await call(me, 'DELETE', `/api/queue/${middle?.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await queueOf(me)).map((item) => [item.set_meta_id, item.order])).toEqual([
      [sets[0]?.id, 1],
      [sets[2]?.id, 2],
    ]);
    expect((await call(me, 'DELETE', `/api/queue/${middle?.id}`)).statusCode).toBe(404);
    expect((await call(me, 'DELETE', '/api/queue')).statusCode).toBe(204);
    expect(await queueOf(me)).toEqual([]);
  });
});

describe('who may change a queue', () => {
  it("cannot move, delete or make current another user's item, nor act with another user_id", async () => {
    const [owner, other] = [await createUserWithToken(app), await createUserWithToken(app)];
    const [a, b] = [await createSet(app), await createSet(app)];
    await addSets(owner, [a.id, b.id]);
    const before = await queueOf(owner);
    const target = before[0];
    if (!target) throw new Error('queue empty');

    const attempts: LightMyRequestResponse[] = [
      await call(other, 'PUT', '/api/queue', {
        id: target.id,
        user_id: other.user.id,
        set_meta_id: target.set_meta_id,
        order: 2,
        is_current: true,
      }),
      await call(other, 'DELETE', `/api/queue/${target.id}`),
      await call(other, 'PUT', '/api/queue', {
        id: target.id,
        user_id: owner.user.id,
        set_meta_id: target.set_meta_id,
        order: 2,
        is_current: true,
      }),
      await call(other, 'POST', '/api/queue', { user_id: owner.user.id, set_meta_id: a.id }),
      await call(other, 'PUT', '/api/queue/new-current', {
        user_id: owner.user.id,
        set_meta_id: a.id,
        is_current: true,
      }),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 403, 403, 403]);
    expect(await queueOf(owner)).toEqual(before);
    expect(await queueOf(other)).toEqual([]);
  });

  it('answers 401 without a token on every queue call', async () => {
    const calls: [Method, string][] = [
      ['GET', '/api/queue'],
      ['POST', '/api/queue'],
      ['PUT', '/api/queue'],
      ['DELETE', '/api/queue/1'],
      ['DELETE', '/api/queue'],
      ['PUT', '/api/queue/new-current'],
      ['PUT', '/api/queue/next'],
      ['PUT', '/api/plays'],
      ['GET', '/api/set_tracks/play/1'],
      ['POST', '/api/set-likes'],
      ['PUT', '/api/favs/set/1/likes'],
      ['PUT', '/api/favs/track/1/likes'],
    ];
    for (const [method, url] of calls) {
      const response = await app.inject({ method, url, payload: {} });
      expect([method, url, response.statusCode]).toEqual([method, url, 401]);
      expect(response.json()).toMatchObject({ code: 401 });
    }
  });

  it('rejects malformed input with a 4xx in the error shape, never a 500', async () => {
    const me = await createUserWithToken(app);
    const bad: [Method, string, unknown][] = [
      ['POST', '/api/queue', { user_id: 'me', set_meta_id: 1 }],
      ['POST', '/api/queue', { user_id: me.user.id, set_meta_id: 2 ** 40 }],
      ['PUT', '/api/queue', { id: 1, user_id: me.user.id, set_meta_id: 1, order: 0, is_current: true }],
      ['PUT', '/api/queue', { id: 1, user_id: me.user.id, set_meta_id: 1, order: 1.5, is_current: 'yes' }],
      ['DELETE', '/api/queue/abc', undefined],
      ['DELETE', '/api/queue/99999999999', undefined],
      ['PUT', '/api/queue/new-current', []],
      ['PUT', '/api/plays', { set_meta_id: 1, current_timestamp: -1 }],
      ['PUT', '/api/plays', { set_meta_id: 1, current_timestamp: 'NaN' }],
      ['GET', '/api/set_tracks/play/-3', undefined],
      ['POST', '/api/set-likes', { set_meta_id: 1, set_timestamp: 1e300 }],
      ['PUT', '/api/favs/track/0/likes', undefined],
    ];
    for (const [method, url, payload] of bad) {
      const response = await app.inject({
        method,
        url,
        headers: { ...me.headers, 'content-type': 'application/json' },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
      });
      expect([method, url, response.statusCode >= 400 && response.statusCode < 500]).toEqual([
        method,
        url,
        true,
      ]);
      expect(response.json()).toHaveProperty('message');
    }
  });
});

describe('queue invariants under random sequences', () => {
  it('keeps order 1..n and at most one current after every step, sequential and concurrent', async () => {
    const [me, other] = [await createUserWithToken(app), await createUserWithToken(app)];
    const sets: number[] = [];
    for (let index = 0; index < 8; index += 1) sets.push((await createSet(app)).id);
    const random = prng(20240601);
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;

    // One random call of any kind; ids come from the queue as last seen, so some are stale on purpose.
    const randomCall = (who: SignedInUser, seen: Item[]) => {
      const item = seen.length > 0 ? pick(seen) : undefined;
      const roll = random();
      if (roll < 0.3)
        return call(who, 'POST', '/api/queue', { user_id: who.user.id, set_meta_id: pick(sets) });
      if (roll < 0.55 && item) {
        return call(who, 'PUT', '/api/queue', {
          id: item.id,
          user_id: who.user.id,
          set_meta_id: item.set_meta_id,
          order: 1 + Math.floor(random() * (seen.length + 1)),
          is_current: random() < 0.5,
        });
      }
      if (roll < 0.7 && item) return call(who, 'DELETE', `/api/queue/${item.id}`);
      if (roll < 0.82) {
        return call(who, 'PUT', '/api/queue/new-current', {
          user_id: who.user.id,
          set_meta_id: pick(sets),
          is_current: random() < 0.8,
        });
      }
      if (roll < 0.97) return call(who, 'PUT', '/api/queue/next');
      return call(who, 'DELETE', '/api/queue');
    };

    let operations = 0;
    const statuses = new Set<number>();
    for (let step = 0; step < 120; step += 1) {
      const seen = await queueOf(me);
      // Every third step a burst of concurrent calls, as from several tabs (on PGlite they serialise;
      // on PostgreSQL in CI they race for the user's row lock).
      const burst = step % 3 === 0 ? 6 : 1;
      const calls = Array.from({ length: burst }, () => randomCall(me, seen));
      // The other user writes to their own queue at the same time and must not disturb ours.
      if (step % 4 === 0) calls.push(randomCall(other, []));
      const responses = await Promise.all(calls);
      operations += responses.length;
      for (const response of responses) {
        statuses.add(response.statusCode);
        expect([200, 204, 404]).toContain(response.statusCode);
      }
      await expectInvariants(me.user.id);
      await expectInvariants(other.user.id);
      // The API agrees with the table: played is exactly "before the current one".
      const queue = await queueOf(me);
      const current = queue.find((entry) => entry.is_current);
      for (const entry of queue)
        expect(entry.played).toBe(current !== undefined && entry.order < current.order);
    }
    expect(operations).toBeGreaterThan(300);
    expect(statuses).toEqual(new Set([200, 204, 404]));
  });
});
