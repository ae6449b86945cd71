// Two processes making the job engine's queues at the same moment on a new database (two workers
// started together): pg-boss's queue DDL can deadlock there, and both must still end with every queue
// made. Two engines, each on a pool of its own, make the same queues in opposite orders. Runs in the
// PostgreSQL pass (*.server-test.ts).

import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue } from './job-queues';
import { emptyServerDatabase } from './test/database';

const pools: pg.Pool[] = [];
const bosses: PgBoss[] = [];

async function engine(url: string): Promise<PgBoss> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pools.push(pool);
  const boss = new PgBoss({
    db: { executeSql: async (text: string, values?: unknown[]) => pool.query(text, values) },
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => {});
  await boss.start();
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
    // the engine's own schema is made once, as a first start makes it
    const first = await engine(url);
    const second = await engine(url);
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
