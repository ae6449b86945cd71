// The counters that keep their last hits in one row (cd_take_counter_hit, db/functions/08-rate-limits.sql;
// the search limit): the same sliding window as the accounts limits, where the max-th most recent hit
// decides. Times are moved into the past by rewriting the row, so no test waits for a window to pass.
import { type SQL, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { getTestDatabase, resetDatabase } from '../../test/database';

let database: Database;
beforeEach(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
});

async function hit(max: number, windowS = 60): Promise<{ waitS: number | null; ids: unknown }> {
  const { rows } = await database.executeSql(
    `select wait_s, ids from cd_take_counter_hit('test', 'k', $1::int, $2::int)`,
    [max, windowS],
  );
  const row = rows[0] as { wait_s: number | null; ids: unknown };
  return { waitS: row.wait_s === null ? null : Number(row.wait_s), ids: row.ids };
}

/** The counter's kept hits as seconds before now (positive: in the past), oldest first. */
async function keptAgo(): Promise<number[]> {
  const { rows } = await database.executeSql(
    `select array(select round(extract(epoch from now() - h))::int from unnest(hits) h) as ago
     from rate_limit_counters where bucket = 'test' and key = 'k'`,
  );
  return (rows[0] as { ago: number[] }).ago;
}

/** Replaces the counter's hits with hits `ago` seconds before now, oldest first. */
async function setHitsAgo(ago: number[]): Promise<void> {
  await database.executeSql(
    `update rate_limit_counters set hits = array(select now() - make_interval(secs => s) from unnest($1::int[]) s)
     where bucket = 'test' and key = 'k'`,
    [ago],
  );
}

describe('a counter that keeps its last hits', () => {
  it('lets max hits through in a window, then refuses until the oldest of them leaves it', async () => {
    for (let i = 0; i < 3; i++) expect(await hit(3)).toEqual({ waitS: 0, ids: [] });
    const refused = await hit(3);
    expect(refused.waitS).toBeGreaterThan(59);
    expect(refused.waitS).toBeLessThanOrEqual(60);
    // a refused hit is not recorded
    expect(await keptAgo()).toEqual([0, 0, 0]);

    await setHitsAgo([61, 30, 10]);
    expect((await hit(3)).waitS).toBe(0);
    // only the last max hits are kept: the one that left the window is dropped
    expect(await keptAgo()).toEqual([30, 10, 0]);
    const next = await hit(3);
    expect(next.waitS).toBeGreaterThan(29);
    expect(next.waitS).toBeLessThanOrEqual(30);
  });

  it('a hit exactly one window old no longer counts', async () => {
    await hit(2);
    await setHitsAgo([60, 5]);
    expect((await hit(2)).waitS).toBe(0);
  });

  it('a lowered limit reads its max-th most recent hit; a raised one counts the hits kept', async () => {
    for (let i = 0; i < 3; i++) await hit(3);
    await setHitsAgo([50, 40, 20]);
    // limit 2: the second most recent hit (40 s ago) leaves the window in 20 s
    const lowered = await hit(2);
    expect(lowered.waitS).toBeGreaterThan(19);
    expect(lowered.waitS).toBeLessThanOrEqual(20);
    expect((await hit(5)).waitS).toBe(0);
    expect(await keptAgo()).toEqual([50, 40, 20, 0]);
  });

  it('keeps its hits oldest first when a hit of an earlier transaction comes after a later one', async () => {
    await hit(3);
    // a hit recorded by a transaction that started 5 s after this statement's
    await setHitsAgo([-5]);
    await hit(3);
    expect(await keptAgo()).toEqual([-5, -5]);
    await setHitsAgo([-5, -5]);
    expect((await hit(2)).waitS).toBeGreaterThan(60);
  });

  it('counts each key and each bucket apart', async () => {
    await hit(1);
    expect((await hit(1)).waitS).toBeGreaterThan(0);
    const { rows } = await database.executeSql(
      `select (select wait_s from cd_take_counter_hit('test', 'other', 1, 60)) as other_key,
              (select wait_s from cd_take_counter_hit('other', 'k', 1, 60)) as other_bucket`,
    );
    expect(rows).toEqual([{ other_key: 0, other_bucket: 0 }]);
  });

  it("commits its transaction without waiting for the disk, and leaves the connection's setting as it was", async () => {
    const setting = async (run: (q: SQL) => Promise<unknown>) =>
      ((await run(sql`select current_setting('synchronous_commit') as s`)) as { rows: { s: string }[] })
        .rows[0]?.s;
    const before = await setting((q) => database.db.execute(q));
    const inside = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = on`);
      await tx.execute(sql`select * from cd_take_counter_hit('test', 'k', 3, 60)`);
      return await setting((q) => tx.execute(q));
    });
    expect(inside).toBe('off');
    expect(await keptAgo()).toEqual([0]);
    // the next statement (on PGlite's one connection, the same one) commits as the server is set to
    expect(await setting((q) => database.db.execute(q))).toBe(before);
  });
});
