// Every background job on the job engine (pg-boss on the app's own database): by `npm start`'s
// process unless JOBS=false, as plugins of its app (jobs/), and by `cratedig worker`, which serves no
// HTTP, through startJobs: the same plugins on an app of their own that never listens. Any number of
// processes may run them: each queue is a singleton or `stately` across all of them, so a run happens
// once, and a process that dies mid-run leaves its job to be retried by another once the engine sees
// it expire (docs/deploy.md "Workers").
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { type BackgroundJob, backgroundJobs } from './jobs';
import type { MediaStore } from './lib/media-store';

export interface RunningJobs {
  boss: PgBoss;
  /** Runs in progress end at their next step (a set, a count); nothing new starts. */
  stopSoon(): void;
  /** stopSoon, then waits for the runs in progress (up to the engine's timeout) and stops the engine. */
  stop(): Promise<void>;
}

/** Starts the jobs; a job that fails to start stops those started before it, and the error is thrown. */
export async function startJobs(deps: {
  database: Database;
  config: AppConfig;
  media: MediaStore;
  log: FastifyBaseLogger;
  /** The jobs on the engine (default: all of them). */
  jobs?: readonly BackgroundJob[];
}): Promise<RunningJobs> {
  const stopping = new AbortController();
  const app = Fastify({ loggerInstance: deps.log });
  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('media', deps.media);
  await app.register(backgroundJobs, {
    stopping: stopping.signal,
    ...(deps.jobs ? { jobs: deps.jobs } : {}),
  });
  try {
    await app.ready();
  } catch (err) {
    await app.close();
    throw err;
  }
  return {
    boss: app.jobEngine.boss,
    stopSoon: () => stopping.abort(),
    stop: async () => {
      stopping.abort();
      await app.close();
    },
  };
}
