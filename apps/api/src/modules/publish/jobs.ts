// Publishing's jobs on the job engine: the processing of each finished upload (queue
// `publish-processing`, one draft a job, retried once after a crash), and a keeper every five minutes
// that queues again a draft left `processing` by a process that died, and removes the uploads
// abandoned for longer than PUBLISH_ABANDONED_AFTER_S with their bytes.

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { JobLeases } from '../../job-leases';
import { createQueue } from '../../job-queues';
import type { JobSender } from '../../job-sender';
import type { MediaStore } from '../../lib/media-store';
import { processUpload } from './processing';
import { abandonedUploads, deleteUpload } from './queries';
import { uploadStoreOf } from './upload-store';

export const PROCESSING_QUEUE = 'publish-processing';
const KEEPER_QUEUE = 'publish-keeper';
const KEEPER_CRON = '*/5 * * * *';
/** A draft `processing` without a change for this long lost its run. */
const STALLED_S = 15 * 60;
const QUEUE = { name: PROCESSING_QUEUE, policy: 'standard' as const, retryLimit: 1, expireInSeconds: 3600 };

/** Queues a finished upload's processing, wherever the jobs run. */
export async function queueProcessing(jobs: JobSender, uploadId: string): Promise<void> {
  await jobs.send(PROCESSING_QUEUE, { id: uploadId }, { singletonKey: uploadId }, QUEUE);
}

export async function startPublishJobs(deps: {
  boss: PgBoss;
  database: Database;
  config: AppConfig;
  media: MediaStore;
  log: FastifyBaseLogger;
  /** Processing holds a lease on its job: a killed process's upload is processed again within a minute. */
  leases: JobLeases;
}): Promise<{ stop(): void }> {
  const { boss, database, config, media, log, leases } = deps;
  await createQueue(boss, PROCESSING_QUEUE, QUEUE);
  await boss.updateQueue(PROCESSING_QUEUE, QUEUE);
  await boss.work<{ id: string }>(PROCESSING_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (!job) return;
    await leases.hold(PROCESSING_QUEUE, job.id, async () => {
      const started = Date.now();
      const outcome = await processUpload({ db: database.db, config, media }, job.data.id);
      if (outcome !== 'skipped')
        log.info({ upload: job.data.id, outcome, ms: Date.now() - started }, 'upload processed');
    });
  });
  await createQueue(boss, KEEPER_QUEUE, { name: KEEPER_QUEUE, policy: 'singleton', retryLimit: 0 });
  await boss.schedule(KEEPER_QUEUE, KEEPER_CRON, {}, { tz: 'UTC' });
  await boss.work(KEEPER_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await keepUploads({ boss, database, config, media, log });
  });
  return { stop: () => {} };
}

/** Queues the stalled drafts again and removes the abandoned uploads. */
export async function keepUploads(deps: {
  boss: PgBoss;
  database: Database;
  config: AppConfig;
  media: MediaStore;
  log: FastifyBaseLogger;
}): Promise<{ requeued: number; removed: number }> {
  const { boss, database, config } = deps;
  const uploads = uploadStoreOf(config.publish, deps.media);
  const stalled = await queryRows<{ id: string }>(
    database.db,
    sql`select id from uploads where state = 'processing' and updated_at < now() - make_interval(secs => ${STALLED_S})`,
  );
  for (const { id } of stalled) await boss.send(PROCESSING_QUEUE, { id }, { singletonKey: id });
  const abandoned = await abandonedUploads(database.db, config.publish.abandonedAfterS);
  for (const { id } of abandoned) {
    await deleteUpload(database.db, id);
    await uploads.remove(id);
  }
  if (stalled.length + abandoned.length > 0)
    deps.log.info({ requeued: stalled.length, removed: abandoned.length }, 'uploads kept');
  return { requeued: stalled.length, removed: abandoned.length };
}
