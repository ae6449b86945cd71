// The fingerprint job on the job engine: a start queues it once the server is up (the first start
// never waits for it), and a check every few minutes picks up sets added since, e.g. by an import.
// The queue is a singleton, so one run at a time across instances.
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import type { MediaStore } from '../../lib/media-store';
import { runFingerprints } from './job';
import { FfmpegMissing } from './landmarks/decode';

export const FINGERPRINT_QUEUE = 'fingerprints';
const FINGERPRINT_CRON = '*/5 * * * *';

export async function startFingerprintJobs(deps: {
  boss: PgBoss;
  database: Database;
  media: MediaStore;
  log: FastifyBaseLogger;
}): Promise<{ stop(): void }> {
  const { boss, database, media, log } = deps;
  // set before the engine stops: a run in progress ends after its current set
  let stopping = false;
  await boss.createQueue(FINGERPRINT_QUEUE, { name: FINGERPRINT_QUEUE, policy: 'singleton', retryLimit: 1 });
  await boss.schedule(FINGERPRINT_QUEUE, FINGERPRINT_CRON, {}, { tz: 'UTC' });
  await boss.work(FINGERPRINT_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    try {
      const run = await runFingerprints(database.db, { media, stopped: () => stopping });
      if (run.done + run.failed > 0) log.info(run, 'fingerprints run');
    } catch (error) {
      if (error instanceof FfmpegMissing) {
        log.warn(`fingerprints: ${error.message}; sets stay unfingerprinted`);
        return;
      }
      throw error;
    }
  });
  await boss.send(FINGERPRINT_QUEUE, {}, { singletonKey: 'start', singletonSeconds: 60 });
  return {
    stop: () => {
      stopping = true;
    },
  };
}
