// Reads from a streaming replica (DATABASE_REPLICA_URL): the catalogue's lists and details go to it
// while it keeps up, and to the primary otherwise, without a failed request (docs/database.md "A read
// replica").
//
// How far behind it is: every POLL_MS this process reads the primary's WAL position and the
// replica's replayed position. The replica has caught up to the moment of the newest poll whose
// primary position it has replayed; its lag is the time since then. A replica that answers no poll,
// is not in recovery (promoted), or lags more than the setting is skipped until it catches up.
//
// A listener reads their own writes: a write's answer carries the primary's position after it
// (`Cratedig-Wrote`), the web app sends the newest it got back on later calls (`Cratedig-Read-After`),
// and this instance remembers it for the writer too; a call waits for nothing, it goes to the primary
// while the replica has not replayed that position.
/** Runs one statement on one server (the pools' own query, before any routing). */
export type RunSql = (text: string) => Promise<{ rows: unknown[] }>;

/** How often the positions are read. */
export const POLL_MS = 500;
/** Polls kept to place the replica's position in time: a minute's worth. */
const HISTORY = 120;

/** A WAL position ("16/B374D848") as a number; undefined when the text is not one. */
export function parseLsn(text: string | null | undefined): bigint | undefined {
  if (!text) return undefined;
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

export interface ReplicaState {
  /** The replica answered the last poll, in recovery. */
  up: boolean;
  /** Milliseconds behind the primary (Infinity when unknown). */
  lagMs: number;
  /** The position it has replayed. */
  replayed: bigint | undefined;
  /** Statements sent to it, and sent to the primary instead after it failed them. */
  reads: number;
  fallbacks: number;
}

export class ReplicaReads {
  private readonly history: { at: number; lsn: bigint }[] = [];
  private replayed: bigint | undefined;
  private caughtUpAt: number | undefined;
  private up = false;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  reads = 0;
  fallbacks = 0;

  constructor(
    private readonly primary: RunSql,
    private readonly replica: RunSql,
    readonly maxLagMs: number,
    private readonly onChange?: (state: ReplicaState, why: string) => void,
  ) {}

  /** Starts polling; the first poll is awaited, so a start knows at once whether the replica is usable. */
  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => {
      this.polling ??= this.poll().finally(() => {
        this.polling = undefined;
      });
    }, POLL_MS);
    this.timer.unref();
  }

  /** Reads both positions once. */
  async poll(now = Date.now()): Promise<void> {
    try {
      const { rows } = await this.primary('select pg_current_wal_insert_lsn()::text as lsn');
      const lsn = parseLsn((rows[0] as { lsn?: string } | undefined)?.lsn);
      if (lsn !== undefined) {
        this.history.push({ at: now, lsn });
        if (this.history.length > HISTORY) this.history.shift();
      }
    } catch {
      // the primary away: requests fail on their own; the replica's place is judged on what is known
    }
    try {
      const { rows } = await this.replica(
        'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as lsn',
      );
      const row = rows[0] as { recovery: boolean; lsn: string | null } | undefined;
      const replayed = parseLsn(row?.lsn);
      if (!row?.recovery || replayed === undefined) return this.mark(false, 'not in recovery (promoted?)');
      this.replayed = replayed;
      // the newest poll of the primary whose position the replica has replayed
      let caught: number | undefined;
      for (let i = this.history.length - 1; i >= 0; i--) {
        const sample = this.history[i] as { at: number; lsn: bigint };
        if (sample.lsn <= replayed) {
          caught = sample.at;
          break;
        }
      }
      if (caught !== undefined) this.caughtUpAt = Math.max(this.caughtUpAt ?? 0, caught);
      this.mark(true, 'answering');
    } catch (error) {
      this.mark(false, `unreachable: ${(error as Error).message}`);
    }
  }

  private mark(up: boolean, why: string): void {
    const was = this.usable();
    this.up = up;
    if (was === this.usable()) return;
    const state = this.state();
    this.onChange?.(state, up && state.lagMs > this.maxLagMs ? `${Math.round(state.lagMs)} ms behind` : why);
  }

  state(now = Date.now()): ReplicaState {
    return {
      up: this.up,
      lagMs: this.caughtUpAt === undefined ? Number.POSITIVE_INFINITY : Math.max(0, now - this.caughtUpAt),
      replayed: this.replayed,
      reads: this.reads,
      fallbacks: this.fallbacks,
    };
  }

  /** Whether a read may go to the replica: it is up, close enough, and has replayed `after` if given. */
  usable(after?: bigint, now = Date.now()): boolean {
    if (!this.up) return false;
    const { lagMs } = this.state(now);
    if (lagMs > this.maxLagMs) return false;
    return after === undefined || (this.replayed !== undefined && this.replayed >= after);
  }

  /**
   * A statement failed on the replica and runs on the primary instead; when the replica's connection
   * was lost, it is skipped until the next poll finds it back.
   */
  failedOver(error: Error, why: 'lost' | 'statement'): void {
    this.fallbacks += 1;
    if (why === 'lost' && this.up) this.mark(false, `a statement failed: ${error.message}`);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.polling;
  }
}

/**
 * Why a statement failed on the replica, when the primary is to run it instead: `lost` when the
 * connection failed (no SQLSTATE, class 08, the replica shutting down or starting: 57P01, 57P03),
 * `statement` when the replica cancelled it to replay over it (40001) or it tried to write (25006: a
 * read path that also records something). Undefined: the statement's own error, the primary's too.
 */
export function replicaFailure(error: unknown): 'lost' | 'statement' | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return 'lost';
  if (code === '40001' || code === '25006') return 'statement';
  return code.startsWith('08') || code === '57P01' || code === '57P03' ? 'lost' : undefined;
}

/** The replica's handle while a read that needs no particular write may go to it; undefined otherwise. */
export function replicaWhileUsable<Handle>(replica: {
  db: Handle;
  reads: ReplicaReads;
}): () => Handle | undefined {
  return () => (replica.reads.usable() ? replica.db : undefined);
}
