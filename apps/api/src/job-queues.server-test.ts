// Two processes starting the job engine and making its queues at the same moment on a new database
// (two workers started together): pg-boss's first start races on its schema and its queue DDL can
// deadlock, and both must still start and end with every queue made. Two engines, each on a pool of
// its own, start together and make the same queues in opposite orders. Runs in the PostgreSQL pass
// (*.server-test.ts).

import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue, startEngine } from './job-queues';
import { emptyServerDatabase } from './test/database';

const pools: pg.Pool[] = [];
const bosses: PgBoss[] = [];

async function engine(url: string): Promise<PgBoss> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pools.push(pool);
  const boss = await startEngine(() => {
    const made = new PgBoss({
      db: { executeSql: async (text: string, values?: unknown[]) => pool.query(text, values) },
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    made.on('error', () => {});
    return made;
  });
  bosses.push(boss);
  return boss;
}

let url: string;
beforeAll(async () => {
  url = (await emptyServerDatabase('queues')) as string;
});
afterAll(async () => {
  for (const boss of bosses) await boss.stop({ graceful: false, wait: true });
  for (const pool of pools) await pool.end();
});

describe('making the queues', { timeout: 120_000 }, () => {
  it('ends with every queue made when two processes make them at once', async () => {
    // both start at once on the new database, as two workers do: the first start makes the schema
    const [first, second] = await Promise.all([engine(url), engine(url)]);
    for (let round = 0; round < 4; round += 1) {
      const names = Array.from({ length: 8 }, (_, i) => `race-${round}-${i}`);
      await Promise.all([
        (async () => {
          for (const name of names)
            await createQueue(first, name, { name, policy: 'stately', retryLimit: 1 });
        })(),
        (async () => {
          for (const name of [...names].reverse())
            await createQueue(second, name, { name, policy: 'stately', retryLimit: 1 });
        })(),
      ]);
      const made = (await first.getQueues()).map((queue) => queue.name);
      expect(made).toEqual(expect.arrayContaining(names));
    }
  });
});
