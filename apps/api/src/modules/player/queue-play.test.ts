// Playing a set keeps the queue in step with what plays: the set becomes the current item right after
// the one that was playing (inserted, or moved from elsewhere in the queue), 'played' marks exactly
// the items before it, and the end of the set advances to the item that followed what was playing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { createSet } from '../../test/factories';

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

type Method = 'GET' | 'POST' | 'PUT';
const call = (who: SignedInUser, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

interface Item {
  set_meta_id: number;
  order: number;
  is_current: boolean;
  played: boolean;
}

/** The queue as [set, current, played] rows, in order. */
async function queueOf(who: SignedInUser): Promise<[number, boolean, boolean][]> {
  const items = (await call(who, 'GET', '/api/queue')).json() as Item[];
  items.forEach((item, index) => {
    expect(item.order).toBe(index + 1);
  });
  return items.map((item) => [item.set_meta_id, item.is_current, item.played]);
}

async function queueSets(who: SignedInUser, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const { id } = await createSet(app);
    expect(
      (await call(who, 'POST', '/api/queue', { user_id: who.user.id, set_meta_id: id })).statusCode,
    ).toBe(200);
    ids.push(id);
  }
  return ids;
}

const playSet = (who: SignedInUser, setId: number) =>
  call(who, 'PUT', '/api/queue/new-current', { user_id: who.user.id, set_meta_id: setId, is_current: true });

describe('playing a set keeps the queue in step', () => {
  it('a set not queued is inserted right after the playing item and becomes current', async () => {
    const me = await createUserWithToken(app);
    const [a, b, c] = (await queueSets(me, 3)) as [number, number, number];
    await playSet(me, a);
    const other = (await createSet(app)).id;
    const played = await playSet(me, other);
    expect(played.statusCode).toBe(200);
    // the answer is the queue as it now is, the played set in it, current
    const answered = played.json() as {
      set_meta_id: number;
      order: number;
      is_current: boolean;
      played: boolean;
    }[];
    expect(answered.find((item) => item.set_meta_id === other)).toMatchObject({
      order: 2,
      is_current: true,
      played: false,
    });
    expect(answered.map((item) => [item.set_meta_id, item.is_current, item.played])).toEqual(
      await queueOf(me),
    );
    expect(await queueOf(me)).toEqual([
      [a, false, true],
      [other, true, false],
      [b, false, false],
      [c, false, false],
    ]);
    // When it ends, the set that followed the one playing before comes next, from its start.
    const next = await call(me, 'PUT', '/api/queue/next');
    expect(next.json()).toMatchObject({ set_meta_id: b, is_current: true });
  });

  it('with nothing current, a played set goes first and the queue follows it', async () => {
    const me = await createUserWithToken(app);
    const [a, b] = (await queueSets(me, 2)) as [number, number];
    const other = (await createSet(app)).id;
    await playSet(me, other);
    expect(await queueOf(me)).toEqual([
      [other, true, false],
      [a, false, false],
      [b, false, false],
    ]);
    expect((await playSet(me, 999_999)).statusCode).toBe(404);
  });

  it('playing a later queued item moves it up, so the items skipped are not marked played', async () => {
    const me = await createUserWithToken(app);
    const [a, b, c, d] = (await queueSets(me, 4)) as [number, number, number, number];
    await playSet(me, a);
    await playSet(me, d);
    expect(await queueOf(me)).toEqual([
      [a, false, true],
      [d, true, false],
      [b, false, false],
      [c, false, false],
    ]);
    expect((await call(me, 'PUT', '/api/queue/next')).json()).toMatchObject({ set_meta_id: b });
  });

  it('replaying an earlier item moves it after the one playing; the current one stays put', async () => {
    const me = await createUserWithToken(app);
    const [a, b, c] = (await queueSets(me, 3)) as [number, number, number];
    await playSet(me, a);
    await call(me, 'PUT', '/api/queue/next');
    expect(await queueOf(me)).toEqual([
      [a, false, true],
      [b, true, false],
      [c, false, false],
    ]);
    await playSet(me, a);
    expect(await queueOf(me)).toEqual([
      [b, false, true],
      [a, true, false],
      [c, false, false],
    ]);
    const again = await playSet(me, a);
    expect((again.json() as { set_meta_id: number }[]).find((item) => item.set_meta_id === a)).toMatchObject({
      order: 2,
      is_current: true,
    });
    expect(await queueOf(me)).toEqual([
      [b, false, true],
      [a, true, false],
      [c, false, false],
    ]);
  });

  it('the end of the last set answers 204 and keeps it current; another user_id is refused', async () => {
    const [me, other] = [await createUserWithToken(app), await createUserWithToken(app)];
    const [a] = (await queueSets(me, 1)) as [number];
    await playSet(me, a);
    expect((await call(me, 'PUT', '/api/queue/next')).statusCode).toBe(204);
    expect(await queueOf(me)).toEqual([[a, true, false]]);
    const foreign = await call(other, 'PUT', '/api/queue/new-current', {
      user_id: me.user.id,
      set_meta_id: a,
      is_current: true,
    });
    expect(foreign.statusCode).toBe(403);
    expect(await queueOf(other)).toEqual([]);
  });
});
