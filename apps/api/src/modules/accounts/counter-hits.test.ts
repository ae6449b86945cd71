// The counters that keep their last hits in one row (cd_merge_counter_hits, db/functions/
// 08-rate-limits.sql): each instance of the API sends the search hits it counted since its last merge
// and gets back every instance's, the latest max of them, oldest first.
import { type SQL, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { getTestDatabase, resetDatabase } from '../../test/database';

let database: Database;
beforeEach(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
});

const T = Date.UTC(2026, 11, 2, 12);

/** Merges `times` (seconds after T) per key of bucket 'test', keeping `max`; answers the merged seconds. */
async function merge(
  counters: Record<string, number[]>,
  max = 5,
  bucket = 'test',
): Promise<Record<string, number[]>> {
  const keys = Object.keys(counters);
  const { rows } = await database.executeSql(
    `select counter_key, counter_hits from cd_merge_counter_hits($1, $2::text[], $3::int[], $4::float8[], $5::int[])`,
    [
      bucket,
      keys,
      keys.map((k) => counters[k]?.length ?? 0),
      keys.flatMap((k) => (counters[k] ?? []).map((s) => T + s * 1000)),
      keys.map(() => max),
    ],
  );
  return Object.fromEntries(
    (rows as { counter_key: string; counter_hits: number[] }[]).map((r) => [
      r.counter_key,
      r.counter_hits.map((t) => (Number(t) - T) / 1000),
    ]),
  );
}

describe('merging the hits an instance counted', () => {
  it("adds them to the other instances' and answers every hit, oldest first", async () => {
    expect(await merge({ k: [1, 2] })).toEqual({ k: [1, 2] });
    // another instance's hits, some older than the row's
    expect(await merge({ k: [0, 3] })).toEqual({ k: [0, 1, 2, 3] });
  });

  it('keeps only the latest max', async () => {
    await merge({ k: [1, 2, 3] }, 3);
    expect(await merge({ k: [4, 5] }, 3)).toEqual({ k: [3, 4, 5] });
    const { rows } = await database.executeSql(`select cardinality(hits) as n from rate_limit_counters`);
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('merges several listeners in one statement, each key and each bucket apart', async () => {
    expect(await merge({ a: [1], b: [2, 3] })).toEqual({ a: [1], b: [2, 3] });
    expect(await merge({ a: [4] }, 5, 'other')).toEqual({ a: [4] });
    expect(await merge({ a: [5], b: [6] })).toEqual({ a: [1, 5], b: [2, 3, 6] });
  });

  it('reads a key sent without times, writing nothing, and makes no row for one it does not have', async () => {
    await merge({ a: [1, 2] });
    const { rows: before } = await database.executeSql(`select xmin::text as x from rate_limit_counters`);
    expect(await merge({ a: [], none: [] })).toEqual({ a: [1, 2] });
    const { rows: after } = await database.executeSql(`select xmin::text as x from rate_limit_counters`);
    expect(after).toEqual(before);
  });

  it("commits its transaction without waiting for the disk, and leaves the connection's setting as it was", async () => {
    const setting = async (run: (q: SQL) => Promise<unknown>) =>
      ((await run(sql`select current_setting('synchronous_commit') as s`)) as { rows: { s: string }[] })
        .rows[0]?.s;
    const before = await setting((q) => database.db.execute(q));
    const inside = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = on`);
      await tx.execute(
        sql`select * from cd_merge_counter_hits('test', array['k'], array[1], array[${T}]::float8[], array[3])`,
      );
      return await setting((q) => tx.execute(q));
    });
    expect(inside).toBe('off');
    // the next statement (on PGlite's one connection, the same one) commits as the server is set to
    expect(await setting((q) => database.db.execute(q))).toBe(before);
  });
});
