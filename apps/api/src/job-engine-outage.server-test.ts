// A job that ends while PostgreSQL restarts: the job engine (pg-boss 10) marks it done without waiting
// on the statement, and a connection error there was an unhandled rejection that ended the worker's
// process (a soak saw the worker die in the restart and no upload processed after it). Through
// engineDatabase the statement waits for the database to come back, the job is completed, and the
// next job runs. A throwaway PostgreSQL server of its own (scripts/pg-server.sh); runs in the
// PostgreSQL pass (*.server-test.ts).
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { engineDatabase, startEngine } from './job-queues';
import { type ThrowawayPg, throwawayPg } from './test/throwaway-pg';

let server: ThrowawayPg | undefined;
let pool: pg.Pool | undefined;
let boss: PgBoss | undefined;

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true }).catch(() => {});
  await pool?.end().catch(() => {});
  try {
    server?.stop();
  } catch {}
});

describe('a job that ends while the database restarts', { timeout: 180_000 }, () => {
  it('is completed once the database is back, and the engine goes on with the next', async () => {
    server = await throwawayPg('cratedig-engine-outage-pg-');
    const db = server;
    const url = db.start();
    const connections = new pg.Pool({ connectionString: url, max: 4 });
    connections.on('error', () => {});
    pool = connections;
    const database = { executeSql: (text: string, values?: unknown[]) => connections.query(text, values) };
    boss = await startEngine(() => {
      const made = new PgBoss({ db: engineDatabase(database), schema: 'pgboss', supervise: false });
      made.on('error', () => {});
      return made;
    });
    await boss.createQueue('restart', { name: 'restart', policy: 'standard' });

    const ran: string[] = [];
    let restart: Promise<void> | undefined;
    await boss.work<{ n: number }>('restart', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (!job) return;
      ran.push(`job ${job.data.n}`);
      // the first job ends while the database is down: its completion meets the outage
      if (job.data.n === 1) {
        db.stop();
        restart = new Promise((resolve) => setTimeout(resolve, 3000)).then(() => {
          db.start();
        });
      }
    });
    const first = await boss.send('restart', { n: 1 });
    await expect.poll(() => ran.length, { timeout: 30_000 }).toBe(1);
    await restart;
    await expect
      .poll(async () => (await boss?.getJobById('restart', first as string))?.state, { timeout: 60_000 })
      .toBe('completed');
    await boss.send('restart', { n: 2 });
    await expect.poll(() => ran, { timeout: 30_000 }).toEqual(['job 1', 'job 2']);
  });
});
