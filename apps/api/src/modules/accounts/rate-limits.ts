// The accounts limits of domain.md, counted in PostgreSQL (rate_limit_hits) so that several API
// instances see the same counts. Every limit is a setting (config.ts, README).
import type { RateLimit } from '../../config';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/http-errors';
import { clearHits, recordHits, secondsBlocked } from './queries';

export interface Counter {
  bucket: string;
  key: string;
  limit: RateLimit;
}

/** 429 with Retry-After when any counter is at its limit (the longest wait wins). */
export async function assertNotBlocked(db: Db, counters: Counter[], message?: string): Promise<void> {
  let wait = 0;
  for (const { bucket, key, limit } of counters) {
    wait = Math.max(wait, await secondsBlocked(db, bucket, key, limit.max, limit.windowS));
  }
  if (wait > 0) throw tooManyRequests(wait, message);
}

export function count(db: Db, counters: Counter[]): Promise<void> {
  return recordHits(
    db,
    counters.map(({ bucket, key, limit }) => ({ bucket, key, windowS: limit.windowS })),
  );
}

/** Counts one request against each counter, then refuses it if that took a counter past its limit. */
export async function takeOne(db: Db, counters: Counter[], message?: string): Promise<void> {
  await assertNotBlocked(db, counters, message);
  await count(db, counters);
}

export function reset(db: Db, counter: Counter): Promise<void> {
  return clearHits(db, counter.bucket, counter.key);
}
