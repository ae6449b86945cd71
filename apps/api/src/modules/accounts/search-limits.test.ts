// The search limit held in an instance's memory and reconciled through the database: the window's
// arithmetic on a clock the test moves, and two instances (two SearchLimits on one database) learning
// each other's hits when they merge.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { FIRST_MERGE_MS, SEARCH_BUCKET, SearchLimits, SYNC_MS } from './search-limits';

let database: Database;
beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
});

/** A clock the test sets: epoch milliseconds. */
function clock(start = Date.UTC(2026, 11, 2, 12)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const limit = { max: 3, windowS: 60 };
let nextKey = 1;
const listener = () => `listener-${nextKey++}`;

async function rowOf(key: string): Promise<number[] | undefined> {
  const { rows } = await database.executeSql(
    `select hits from rate_limit_counters where bucket = $1 and key = $2`,
    [SEARCH_BUCKET, key],
  );
  const hits = (rows as { hits: Date[] }[])[0]?.hits;
  if (hits === undefined) return undefined;
  return (Array.isArray(hits) ? hits : []).map((t) => new Date(t).getTime());
}

describe('one instance', () => {
  it('lets max searches through in a window, refuses the next with the wait until the oldest leaves it', () => {
    const time = clock();
    const limits = new SearchLimits(database.db, time.now);
    const key = listener();
    expect(limits.take(key, limit)).toBeUndefined();
    time.advance(10_000);
    expect(limits.take(key, limit)).toBeUndefined();
    expect(limits.take(key, limit)).toBeUndefined();
    time.advance(5_000);
    // the first of the three was 15 s ago: 45 s until it leaves the window
    expect(limits.take(key, limit)).toEqual({ waitS: 45 });
    // a refused search is not counted: once the first leaves the window, one more goes through
    time.advance(45_000);
    expect(limits.take(key, limit)).toBeUndefined();
    expect(limits.take(key, limit)?.waitS).toBe(10);
    // another listener is not held back
    expect(limits.take(listener(), limit)).toBeUndefined();
  });

  it('answers a burst of one listener at once, refusing past the limit without the database', async () => {
    const limits = new SearchLimits(database.db);
    const key = listener();
    const answers = Array.from({ length: 200 }, () => limits.take(key, { max: 120, windowS: 60 }));
    expect(answers.filter((a) => a === undefined)).toHaveLength(120);
    expect(answers.filter((a) => a !== undefined)).toHaveLength(80);
    expect(await rowOf(key)).toBeUndefined();
    await limits.close();
    expect(await rowOf(key)).toHaveLength(120);
  });

  it('merges the hits it counted into the database and keeps counting them after', async () => {
    const time = clock();
    const limits = new SearchLimits(database.db, time.now);
    const key = listener();
    limits.take(key, limit);
    time.advance(1000);
    limits.take(key, limit);
    await limits.merge();
    expect(await rowOf(key)).toEqual([time.now() - 1000, time.now()]);
    expect(limits.take(key, limit)).toBeUndefined();
    expect(limits.take(key, limit)?.waitS).toBe(59);
  });

  it("merges by itself soon after a listener's first search, then about once a second", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const limits = new SearchLimits(database.db);
      const key = listener();
      limits.take(key, limit);
      vi.advanceTimersByTime(FIRST_MERGE_MS - 1);
      expect(await rowOf(key)).toBeUndefined();
      vi.advanceTimersByTime(1);
      await vi.waitFor(async () => expect(await rowOf(key)).toHaveLength(1));
      limits.take(key, limit);
      vi.advanceTimersByTime(SYNC_MS - 1);
      expect(await rowOf(key)).toHaveLength(1);
      vi.advanceTimersByTime(1);
      await vi.waitFor(async () => expect(await rowOf(key)).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets a listener once none of their hits is within the window', async () => {
    const time = clock();
    const limits = new SearchLimits(database.db, time.now);
    const key = listener();
    limits.take(key, limit);
    await limits.merge();
    expect(limits.size).toBe(1);
    time.advance(60_001);
    await limits.merge();
    expect(limits.size).toBe(0);
  });
});

/** Two instances' limits on the one test database, on one clock. */
function twoInstances() {
  const time = clock();
  return {
    time,
    first: new SearchLimits(database.db, time.now),
    second: new SearchLimits(database.db, time.now),
  };
}

describe('two instances on one database', () => {
  it("count each other's hits once both have merged", async () => {
    const { time, first, second } = twoInstances();
    const key = listener();
    expect(first.take(key, limit)).toBeUndefined();
    time.advance(1);
    expect(first.take(key, limit)).toBeUndefined();
    time.advance(1);
    await first.merge();
    // the second learns the first's two hits with its own first merge
    expect(second.take(key, limit)).toBeUndefined();
    await second.merge();
    expect(second.take(key, limit)).toBeDefined();
    expect(await rowOf(key)).toHaveLength(3);
    // and the first learns the second's at its next merge
    expect(first.take(key, limit)).toBeUndefined();
    await first.merge();
    expect(first.take(key, limit)).toBeDefined();
    // the row keeps only the latest max hits
    expect(await rowOf(key)).toHaveLength(3);
  });

  it("refresh a listener near their limit from the other's hits without counting a new one", async () => {
    const { first, second } = twoInstances();
    const key = listener();
    const five = { max: 5, windowS: 60 };
    for (let i = 0; i < 3; i++) expect(first.take(key, five)).toBeUndefined();
    await first.merge();
    for (let i = 0; i < 2; i++) expect(second.take(key, five)).toBeUndefined();
    await second.merge();
    // the first counted nothing new, but three of five is near the limit: it reads the row again
    await first.merge();
    expect(first.take(key, five)).toBeDefined();
    expect(await rowOf(key)).toHaveLength(5);
  });

  it('lose no hit when both merge the same listeners at once, in either order', async () => {
    const { time, first, second } = twoInstances();
    const keys = [listener(), listener(), listener()];
    const wide = { max: 50, windowS: 60 };
    for (let i = 0; i < 10; i++) {
      time.advance(1);
      for (const key of keys) first.take(key, wide);
      time.advance(1);
      for (const key of [...keys].reverse()) second.take(key, wide);
    }
    await Promise.all([first.merge(), second.merge()]);
    for (const key of keys) expect(await rowOf(key)).toHaveLength(20);
  });

  it('keep the hits of a merge that failed for the next one', async () => {
    const time = clock();
    // the database goes away, then comes back
    let down = true;
    const flaky = new Proxy(database.db, {
      get: (target, name) =>
        name === 'execute' && down
          ? () => Promise.reject(new Error('connection refused'))
          : Reflect.get(target, name),
    });
    const limits = new SearchLimits(flaky, time.now);
    const key = listener();
    limits.take(key, limit);
    limits.take(key, limit);
    await expect(limits.merge()).rejects.toThrow('connection refused');
    // still counted here
    limits.take(key, limit);
    expect(limits.take(key, limit)).toBeDefined();
    down = false;
    await limits.merge();
    expect(await rowOf(key)).toHaveLength(3);
  });
});
