// The job that keeps short list searches ready (ready-searches.ts) on the job engine: queued once the
// server serves (a start never waits for it), then every minute, when it costs one read of one row
// unless the search documents changed (an import, a stats or search refresh), on whichever instance or
// command changed them. The queue is `stately`: one run at a time across instances and at most one
// waiting, so a slow fill never piles up runs.
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { readySearchesKeeper } from './ready-searches';

export const READY_SEARCHES_QUEUE = 'list-searches-ready';
const READY_SEARCHES_CRON = '* * * * *';
const FILL = 'fill';

export async function startReadySearchJobs(deps: {
  boss: PgBoss;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<{ stop(): void }> {
  const { boss, database, log } = deps;
  // set at shutdown: a run in progress ends after its current count
  let stopping = false;
  const keeper = readySearchesKeeper(database.db);
  await boss.createQueue(READY_SEARCHES_QUEUE, {
    name: READY_SEARCHES_QUEUE,
    policy: 'stately',
    retryLimit: 1,
  });
  // one key for the scheduled runs and the start's, so `stately` holds them to one at a time
  await boss.schedule(READY_SEARCHES_QUEUE, READY_SEARCHES_CRON, {}, { tz: 'UTC', singletonKey: FILL });
  await boss.work(READY_SEARCHES_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    const run = await keeper.run(() => stopping);
    if (run && (run.recorded > 0 || run.stopped)) log.info(run, 'short list searches kept ready');
  });
  await boss.send(READY_SEARCHES_QUEUE, {}, { singletonKey: FILL });
  return {
    stop: () => {
      stopping = true;
    },
  };
}
