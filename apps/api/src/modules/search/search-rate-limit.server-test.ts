// The search limit across two API instances on one PostgreSQL server (CI's PostgreSQL pass runs
// *.server-test.ts files). Each instance decides a listener's searches in its memory and merges the
// hits it counted into the database about once a second (accounts/search-limits.ts): one instance
// holds a listener to the limit exactly; two learn each other's hits at their merges.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../../test/auth';
import { resetDatabase, workerDatabaseUrl } from '../../test/database';
import { openTwoInstances, type TwoInstances, tally } from '../../test/two-instances';
import { searchLimitsFor } from '../accounts/search-limits';

let instances: TwoInstances | undefined;
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  await resetDatabase();
  instances = await openTwoInstances({ limits: { search: { max: 5, windowS: 60 } } });
  ({ first, second } = instances);
});
afterAll(() => instances?.close());

const urls = ['/api/search?s=glow', '/api/tracks?search=glow', '/api/artists?search=kessa'];
/** Both instances merge, one after the other and the first again: each has the other's hits. */
async function merged(): Promise<void> {
  for (const app of [first, second, first]) await searchLimitsFor(app.db).merge();
}

describe("one listener's searches on two instances", () => {
  it('answers exactly 5 of 12 simultaneous searches on one instance, the search box and lists alike', async () => {
    const { headers } = await createUserWithToken(first);
    const searches = Array.from({ length: 12 }, (_, i) =>
      first.inject({ url: urls[i % urls.length] ?? '', headers }),
    );
    expect(tally((await Promise.all(searches)).map((answer) => answer.statusCode))).toEqual({
      200: 5,
      429: 7,
    });
    // another listener is not held back
    const other = await createUserWithToken(second);
    expect((await first.inject({ url: '/api/search?s=glow', headers: other.headers })).statusCode).toBe(200);
  });

  it("counts the other instance's searches once both have merged", async () => {
    const { headers } = await createUserWithToken(first);
    for (let i = 0; i < 3; i++)
      expect((await first.inject({ url: urls[i] ?? '', headers })).statusCode).toBe(200);
    await merged();
    // the second holds nothing of this listener until it merges after their first search there
    expect((await second.inject({ url: urls[0] ?? '', headers })).statusCode).toBe(200);
    await merged();
    const onSecond = [];
    for (let i = 0; i < 3; i++)
      onSecond.push((await second.inject({ url: urls[i] ?? '', headers })).statusCode);
    expect(onSecond).toEqual([200, 429, 429]);
    await merged();
    expect((await first.inject({ url: urls[0] ?? '', headers })).statusCode).toBe(429);
  });

  it('lets through at most the limit per instance before their first merge, and the limit after', async () => {
    const { headers } = await createUserWithToken(first);
    const searches = Array.from({ length: 12 }, (_, i) =>
      (i % 2 === 0 ? first : second).inject({ url: urls[i % urls.length] ?? '', headers }),
    );
    const counts = tally((await Promise.all(searches)).map((answer) => answer.statusCode));
    expect(counts[200]).toBeGreaterThanOrEqual(5);
    expect(counts[200]).toBeLessThanOrEqual(10);
    await merged();
    for (const app of [first, second])
      expect((await app.inject({ url: '/api/search?s=glow', headers })).statusCode).toBe(429);
  });
});

describe('merges of one listener arriving together', () => {
  it('keeps every hit of 12 merges released at once on 12 connections', async () => {
    const url = workerDatabaseUrl() ?? '';
    const gate = new pg.Client({ connectionString: url });
    const clients = Array.from({ length: 12 }, () => new pg.Client({ connectionString: url }));
    await Promise.all([gate, ...clients].map((client) => client.connect()));
    try {
      // every connection waits on the gate's lock, then all merge at once, the first ones inserting
      await gate.query('select pg_advisory_lock(4242)');
      const base = Date.UTC(2026, 11, 2, 12);
      const merges = clients.map(async (client, i) => {
        await client.query('begin');
        await client.query('select pg_advisory_xact_lock_shared(4242)');
        await client.query(
          `select * from cd_merge_counter_hits('race', array['a', 'b'], array[1, 1], array[$1, $1]::float8[], array[20, 20])`,
          [base + i],
        );
        await client.query('commit');
      });
      // until every connection waits at the gate
      for (;;) {
        const { rows } = await gate.query(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 4242 and not granted`,
        );
        if (rows[0]?.n === clients.length) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await gate.query('select pg_advisory_unlock(4242)');
      await Promise.all(merges);
      const { rows } = await gate.query(
        `select key, cardinality(hits) as n from rate_limit_counters where bucket = 'race' order by key`,
      );
      expect(rows).toEqual([
        { key: 'a', n: 12 },
        { key: 'b', n: 12 },
      ]);
    } finally {
      await Promise.all([gate, ...clients].map((client) => client.end()));
    }
  });
});
