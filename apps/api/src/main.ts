// `npm start`'s process: config -> database -> migrate -> (demo seed on an empty catalogue) -> the
// app's background jobs start unless JOBS=false (jobs/, as the app gets ready) -> listen -> warm up
// (the health check says "starting" meanwhile) -> ready, with graceful shutdown: on a signal, requests
// in flight finish (up to a timeout) before the server, then the jobs, then the database close.

import closeWithGrace from 'close-with-grace';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { CommandOutput } from './cli/command';
import {
  type ControlSocket,
  claimControlSocket,
  controlSocketPath,
  DatabaseInUse,
} from './cli/control-socket';
import { runCommandLine } from './cli/run-command';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { type ReplicaState, replicaWhileUsable } from './db/replica';
import { queryRow } from './db/rows';
import { registerConnectionDrain } from './lib/connection-drain';
import { listenersFirst } from './lib/listeners-first';
import { startingReadiness } from './lib/readiness';
import { warmUp } from './lib/warm-up';
import { checkHealth } from './modules/health/service';
import { preloadSearchIndex, warmSearchConnections } from './modules/search/service';
import { serviceContext } from './plugins/service-context';

/** Past this, shutdown stops waiting for in-flight requests and exits 1 (a load balancer's drain). */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * How long open keep-alive connections get to receive one last answer with `Connection: close`
 * before the server closes; shutdown moves on as soon as none is open.
 */
const DRAIN_WINDOW_MS = 1000;
/**
 * The warm-up's limit: past it the server reports ready anyway (a slow disk or a loaded machine must
 * not keep an instance out of its load balancer). It takes well under a second on an idle machine.
 */
const WARM_UP_BUDGET_MS = 5000;

async function main(): Promise<void> {
  const config = configOrExit();
  // The embedded database belongs to one process: take its control socket before opening it, so that
  // neither a second server nor a command opens the same folder (cli/control-socket.ts).
  const control = config.databaseUrl ? undefined : await controlSocketOrExit(config);
  let logIdleError = (error: Error) => console.warn(`database connection lost: ${error.message}`);
  let logReplica = (state: ReplicaState, why: string) =>
    console.warn(`replica ${state.up ? 'usable' : 'skipped'}: ${why}`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolMode: config.databasePoolMode,
    listenUrl: config.databaseListenUrl,
    dataDir: config.pgliteDir,
    onIdleClientError: (error) => logIdleError(error),
    replicaUrl: config.databaseReplicaUrl,
    replicaMaxLagMs: config.replicaMaxLagMs,
    onReplicaChange: (state, why) => logReplica(state, why),
  });
  // The app is built first so that start-up work logs through the same (redacting) logger. Its
  // background jobs (jobs/, unless JOBS=false) start as it gets ready, before it listens, and stop as
  // it closes. Listening comes before readiness: until the warm-up is done the health check answers
  // 503 starting.
  const readiness = startingReadiness();
  // Aborted as shutdown begins: the warm-up stops, and the jobs' runs in progress end at their next
  // step (a fill after its current count, a fingerprint run after its set) while requests finish.
  const shutdown = new AbortController();
  const jobs = config.jobs ? { stopping: shutdown.signal } : undefined;
  const app = await buildApp(config, { database, readiness, ...(jobs ? { jobs } : {}) });
  const connections = registerConnectionDrain(app);
  logIdleError = (err) =>
    app.log.warn({ err }, 'an idle database connection failed; the pool reconnects on the next query');
  logReplica = (state, why) =>
    app.log.warn(
      { lagMs: Number.isFinite(state.lagMs) ? state.lagMs : null },
      database.replica?.reads.usable()
        ? `the replica serves reads again (${why})`
        : `reads go to the primary: the replica is ${why}`,
    );

  closeWithGrace(
    { delay: SHUTDOWN_TIMEOUT_MS, logger: { error: (message: string) => app.log.error(message) } },
    async ({ signal, err }) => {
      shutdown.abort();
      if (err) app.log.error({ err }, 'shutting down after an error');
      else app.log.info(`${signal ?? 'exit'} received, finishing in-flight requests`);
      // Open keep-alive connections get their last answer with `Connection: close`; then Fastify stops
      // accepting, waits for in-flight requests and drops idle sockets (forceCloseConnections: 'idle'),
      // and the background jobs stop, in the reverse order of their start. A close during the start
      // waits for the jobs' start to end; those not started by then are not.
      if (app.server.listening) await connections.drain(DRAIN_WINDOW_MS);
      await app.close();
      await control?.close();
      await database.close();
      app.log.info('stopped');
    },
  );

  try {
    await prepareDatabase(app, database, config);
    if (shutdown.signal.aborted) return;
    if (!config.jobs) app.log.info('background jobs are left to the workers (JOBS=false)');
    await app.listen({ port: config.port, host: config.host });
    // Operator commands sent to the socket run here, on this process's database handle; what they
    // change is visible to the next request at once (nothing caches catalogue rows in-process).
    control?.serve((request, out) =>
      runCommandLine(request.argv, { database, config, out: teeToLog(app, out), cwd: request.cwd }),
    );
    const warm = await warmUp(app, {
      distDir: config.webDistDir,
      signal: shutdown.signal,
      budgetMs: WARM_UP_BUDGET_MS,
      pingDatabase: () => checkHealth(serviceContext(app)),
      warmDatabase: () => warmSearchConnections(serviceContext(app), database.connections),
    });
    if (shutdown.signal.aborted) return;
    const what = warm.webApp ? `first screen (${warm.served.length} files) and database` : 'database';
    const stop = warm.outcome === 'done' ? '' : ` (stopped: ${warm.outcome})`;
    app.log.info(`warmed up the ${what} in ${warm.ms} ms${stop}`);
  } catch (err) {
    // A signal during start-up closes the database under the seed; close-with-grace exits then.
    if (shutdown.signal.aborted) return;
    app.log.fatal({ err }, 'start-up failed');
    // a job that failed to start, or a listen that failed: the jobs that had started stop
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
  readiness.markReady();
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    `Cratedig is serving on http://${host}:${port} (${database.kind === 'pglite' ? `embedded PGlite in ${config.pgliteDir}` : 'PostgreSQL server'})`,
  );
  // Searches are answered by the database until the in-memory index has loaded (docs/search.md).
  preloadSearchIndex(serviceContext(app), {
    onIndexError: (err) => app.log.error({ err }, 'the search index did not load'),
    onKept: (kept) => app.log.info(kept, 'the most popular items kept for the first searches'),
    onKeepError: (err) => app.log.warn({ err }, 'the most popular items were not kept ahead'),
    pace: listenersFirst,
    // the index's loads (a million documents) read the replica while it keeps up
    ...(database.replica ? { replica: replicaWhileUsable(database.replica) } : {}),
  });
}

/** The settings, or their problems on stderr and exit code 1. */
function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The embedded database's control socket, or exit code 1 when another process holds the folder. */
async function controlSocketOrExit(config: AppConfig): Promise<ControlSocket> {
  try {
    return await claimControlSocket(
      controlSocketPath(config),
      'The Cratedig server is starting; try the command again in a moment.',
    );
  } catch (error) {
    if (error instanceof DatabaseInUse) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** A command's output goes to its operator, and its refusals and errors to the server log too. */
function teeToLog(app: FastifyInstance, out: CommandOutput): CommandOutput {
  return {
    ...out,
    error: (text: string) => {
      app.log.warn(`command: ${text}`);
      out.error(text);
    },
  };
}

async function prepareDatabase(app: FastifyInstance, database: Database, config: AppConfig): Promise<void> {
  const started = Date.now();
  await migrate(database);
  app.log.info(`database migrated in ${Date.now() - started} ms`);
  if (!config.seedDemo || !(await catalogueIsEmpty(database))) return;

  app.log.info('the catalogue is empty: loading the demo catalogue');
  const seedStarted = Date.now();
  // Imported only when needed, so a normal start does not load the seed code and its generators.
  const { seedDemo } = await import('./db/seed/demo');
  await seedDemo(database, { mediaDir: config.mediaDir, log: (message: string) => app.log.info(message) });
  if (app.media.kind !== 'folder') {
    // the demo's media are made in MEDIA_DIR, then copied into the bucket the settings name
    const { copyFolderToStore } = await import('./lib/media-copy');
    const copied = await copyFolderToStore(config.mediaDir, app.media);
    if (copied.mismatched.length > 0) {
      throw new Error(`demo media: ${copied.mismatched.length} files did not reach ${app.media.location}`);
    }
    app.log.info(`demo media: ${copied.copied} files copied to ${app.media.location}`);
  }
  app.log.info(`demo catalogue loaded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
}

async function catalogueIsEmpty(database: Database): Promise<boolean> {
  const row = await queryRow<{ present: boolean }>(
    database.db,
    sql`select exists(select 1 from sets) as present`,
  );
  return row?.present !== true;
}

await main();
