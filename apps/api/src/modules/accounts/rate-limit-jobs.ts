// The job that forgets rate-limit hits no window reaches any more (queries.ts forgetOldHits): every
// hour, one run at a time across instances. Hits older than the longest window of any limit
// (config.ts `auth.limits`) decide nothing, so forgetting them changes no answer; it keeps the two
// tables to the listeners and addresses counted recently.
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { createQueue } from '../../job-queues';
import { forgetOldHits } from './queries';

export const RATE_LIMIT_QUEUE = 'rate-limits-forget';
const EVERY_HOUR = '17 * * * *';

/** The longest window of any rate limit, in seconds. */
export function longestWindowS(config: AppConfig): number {
  return Math.max(...Object.values(config.auth.limits).map((limit) => limit.windowS));
}

/** One run: forgets the hits older than the longest window. */
export function forgetRateLimitHits(database: Database, config: AppConfig) {
  return forgetOldHits(database.db, longestWindowS(config));
}

export async function startRateLimitJobs(deps: {
  boss: PgBoss;
  database: Database;
  config: AppConfig;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { boss, database, config, log } = deps;
  await createQueue(boss, RATE_LIMIT_QUEUE, { name: RATE_LIMIT_QUEUE, policy: 'stately', retryLimit: 1 });
  await boss.schedule(RATE_LIMIT_QUEUE, EVERY_HOUR, {}, { tz: 'UTC' });
  await boss.work(RATE_LIMIT_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
    const forgotten = await forgetRateLimitHits(database, config);
    if (forgotten.hits + forgotten.counters > 0) log.info(forgotten, 'old rate-limit hits forgotten');
  });
}
