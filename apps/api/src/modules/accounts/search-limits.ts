// The per-listener search limit (SEARCH_MAX searches per SEARCH_WINDOW_S), held in each API instance's
// memory and reconciled through PostgreSQL (docs/accounts.md "The search limit").
//
// A search is the most frequent signed-in request, and counting each one in a row of the database made
// every search a write: a commit, and a row lock its listener's other searches queued on (one listener's
// script at 200 searches a second held every pooled connection waiting on that row, and others got 503).
// Here a search is decided in memory, in microseconds, from the listener's latest hits: those this
// instance counted and those every instance had merged into the database when this one last merged.
// About once a second (SYNC_MS) the instance sends the hits it counted since, in one statement for every
// listener (cd_merge_counter_hits), and gets back each listener's hits from every instance.
//
// What that costs in exactness: an instance does not see another's hits of the last second. A listener
// alone on one instance is held to exactly SEARCH_MAX; a listener whose searches are spread over N
// instances can get up to what the other instances let through in one SYNC_MS more. An instance that
// holds nothing of a listener merges within FIRST_MERGE_MS of their first search there, so what it lets
// through before it learns their hits elsewhere is what arrives in that moment. The limit keeps one
// listener's script from taking the database from everyone else; a second's leeway does not change that.
import type { RateLimit } from '../../config';
import type { Db } from '../../db/client';
import { mergeCounterHits } from './queries';

/** How often an instance merges the hits it counted into the database: its lag behind the others. */
export const SYNC_MS = 1000;

/**
 * How soon an instance merges after a listener it holds nothing of searches there: it learns their hits
 * on the other instances (and in the window before its own start) within this, not within SYNC_MS.
 */
export const FIRST_MERGE_MS = 100;

/** The bucket of rate_limit_counters the search limit's rows are in (the hourly job forgets old ones). */
export const SEARCH_BUCKET = 'search:user';

interface Listener {
  /** Every instance's hits as the database answered at the last merge (epoch ms, oldest first). */
  merged: number[];
  /** Hits counted here that are being merged right now. */
  sending: number[];
  /** Hits counted here since. */
  pending: number[];
  /** The limit this listener was last counted against (the row keeps its `max` latest hits). */
  limit: RateLimit;
}

/** A search refused: seconds until the listener has room again. */
export interface SearchRefused {
  waitS: number;
}

export class SearchLimits {
  private readonly listeners = new Map<string, Listener>();
  private timer: NodeJS.Timeout | undefined;
  /** When the scheduled merge is due (epoch ms, on the real clock). */
  private due = 0;
  private merging: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one search of `key` against `limit`, or refuses it (counting nothing) when `limit.max` of the
   * listener's hits fall within the window: the max-th most recent decides how long to wait.
   */
  take(key: string, limit: RateLimit): SearchRefused | undefined {
    const now = this.now();
    let listener = this.listeners.get(key);
    const first = !listener;
    if (!listener) {
      listener = { merged: [], sending: [], pending: [], limit };
      this.listeners.set(key, listener);
    }
    listener.limit = limit;
    const windowMs = limit.windowS * 1000;
    const decides = maxthLatest(listener, now - windowMs, limit.max);
    if (decides !== undefined) return { waitS: Math.max(0.001, (decides + windowMs - now) / 1000) };
    listener.pending.push(now);
    this.schedule(first ? FIRST_MERGE_MS : SYNC_MS);
    return undefined;
  }

  /**
   * Sends the hits counted since the last merge and takes every instance's back. A failed merge keeps
   * its hits for the next one (the database down: searches are still decided from what is known).
   */
  async merge(): Promise<void> {
    // one merge at a time: hits counted meanwhile wait for the next
    while (this.merging) await this.merging;
    this.merging = this.mergeOnce().finally(() => {
      this.merging = undefined;
    });
    await this.merging;
  }

  /** Stops merging on a timer after a last merge (an instance closing). */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.merge().catch(() => {});
  }

  /** How many listeners this instance holds hits of (bounded by those who searched within a window). */
  get size(): number {
    return this.listeners.size;
  }

  /** Merges within `ms`: keeps a merge due sooner, brings a later one forward. */
  private schedule(ms = SYNC_MS): void {
    const due = Date.now() + ms;
    if (this.timer && this.due <= due) return;
    clearTimeout(this.timer);
    this.due = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.merge().catch(() => {});
    }, ms);
    this.timer.unref();
  }

  private async mergeOnce(): Promise<void> {
    const sent: [string, Listener][] = [];
    const now = this.now();
    for (const [key, listener] of this.listeners) {
      // a listener near their limit is read again even without new hits here: the others' may have
      // brought them to it
      if (listener.pending.length === 0 && !nearLimit(listener, now)) continue;
      listener.sending = listener.pending;
      listener.pending = [];
      sent.push([key, listener]);
    }
    if (sent.length > 0) {
      try {
        const merged = await mergeCounterHits(
          this.db,
          SEARCH_BUCKET,
          sent.map(([key, l]) => ({ key, times: l.sending, max: l.limit.max })),
        );
        for (const [key, listener] of sent) {
          listener.merged = merged.get(key) ?? [...listener.merged, ...listener.sending];
          listener.sending = [];
        }
      } catch (error) {
        for (const [, listener] of sent) {
          listener.pending = [...listener.sending, ...listener.pending];
          listener.sending = [];
        }
        this.schedule();
        throw error;
      }
    }
    // hits counted during this merge go with the next
    if (this.forget()) this.schedule();
  }

  /**
   * Leaves out the listeners none of whose hits is within their window any more; answers whether hits
   * wait to be merged.
   */
  private forget(): boolean {
    const now = this.now();
    let waiting = false;
    for (const [key, listener] of this.listeners) {
      waiting ||= listener.pending.length > 0;
      if (listener.pending.length > 0 || listener.sending.length > 0) continue;
      const newest = listener.merged[listener.merged.length - 1];
      if (newest === undefined || newest <= now - listener.limit.windowS * 1000) this.listeners.delete(key);
    }
    return waiting;
  }
}

/** Whether half the listener's limit or more is within the window, as this instance knows. */
function nearLimit(listener: Listener, now: number): boolean {
  const half = Math.max(1, Math.ceil(listener.limit.max / 2));
  return maxthLatest(listener, now - listener.limit.windowS * 1000, half) !== undefined;
}

/**
 * The max-th most recent of the listener's hits after `since` (merged, being sent and pending: three
 * lists, each oldest first, no hit in two), or undefined when fewer than max are that recent. Walks
 * back from the newest, so it reads at most max times whatever the lists hold.
 */
function maxthLatest(listener: Listener, since: number, max: number): number | undefined {
  const lists = [listener.merged, listener.sending, listener.pending];
  const ends = lists.map((list) => list.length);
  for (let counted = 0; ; ) {
    let newest = Number.NEGATIVE_INFINITY;
    let from = -1;
    lists.forEach((list, i) => {
      const time = list[(ends[i] as number) - 1];
      if (time !== undefined && time > newest) {
        newest = time;
        from = i;
      }
    });
    if (from < 0 || newest <= since) return undefined;
    counted++;
    if (counted >= max) return newest;
    ends[from] = (ends[from] as number) - 1;
  }
}

const instances = new WeakMap<Db, SearchLimits>();

/** This instance's search limits (one per database connection pool, as an API process has one). */
export function searchLimitsFor(db: Db): SearchLimits {
  let limits = instances.get(db);
  if (!limits) {
    limits = new SearchLimits(db);
    instances.set(db, limits);
  }
  return limits;
}

/** Forgets this instance's hits (a test's database reset: the listeners they were counted for are gone). */
export function forgetSearchLimits(db: Db): void {
  instances.delete(db);
}
