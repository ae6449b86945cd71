// The fingerprint job on the job engine: a start queues it once the server is up (the first start
// never waits for it), and a check every few minutes picks up sets added since, e.g. by an import.
// The queue is a singleton, so one run at a time across instances and workers; a run takes new sets
// for a few minutes and then hands over to the next.
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import type { JobLeases } from '../../job-leases';
import { createQueue } from '../../job-queues';
import type { MediaStore } from '../../lib/media-store';
import { runFingerprints } from './job';
import { FfmpegMissing } from './landmarks/decode';
import { FINGERPRINT_QUEUE } from './service';

const FINGERPRINT_CRON = '*/5 * * * *';
/**
 * A run stops taking new sets after this long and queues the next at once. A worker killed mid-run
 * holds the queue until its lease lapses (job-leases.ts, about a minute); then its job is failed and
 * retried, and another worker goes on from the sets still pending. The engine's own expiry
 * (EXPIRE_S) is the last resort, should the leases' beat stop everywhere.
 */
export const RUN_BUDGET_MS = 4 * 60_000;
const EXPIRE_S = 10 * 60;

export async function startFingerprintJobs(deps: {
  boss: PgBoss;
  database: Database;
  media: MediaStore;
  log: FastifyBaseLogger;
  /** A run holds a lease on its job, so a killed process's run is retried within a minute. */
  leases: JobLeases;
  /** How long one run takes new sets for (RUN_BUDGET_MS). */
  budgetMs?: number;
}): Promise<{ stop(): void }> {
  const { boss, database, media, log, leases, budgetMs = RUN_BUDGET_MS } = deps;
  // set before the engine stops: a run in progress ends after its current set
  let stopping = false;
  const queue = {
    name: FINGERPRINT_QUEUE,
    policy: 'singleton' as const,
    retryLimit: 1,
    expireInSeconds: EXPIRE_S,
  };
  await createQueue(boss, FINGERPRINT_QUEUE, queue);
  // a queue made by an earlier version keeps its options until told
  await boss.updateQueue(FINGERPRINT_QUEUE, queue);
  await boss.schedule(FINGERPRINT_QUEUE, FINGERPRINT_CRON, {}, { tz: 'UTC' });
  await boss.work(FINGERPRINT_QUEUE, { pollingIntervalSeconds: 5 }, async ([job]) => {
    if (job) await leases.hold(FINGERPRINT_QUEUE, job.id, run);
  });
  async function run(): Promise<void> {
    try {
      const started = Date.now();
      let outOfTime = false;
      const run = await runFingerprints(database.db, {
        media,
        stopped: () => {
          outOfTime ||= Date.now() - started > budgetMs;
          return stopping || outOfTime;
        },
      });
      if (run.done + run.failed > 0) log.info(run, 'fingerprints run');
      // sets are still waiting: the next run starts now rather than at the next check
      if (outOfTime && !stopping)
        await boss.send(FINGERPRINT_QUEUE, {}, { singletonKey: 'more', singletonSeconds: 5 });
    } catch (error) {
      if (error instanceof FfmpegMissing) {
        log.warn(`fingerprints: ${error.message}; sets stay unfingerprinted`);
        return;
      }
      throw error;
    }
  }
  // One run a start: the queue runs them one at a time, and a run with nothing pending ends at once.
  // (A start deduplicated by the minute made a worker started soon after a run wait for the next
  // check, 5 minutes, before it read a set added meanwhile.)
  await boss.send(FINGERPRINT_QUEUE, {});
  return {
    stop: () => {
      stopping = true;
    },
  };
}
