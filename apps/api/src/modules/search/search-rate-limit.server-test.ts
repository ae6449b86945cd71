// The search limit across two API instances on one PostgreSQL server (CI's PostgreSQL pass runs
// *.server-test.ts files): a listener's simultaneous searches, split between the instances, are
// counted as one, from the listener's very first search (when their counter's row does not exist yet).
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../../test/auth';
import { resetDatabase, workerDatabaseUrl } from '../../test/database';
import { openTwoInstances, type TwoInstances, tally } from '../../test/two-instances';

let instances: TwoInstances | undefined;
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  await resetDatabase();
  instances = await openTwoInstances({ limits: { search: { max: 5, windowS: 60 } } });
  ({ first, second } = instances);
});
afterAll(() => instances?.close());

describe('simultaneous searches of one listener on two instances', () => {
  it('answers exactly 5 of 12 first searches, the search box and lists alike, and 429 to the rest', async () => {
    const { headers } = await createUserWithToken(first);
    const urls = ['/api/search?s=glow', '/api/tracks?search=glow', '/api/artists?search=kessa'];
    const searches = Array.from({ length: 12 }, (_, i) =>
      (i % 2 === 0 ? first : second).inject({ url: urls[i % urls.length] ?? '', headers }),
    );
    expect(tally((await Promise.all(searches)).map((answer) => answer.statusCode))).toEqual({
      200: 5,
      429: 7,
    });

    // another listener is not held back
    const other = await createUserWithToken(second);
    expect((await first.inject({ url: '/api/search?s=glow', headers: other.headers })).statusCode).toBe(200);
  });
});

describe('a counter whose first hits arrive together', () => {
  it('counts exactly max of 12 first hits released at once on 12 connections', async () => {
    const url = workerDatabaseUrl() ?? '';
    const gate = new pg.Client({ connectionString: url });
    const clients = Array.from({ length: 12 }, () => new pg.Client({ connectionString: url }));
    await Promise.all([gate, ...clients].map((client) => client.connect()));
    try {
      // every connection waits on the gate's lock, then all take their hit at once
      await gate.query('select pg_advisory_lock(4242)');
      const hits = clients.map(async (client) => {
        await client.query('begin');
        await client.query('select pg_advisory_xact_lock_shared(4242)');
        const { rows } = await client.query(
          `select wait_s from cd_take_counter_hit('race', 'first-hits', 5, 60)`,
        );
        await client.query('commit');
        return Number(rows[0]?.wait_s);
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
      const waits = await Promise.all(hits);
      expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
      expect(waits.filter((wait) => wait > 0)).toHaveLength(7);
      const { rows } = await gate.query(
        `select cardinality(hits) as n from rate_limit_counters where bucket = 'race' and key = 'first-hits'`,
      );
      expect(rows).toEqual([{ n: 5 }]);
    } finally {
      await Promise.all([gate, ...clients].map((client) => client.end()));
    }
  });
});
