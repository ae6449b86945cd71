// The job engine (docs/decisions/0010-job-engine-and-exactly-once-digests.md): pg-boss on the app's
// own database, PostgreSQL or the embedded PGlite alike, so the due-digest job survives restarts and
// is scheduled once across instances. The job itself is safe to run twice or concurrently: the
// digests table, not the engine, is what makes each digest go out once.
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { createQueue, engineDatabase, startEngine } from '../../job-queues';
import { createMailer } from '../../lib/mailer';
import { runDueDigests } from './digest-service';

export const DIGEST_QUEUE = 'digests-due';
/** Periods end at midnight UTC; looking every 15 minutes sends a digest within 15 minutes of it. */
const DIGEST_CRON = '*/15 * * * *';

export interface JobEngine {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startJobEngine(deps: {
  database: Database;
  config: AppConfig;
  log: FastifyBaseLogger;
}): Promise<JobEngine> {
  const { database, config, log } = deps;
  const boss = await startEngine(() => {
    const made = new PgBoss({
      db: engineDatabase(database),
      schema: 'pgboss',
    });
    made.on('error', (err) => log.error({ err }, 'job engine error'));
    return made;
  });
  await createQueue(boss, DIGEST_QUEUE, { name: DIGEST_QUEUE, policy: 'singleton', retryLimit: 2 });
  await boss.schedule(DIGEST_QUEUE, DIGEST_CRON, {}, { tz: 'UTC' });
  const mailer = createMailer(config.auth);
  await boss.work(DIGEST_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    const result = await runDueDigests(
      { db: database.db, config },
      { now: new Date(), mailer, log: { warn: (message) => log.warn(message) } },
    );
    if (result.due > 0) log.info(result, 'digests run');
  });
  // A start (or restart) catches up at once on a period that ended while no instance ran.
  await boss.send(DIGEST_QUEUE, {}, { singletonKey: 'start', singletonSeconds: 60 });
  return {
    boss,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
