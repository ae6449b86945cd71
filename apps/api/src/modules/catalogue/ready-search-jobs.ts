// The job that keeps short list searches ready (ready-searches.ts, keeper-jobs.ts): every minute, when
// it costs one read of one row unless the search documents changed (an import, a stats or search
// refresh), on whichever instance or command changed them.
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { startKeeperJob } from './keeper-jobs';
import { readySearchesKeeper } from './ready-searches';

export const READY_SEARCHES_QUEUE = 'list-searches-ready';

export function startReadySearchJobs(deps: {
  boss: PgBoss;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<{ stop(): void }> {
  return startKeeperJob(deps, {
    queue: READY_SEARCHES_QUEUE,
    keeper: readySearchesKeeper(deps.database.db),
    logged: (run) => run.recorded > 0,
    message: 'short list searches kept ready',
  });
}
