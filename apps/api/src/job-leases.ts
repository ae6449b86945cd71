// Leases on the long background jobs (reading sets' audio, processing an upload), so that a process
// killed mid-job holds its job for about a minute rather than until the job engine expires it (10
// minutes for a fingerprint run, an hour for an upload). The engine (pg-boss 10) has no heartbeat of
// its own; this is one (docs/deploy.md "Workers"):
// - a process running such a job holds a lease on it (`job_leases`) and beats every BEAT_MS for all
//   its leases in one statement;
// - every process running jobs looks every BEAT_MS for leases whose beat stopped LAPSE_MS ago, takes
//   them back, and fails their jobs on the engine: a failed job is retried at once (the queues allow
//   one retry) by whichever process polls first.
// A process whose event loop is blocked past the lapse would lose a job it still runs; the long
// work runs in child processes (the audio reader, ffmpeg), so the loop stays free to beat.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from './db/client';
import { queryRows } from './db/rows';

export const BEAT_MS = 10_000;
export const LAPSE_MS = 60_000;

export interface JobLeases {
  /** Who holds the leases of this process: host, process id and a random part. */
  readonly holder: string;
  /** Runs `work` under a lease on the engine's job `jobId` of `queue`, given back when it ends. */
  hold<T>(queue: string, jobId: string, work: () => Promise<T>): Promise<T>;
  /** One beat and one look for lapsed leases (the timer calls it; tests too). */
  beat(): Promise<{ reclaimed: { job_id: string; queue: string; holder: string }[] }>;
  /** Stops beating and gives back every lease still held (their jobs end with the engine's stop). */
  stop(): Promise<void>;
}

export function startJobLeases(deps: {
  boss: PgBoss;
  database: Database;
  log: FastifyBaseLogger;
  beatMs?: number;
  lapseMs?: number;
}): JobLeases {
  const { boss, database, log, beatMs = BEAT_MS, lapseMs = LAPSE_MS } = deps;
  const db = database.db;
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopped = false;
  /** The jobs this process runs now: a lease of its own on any other was not given back. */
  const held = new Set<string>();

  const beat: JobLeases['beat'] = async () => {
    await db.execute(sql`update job_leases set beat_at = now() where holder = ${holder}`);
    // a lease whose giving back failed (the database away as its job ended) would beat forever
    await db.execute(
      sql`delete from job_leases where holder = ${holder}
          and job_id not in (select jsonb_array_elements_text(${JSON.stringify([...held])}::jsonb))`,
    );
    const reclaimed = await queryRows<{ job_id: string; queue: string; holder: string }>(
      db,
      sql`delete from job_leases
          where beat_at < now() - make_interval(secs => ${lapseMs / 1000}) and holder <> ${holder}
          returning job_id, queue, holder`,
    );
    for (const lease of reclaimed) {
      // a job already ended is left as it is: the engine fails only a job still active
      await boss.fail(lease.queue, lease.job_id, {
        reason: `its process (${lease.holder}) stopped answering`,
      });
      log.warn(lease, 'a background job whose process stopped answering is failed, to be retried');
    }
    return { reclaimed };
  };

  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // one beat at a time: a slow database must not pile them up
    running = running.then(beat).catch((err) => log.error({ err }, 'job leases: beat failed'));
  }, beatMs);
  timer.unref();

  return {
    holder,
    beat,
    async hold(queue, jobId, work) {
      await db.execute(
        sql`insert into job_leases (job_id, queue, holder) values (${jobId}, ${queue}, ${holder})
            on conflict (job_id) do update set holder = excluded.holder, beat_at = now()`,
      );
      held.add(jobId);
      try {
        return await work();
      } finally {
        held.delete(jobId);
        if (!stopped)
          await db
            .execute(sql`delete from job_leases where job_id = ${jobId} and holder = ${holder}`)
            .catch((err) => log.error({ err, jobId }, 'job leases: a lease was not given back'));
      }
    },
    async stop() {
      clearInterval(timer);
      await running;
      stopped = true;
      // the leases of jobs cut short by this stop go with it; the engine retries those jobs itself
      await db.execute(sql`delete from job_leases where holder = ${holder}`).catch(() => {});
    },
  };
}
