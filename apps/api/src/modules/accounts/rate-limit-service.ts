// The accounts limits of docs/accounts.md, counted in PostgreSQL (rate_limit_hits) so that several API
// instances see the same counts, and the search limit (rate_limit_counters, one row per listener: it is
// counted on every search). Every limit is a setting (config.ts, README). Counting and deciding happen
// in one locked transaction (queries.ts takeHits, takeCounterHit), so the limits hold exactly under
// concurrent requests, on one instance or many.
import { type SQL, sql } from 'drizzle-orm';
import type { AppConfig, RateLimit } from '../../config';
import type { Db } from '../../db/client';
import type { Alongside } from '../../db/read-models/catalogue-items-by-id';
import { tooManyRequests } from '../../lib/http-errors';
import {
  clearHits,
  counterHitSource,
  deleteHits,
  type HitCounter,
  type HitsRow,
  hitsOutcome,
  takeCounterHit,
  takeHits,
} from './queries';

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
 * not take the database from everyone else. Counted in the listener's row of rate_limit_counters (the
 * times of their last searches): the same window as the accounts limits, at under half their database
 * time per hit (bench/README.md "Search"). `alongside`, a scalar SQL expression, is read in the same
 * statement and answered: a search that needs a value before its work (the search documents'
 * generation) gets it without a second round trip.
 */
export async function takeSearch(
  ctx: { db: Db; config: AppConfig; userId: number },
  alongside?: SQL,
): Promise<unknown> {
  const taken = await takeCounterHit(ctx.db, asHitCounter(searchCounter(ctx)), alongside);
  if ('waitS' in taken) throw tooManyRequests(taken.waitS, SEARCH_LIMITED);
  return taken.value;
}

/** The user's search counter. */
function searchCounter(ctx: { config: AppConfig; userId: number }): Counter {
  return { bucket: 'search:user', key: String(ctx.userId), limit: ctx.config.auth.limits.search };
}

const asHitCounter = ({ bucket, key, limit }: Counter): HitCounter => ({
  bucket,
  key,
  max: limit.max,
  windowS: limit.windowS,
});

/**
 * One search of the user counted inside a statement that does the search's own work, so the search
 * costs one round trip: select from `from` (one row, aliased `hit`) with `columns`, read the search's
 * own columns only `when` the hit counted (a refused search reads nothing else), and pass the row to
 * `check`, which refuses the search with 429 past the limit as takeSearch does, or answers the value of
 * `alongside` (a scalar SQL expression read in the same statement, as takeSearch's). The statement is
 * compiled once per `name`, which tells the limits apart but not `alongside`: give the same one on
 * every call.
 */
export function searchHitIn(
  ctx: { config: AppConfig; userId: number },
  alongside?: SQL,
): Alongside & { check: (row: unknown) => unknown } {
  const counter = asHitCounter(searchCounter(ctx));
  return {
    // the same text and limits for every listener: the key is the placeholder (db/compiled.ts)
    name: `search-hit ${counter.max}/${counter.windowS}`,
    from: sql`${counterHitSource({ ...counter, key: sql.placeholder('hit_key') })} hit`,
    values: { hit_key: counter.key },
    columns: sql`hit.wait_s, hit.ids, ${alongside ?? sql`null`} as value`,
    when: sql`coalesce(hit.wait_s, 0) <= 0`,
    check: (row) => {
      const read = row as (HitsRow & { value?: unknown }) | undefined;
      const outcome = hitsOutcome(read);
      if ('waitS' in outcome) throw tooManyRequests(outcome.waitS, SEARCH_LIMITED);
      return read?.value ?? null;
    },
  };
}
