// The accounts limits of docs/accounts.md, counted in PostgreSQL (rate_limit_hits) so that several API
// instances see the same counts: counting and deciding happen in one locked transaction (queries.ts
// takeHits), so they hold exactly under concurrent requests, on one instance or many. The search limit,
// counted on every search, is decided in each instance's memory and reconciled (search-limits.ts).
// Every limit is a setting (config.ts, README).
import type { SQL } from 'drizzle-orm';
import type { AppConfig, RateLimit } from '../../config';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/http-errors';
import { clearHits, deleteHits, type HitCounter, takeHits } from './queries';
import { searchLimitsFor } from './search-limits';

export interface Counter {
  bucket: string;
  key: string;
  limit: RateLimit;
}

/** Hits taken by `take`, to give back when the attempt turns out not to count. */
export interface Taken {
  ids: number[];
  /** The `alongside` expression's value, read in the same statement. */
  value: unknown;
}

/**
 * Counts one attempt against each counter, or refuses it with 429 and Retry-After (the longest wait
 * wins) when any counter is at its limit, counting nothing then.
 */
export async function take(db: Db, counters: Counter[], message?: string, alongside?: SQL): Promise<Taken> {
  const result = await takeHits(db, counters.map(asHitCounter), alongside);
  if ('waitS' in result) throw tooManyRequests(result.waitS, message);
  return result;
}

/** Counts one request against each counter, refusing it when a counter is at its limit. */
export async function takeOne(db: Db, counters: Counter[], message?: string): Promise<void> {
  await take(db, counters, message);
}

/** Gives back the hits of an attempt that does not count (a successful sign-in). */
export function giveBack(db: Db, taken: Taken): Promise<void> {
  return deleteHits(db, taken.ids);
}

export function reset(db: Db, counter: Counter): Promise<void> {
  return clearHits(db, counter.bucket, counter.key);
}

const SEARCH_LIMITED = 'Too many searches in a short time. Please wait a moment and try again.';

/**
 * One search of the user (the search box or a list's `search`), refused with 429 and Retry-After
 * past SEARCH_MAX per SEARCH_WINDOW_S: searches are the heaviest reads, and one user's script must
 * not take the database from everyone else. Decided in this instance's memory and reconciled with the
 * other instances' through the database about once a second (search-limits.ts): a search writes
 * nothing and waits on nothing.
 */
export function takeSearch(ctx: { db: Db; config: AppConfig; userId: number }): void {
  const refused = searchLimitsFor(ctx.db).take(String(ctx.userId), ctx.config.auth.limits.search);
  if (refused) throw tooManyRequests(refused.waitS, SEARCH_LIMITED);
}

const asHitCounter = ({ bucket, key, limit }: Counter): HitCounter => ({
  bucket,
  key,
  max: limit.max,
  windowS: limit.windowS,
});
