// Leases on long background jobs: a job whose process stopped beating is failed on the job engine and
// retried at once by a live process, which holds its own lease while it runs and gives it back; a
// lease still beating is left alone. The engine is the real one (pg-boss) on the test database.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobLeases, startJobLeases } from './job-leases';
import { type JobEngine, startJobEngine } from './modules/notifications/jobs';
import { buildTestApp } from './test/app';
import { query } from './test/sql';

const QUEUE = 'lease-test';
let app: FastifyInstance;
let engine: JobEngine;
let leases: JobLeases;

beforeAll(async () => {
  app = await buildTestApp();
  engine = await startJobEngine({ database: app.database, config: app.config, log: app.log });
  await engine.boss.createQueue(QUEUE, {
    name: QUEUE,
    policy: 'standard',
    retryLimit: 1,
    expireInSeconds: 3600,
  });
  await engine.boss.purgeQueue(QUEUE);
  leases = startJobLeases({
    boss: engine.boss,
    database: app.database,
    log: app.log,
    beatMs: 60_000,
    lapseMs: 30_000,
  });
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await leases?.stop();
  await app?.close();
});

const leaseRows = () =>
  query<{ job_id: string; holder: string }>(app, sql`select job_id, holder from job_leases order by job_id`);

async function until<T>(check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('job leases', { timeout: 60_000 }, () => {
  it("retries at once a job whose process stopped beating, and leaves a beating one's lease alone", async () => {
    // a process that took two jobs: it died on the first (no beat for two minutes), the second beats
    const dead = (await engine.boss.send(QUEUE, { n: 1 })) as string;
    const alive = (await engine.boss.send(QUEUE, { n: 2 })) as string;
    const taken = await engine.boss.fetch(QUEUE, { batchSize: 2 });
    expect(taken.map((job) => job.id).sort()).toEqual([dead, alive].sort());
    await app.db.execute(sql`
      insert into job_leases (job_id, queue, holder, beat_at) values
        (${dead}, ${QUEUE}, 'gone-host:4242:deadbeef', now() - interval '2 minutes'),
        (${alive}, ${QUEUE}, 'other-host:4343:cafef00d', now())`);

    const { reclaimed } = await leases.beat();
    expect(reclaimed).toEqual([{ job_id: dead, queue: QUEUE, holder: 'gone-host:4242:deadbeef' }]);
    expect((await engine.boss.getJobById(QUEUE, dead))?.state).toBe('retry');
    expect((await engine.boss.getJobById(QUEUE, alive))?.state).toBe('active');
    expect(await leaseRows()).toEqual([{ job_id: alive, holder: 'other-host:4343:cafef00d' }]);

    // a live process takes the retried job at once, holding its own lease while it runs
    const seen: { n: number; held: { job_id: string; holder: string }[] }[] = [];
    await engine.boss.work<{ n: number }>(QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (!job) return;
      await leases.hold(QUEUE, job.id, async () => {
        seen.push({ n: job.data.n, held: (await leaseRows()).filter((row) => row.job_id === job.id) });
      });
    });
    const done = await until(async () => {
      const job = await engine.boss.getJobById(QUEUE, dead);
      return job?.state === 'completed' ? job : undefined;
    });
    expect(done.retryCount).toBe(1);
    expect(seen).toEqual([{ n: 1, held: [{ job_id: dead, holder: leases.holder }] }]);
    // given back when the work ended; the other process's lease is still its own
    expect(await leaseRows()).toEqual([{ job_id: alive, holder: 'other-host:4343:cafef00d' }]);
  });

  it("beats for this process's own leases, however long ago they began", async () => {
    const job = (await engine.boss.send(QUEUE, { n: 3 }, { startAfter: 3600 })) as string;
    const fresh = await leases.hold(QUEUE, job, async () => {
      await app.db.execute(
        sql`update job_leases set beat_at = now() - interval '5 minutes' where job_id = ${job}`,
      );
      const { reclaimed } = await leases.beat();
      expect(reclaimed).toEqual([]);
      const [row] = await query<{ fresh: boolean }>(
        app,
        sql`select beat_at > now() - interval '5 seconds' as fresh from job_leases where job_id = ${job}`,
      );
      return row?.fresh;
    });
    expect(fresh).toBe(true);
    expect((await leaseRows()).filter((row) => row.job_id === job)).toEqual([]);
  });

  it('drops a lease of its own that was not given back (the database away as its job ended)', async () => {
    const job = (await engine.boss.send(QUEUE, { n: 4 }, { startAfter: 3600 })) as string;
    await app.db.execute(sql`
      insert into job_leases (job_id, queue, holder) values (${job}, ${QUEUE}, ${leases.holder})`);
    await leases.beat();
    expect((await leaseRows()).filter((row) => row.job_id === job)).toEqual([]);
  });
});
