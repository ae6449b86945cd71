import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { currentStatementLimits, statementLimitsKey, statementLimitsSql } from '../lib/statement-limits';
import { markPlansKept, withPlanName } from './plan-cache';
import { ReplicaReads, type ReplicaState, replicaFailure } from './replica';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The Drizzle handle; the same type whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (PGlite only): backups dump its data folder (cli/backup/). */
  pglite?: PGlite;
  /** The most connections the handle holds at once: its pool's size on a server, 1 for PGlite. */
  connections: number;
  /** How many connections it holds now, busy or idle. */
  openConnections(): number;
  /** Runs raw SQL (several statements allowed on PGlite; one on a server). */
  exec(sql: string): Promise<void>;
  /**
   * Runs raw SQL text as a driver would: with values as one parameterised statement, without them as
   * a script of several statements (its last result answered). The job engine talks through this.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
  /**
   * A streaming replica for reads that may lag a moment (DATABASE_REPLICA_URL, db/replica.ts): its
   * handle, and whether a read may go to it now. Its statements that fail for being on a replica (the
   * connection, a recovery conflict, a write) run on the primary instead.
   */
  replica?: { db: Db; reads: ReplicaReads };
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (delivered when the notifying transaction commits).
   * On a server this is one dedicated connection per call, reopened after a loss (then `onReconnect`
   * runs, so the caller can catch up on what it missed); on PGlite, the embedded database's own
   * in-process notifications. Answers the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
}

export interface OpenDatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined means in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite: start from this data folder tarball (a backup) instead of an empty cluster. */
  loadDataDir?: Blob;
  /**
   * How the server is reached. 'session' (the default): directly, or through a pooler that gives each
   * client its own server connection (PgBouncer's session mode). 'transaction': through a pooler in
   * transaction mode (PgBouncer's `pool_mode = transaction`), where consecutive statements of one
   * pooled connection may land on different server connections: statements are then sent unnamed (a
   * name prepared on one server connection is unknown on the next) and no per-connection setting is
   * made (it would stay on a server connection another client gets next).
   */
  poolMode?: 'session' | 'transaction';
  /**
   * Where LISTEN connects (live events): notifications only reach the server connection that listens,
   * so this must reach PostgreSQL directly, never through a pooler in transaction mode. Defaults to
   * `databaseUrl`.
   */
  listenUrl?: string | undefined;
  /** Pool size on a server. */
  poolMax?: number;
  /**
   * Told when an idle pooled connection fails (the server restarted or went away). The pool drops
   * that connection and opens a new one on the next query; without a listener the error would crash
   * the process.
   */
  onIdleClientError?: (error: Error) => void;
  /** postgres://… of a streaming replica of `databaseUrl`, for reads (db/replica.ts). */
  replicaUrl?: string | undefined;
  /** Past this lag the replica is skipped (milliseconds). */
  replicaMaxLagMs?: number;
  /** Told when the replica becomes usable or stops being so, and why. */
  onReplicaChange?: (state: ReplicaState, why: string) => void;
}

/**
 * While the server is unreachable a query fails after this long instead of waiting for a connection,
 * so that requests answer 503 promptly during an outage.
 */
const CONNECT_TIMEOUT_MS = 3000;

/** How long a pooled connection may stay unused before it is closed. */
const POOL_IDLE_MS = 5 * 60_000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const connections = options.poolMax ?? 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: connections,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection holds its prepared statements and their plans (db/plan-cache.ts): the first runs
      // of the search's item statement alone cost PostgreSQL 20-45 ms of planning on each new
      // connection. The driver's default closed a connection after 10 s unused, so after every lull
      // (between two bursts of traffic) the pool reconnected and planned again; five minutes keeps
      // them through lulls, and a quiet instance still gives its connections back.
      idleTimeoutMillis: POOL_IDLE_MS,
      // (not allowExitOnIdle: it unrefs and refs each connection's socket on every release and checkout,
      // which cost the API 0.25 ms of CPU per request on the catalogue lists, bench/README.md)
      // Finds connections that a dead server or a NAT silently dropped.
      keepAlive: true,
    });
    pool.on('error', (error) => options.onIdleClientError?.(error));
    const poolMode = options.poolMode ?? 'session';
    limitEveryStatement(pool, poolMode);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // named statements (limitEveryStatement) keep their plans on the connection
    if (poolMode === 'session') markPlansKept(db);
    const replica = options.replicaUrl ? await openReplica(pool, options, connections, poolMode) : undefined;
    return {
      ...(replica ? { replica } : {}),
      db,
      kind: 'postgres',
      connections,
      openConnections: () => pool.totalCount,
      exec: async (sql) => {
        await pool.query(sql);
      },
      executeSql: (text, values) => pool.query(text, values),
      close: async () => {
        await replica?.reads.stop();
        await replica?.pool.end();
        await pool.end();
      },
      listen: (channel, onPayload, onReconnect) =>
        listenOnServer(options.listenUrl ?? (options.databaseUrl as string), channel, onPayload, onReconnect),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // PGlite only loads extensions it is given here: pg_trgm backs the trigram search indexes, unaccent
  // the name normalisation (cd_normalise_name) and fuzzystrmatch the one-typo test (cd_one_typo).
  const client = await PGlite.create(options.dataDir ?? 'memory://', {
    extensions: { pg_trgm, unaccent, fuzzystrmatch },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    connections: 1,
    openConnections: () => (client.closed ? 0 : 1),
    exec: async (sql) => {
      await client.exec(sql);
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // PGlite's query() takes one statement; exec() runs a script (pg-boss sends BEGIN; …; COMMIT).
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/** A replica's connection attempt gives up sooner than the primary's: the primary answers instead. */
const REPLICA_CONNECT_TIMEOUT_MS = 1000;

async function openReplica(
  primary: pg.Pool,
  options: OpenDatabaseOptions,
  connections: number,
  poolMode: 'session' | 'transaction',
) {
  const pool = new pg.Pool({
    connectionString: options.replicaUrl,
    max: connections,
    connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: POOL_IDLE_MS,
    keepAlive: true,
  });
  // an idle connection to a replica that restarts: dropped; the poll finds it down meanwhile
  pool.on('error', () => {});
  limitEveryStatement(pool, poolMode);
  const onReplica = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  const onPrimary = primary.query.bind(primary) as (
    config: unknown,
    values?: unknown,
  ) => Promise<pg.QueryResult>;
  const reads = new ReplicaReads(
    (text) => onPrimary(text),
    (text) => onReplica(text),
    options.replicaMaxLagMs ?? 5000,
    options.onReplicaChange,
  );
  pool.query = (async (config: unknown, values?: unknown) => {
    if (!reads.usable()) return onPrimary(config, values);
    try {
      reads.reads += 1;
      return await onReplica(config, values);
    } catch (error) {
      const why = replicaFailure(error);
      if (!why) throw error;
      reads.failedOver(error as Error, why);
      return onPrimary(config, values);
    }
  }) as typeof pool.query;
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (poolMode === 'session') markPlansKept(db);
  await reads.start();
  return { db, reads, pool };
}

/** How long a lost listening connection waits before it reconnects. */
const LISTEN_RETRY_MS = 1000;

async function listenOnServer(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;
  const connect = async (again: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    const lost = () => {
      if (stopped || current !== client) return;
      current = undefined;
      client.end().catch(() => {});
      retry = setTimeout(() => {
        connect(true).catch(lost);
      }, LISTEN_RETRY_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${quoted}`);
    } catch (error) {
      if (!again) throw error;
      lost();
      return;
    }
    if (again) onReconnect?.();
  };
  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

/** The limits a pooled connection was last put under (statementLimitsKey). */
const LIMITS = Symbol('statement limits');
/** Set once the connection has its checked-out error listener. */
const GUARDED = Symbol('guarded');
type LimitedClient = pg.PoolClient & { [LIMITS]?: string; [GUARDED]?: true };

/**
 * The pool listens for errors of idle connections only. A connection that ends while checked out (the
 * server restarts, a pooler drops it) also emits 'error' after failing its queries, and an 'error' with
 * no listener ends the process. The failed query already reports it (and its connection is dropped on
 * release), so this listener has nothing more to do.
 */
function guardCheckedOut(client: LimitedClient): void {
  if (client[GUARDED]) return;
  client[GUARDED] = true;
  client.on('error', () => {});
}

/**
 * Every statement runs on a connection under the limits of the request it belongs to
 * (lib/statement-limits.ts): a connection is set (one round trip) only when its limits change. Both
 * ways Drizzle reaches the pool go through here: `query` for single statements (statements marked
 * planCached() also get their name) and `connect` for transactions. A statement that fails with a
 * PostgreSQL error (a timeout included) gives its connection back for reuse; any other failure
 * (the connection broke) drops it, as the pool itself does.
 */
function limitEveryStatement(pool: pg.Pool, poolMode: 'session' | 'transaction'): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const pooled = poolMode === 'transaction';
  const name = pooled ? <C>(config: C) => config : withPlanName;
  const checkout = async (): Promise<pg.PoolClient> => {
    const limits = currentStatementLimits();
    const client = (await connect()) as LimitedClient;
    guardCheckedOut(client);
    if (pooled) return client;
    const key = statementLimitsKey(limits);
    if ((client[LIMITS] ?? '') !== key) {
      try {
        await client.query(statementLimitsSql(limits));
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      client[LIMITS] = key;
    }
    return client;
  };
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    if (!callback) return checkout();
    checkout().then(
      (client) => callback(undefined, client, (error?: Error) => client.release(error)),
      (error) => callback(error),
    );
  }) as typeof pool.connect;
  pool.query = (async (config: unknown, values?: unknown) => {
    const client = await checkout();
    try {
      const result = await client.query(name(config) as pg.QueryConfig, values as unknown[]);
      client.release();
      return result;
    } catch (error) {
      if (!hasSqlState(error)) {
        client.release(error as Error);
        throw error;
      }
      // A script that opened a transaction (pg-boss sends `BEGIN; …; COMMIT`) and failed part-way
      // leaves its connection inside the failed transaction: given back so, every later statement there
      // failed with "current transaction is aborted" (a worker starting beside another lost its start
      // that way). It is rolled back before it goes back, or closed when even that fails.
      await client.query('rollback').then(
        () => client.release(),
        () => client.release(true),
      );
      throw error;
    }
  }) as typeof pool.query;
}

/** A PostgreSQL error (it has a five-character SQLSTATE): the connection itself is fine. */
function hasSqlState(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}
