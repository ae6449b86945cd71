// The landmark index's count of each key's sets, and what a lookup does with it: a key found in more
// sets than the limit is left out, whatever wrote or deleted the postings.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { resetDatabase } from '../../test/database';
import { createSet } from '../../test/factories';
import { query } from '../../test/sql';
import {
  hotKeyLimit,
  lookupLandmarks,
  queueLandmarkSets,
  saveLandmarkFailure,
  saveLandmarks,
} from './landmark-store';
import type { Landmark } from './landmarks/hashes';

let app: FastifyInstance;
/** Keys of these tests: any number a key can be. */
const KEY = 1_000_000;

beforeAll(async () => {
  await resetDatabase();
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  await resetDatabase();
});

/** A set with audio and its landmark row, ready for saveLandmarks. */
async function readableSet(n: number, tracks?: { entries: [number, number][]; trackIds: number[] }) {
  const audioPath = `/media/audio/sets/keys-${n}.mp3`;
  const set = await createSet(app, {
    audioPath,
    durationMs: 300_000,
    ...(tracks ? { tracks: tracks.entries, trackIds: tracks.trackIds } : {}),
  });
  await queueLandmarkSets(app.db);
  return { setId: set.id, audioPath };
}

const landmark = (key: number, t: number): Landmark => ({ key, t, f: 30, span: 20 });
const save = (set: { setId: number; audioPath: string }, landmarks: Landmark[]) =>
  saveLandmarks(app.db, set, { peaks: [{ t: 1, f: 30, m: -20 }], landmarks, seconds: 300 });

async function setsOf(key: number): Promise<number | undefined> {
  const rows = await query<{ sets: number }>(app, sql`select sets from landmark_keys where key = ${key}`);
  return rows[0]?.sets;
}

describe('the count of sets per key', () => {
  it('counts a set once per key, however often the key repeats in it and across its statements', async () => {
    const key = KEY + 11;
    const other = KEY + 12;
    const a = await readableSet(1);
    const b = await readableSet(2);
    // 5,000 landmarks go in three statements; the key is in the first and the last
    await save(a, [
      landmark(key, 0),
      ...Array.from({ length: 4998 }, (_, i) => landmark(other, i + 1)),
      landmark(key, 5000),
    ]);
    // a key in one set has no row
    expect(await setsOf(key)).toBeUndefined();
    await save(b, [landmark(key, 3)]);
    expect(await setsOf(key)).toBe(2);
    expect(await setsOf(other)).toBeUndefined();
  });

  it('takes a set away when it is read again, fails, or is deleted', async () => {
    const key = KEY + 21;
    const [a, b, c] = [await readableSet(1), await readableSet(2), await readableSet(3)];
    const sets = [a, b, c, await readableSet(4)];
    for (const set of sets) await save(set, [landmark(key, 5), landmark(key, 9)]);
    expect(await setsOf(key)).toBe(4);
    // read again with other audio: its old postings go, its new ones come
    await save(a, [landmark(KEY + 22, 5)]);
    expect(await setsOf(key)).toBe(3);
    await saveLandmarkFailure(app.db, b, 'the audio could not be decoded');
    expect(await setsOf(key)).toBe(2);
    await query(app, sql`delete from sets where id = ${c.setId}`);
    // one set left: no row, until a second set holds the key again
    expect(await setsOf(key)).toBeUndefined();
    await save(a, [landmark(key, 7)]);
    expect(await setsOf(key)).toBe(2);
    expect(await lookupLandmarks(app.db, [key], [])).toHaveLength(3);
  });
});

describe('a lookup', () => {
  it('leaves out a key found in more sets than the limit, and reads one found in as many', async () => {
    const limit = await hotKeyLimit(app.db);
    expect(limit).toBe(64);
    const common = KEY + 31;
    const rarer = KEY + 32;
    const lonely = KEY + 33;
    for (let n = 0; n <= limit; n++) {
      const set = await readableSet(n);
      await save(
        set,
        n < limit ? [landmark(common, n), landmark(rarer, n)] : [landmark(common, n), landmark(lonely, n)],
      );
    }
    expect(await setsOf(common)).toBe(limit + 1);
    const found = await lookupLandmarks(app.db, [common, rarer, lonely], []);
    expect(found.filter((p) => p.key === common)).toHaveLength(0);
    expect(found.filter((p) => p.key === rarer)).toHaveLength(limit);
    // a key one set holds has no row, and is read
    expect(await setsOf(lonely)).toBeUndefined();
    expect(found.filter((p) => p.key === lonely)).toHaveLength(1);
  });
});
