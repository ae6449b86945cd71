// Every background job on the job engine, as Fastify plugins registered in their start order: the
// engine first, then the jobs that must start (reading sets' audio, DJs' uploads), then the keepers,
// whose failed start costs time, not answers (short searches are counted by their first request,
// items without a document are built where they are read, old rate-limit hits only take room).
// The app (app.ts, `npm start` unless JOBS=false) and `cratedig worker` (job-runner.ts) register them
// alike; app.close() stops them in the reverse order (job-plugin.ts).
import fp from 'fastify-plugin';
import { startRateLimitJobs } from '../modules/accounts/rate-limit-jobs';
import { startItemDocsJobs } from '../modules/catalogue/item-docs-jobs';
import { startReadySearchJobs } from '../modules/catalogue/ready-search-jobs';
import { startFingerprintJobs } from '../modules/fingerprints/jobs';
import { startPublishJobs } from '../modules/publish/jobs';
import { JOB_ENGINE, jobEngine } from './engine';
import { type BackgroundJob, type JobPluginOptions, jobPlugin } from './job-plugin';

export type { BackgroundJob, RunningJob } from './job-plugin';

const onEngine = [JOB_ENGINE];

/**
 * The jobs on the engine, in their start order. Their modules' `stop()` only tells their runs to end
 * early (it is their stopSoon): the runs end, and their workers stop, with the engine.
 */
export const BACKGROUND_JOBS: readonly BackgroundJob[] = [
  {
    name: 'cratedig-job-fingerprints',
    description: "the job reading sets' audio",
    dependencies: onEngine,
    // the first start never waits for the audio to be read: the job is queued and runs on its own
    start: async (app) => {
      const { boss, leases } = app.jobEngine;
      const job = await startFingerprintJobs({
        boss,
        database: app.database,
        media: app.media,
        log: app.log,
        leases,
      });
      return { stopSoon: job.stop };
    },
  },
  {
    name: 'cratedig-job-publish',
    description: "the job processing DJs' uploads",
    dependencies: onEngine,
    // DJs' uploads wait for their processing: it starts with the engine, not after the keepers
    start: async (app) => {
      const { boss, leases } = app.jobEngine;
      const job = await startPublishJobs({
        boss,
        database: app.database,
        config: app.config,
        media: app.media,
        log: app.log,
        leases,
      });
      return { stopSoon: job.stop };
    },
  },
  {
    name: 'cratedig-job-ready-searches',
    description: 'the job keeping short list searches ready',
    optional: true,
    dependencies: onEngine,
    start: async (app) => {
      const job = await startReadySearchJobs({
        boss: app.jobEngine.boss,
        database: app.database,
        log: app.log,
      });
      return { stopSoon: job.stop };
    },
  },
  {
    name: 'cratedig-job-item-docs',
    description: 'the job writing catalogue item documents',
    optional: true,
    dependencies: onEngine,
    start: async (app) => {
      const job = await startItemDocsJobs({ boss: app.jobEngine.boss, database: app.database, log: app.log });
      return { stopSoon: job.stop };
    },
  },
  {
    name: 'cratedig-job-rate-limits',
    description: 'the job forgetting old rate-limit hits',
    optional: true,
    dependencies: onEngine,
    start: async (app) => {
      await startRateLimitJobs({
        boss: app.jobEngine.boss,
        database: app.database,
        config: app.config,
        log: app.log,
      });
      return undefined;
    },
  },
];

export interface BackgroundJobsOptions extends JobPluginOptions {
  /** The jobs on the engine (default: BACKGROUND_JOBS); tests add one that fails. */
  jobs?: readonly BackgroundJob[];
}

export const backgroundJobs = fp<BackgroundJobsOptions>(
  async (app, { jobs = BACKGROUND_JOBS, stopping }) => {
    const options = stopping ? { stopping } : {};
    await app.register(jobEngine, options);
    for (const job of jobs) await app.register(jobPlugin(job), options);
    // Once every job has started (their queues made), the requests' jobs go through this engine
    // rather than a send-only one of the app's own (job-sender.ts).
    app.addHook('onReady', async () => {
      if (stopping?.aborted || !app.hasDecorator('jobSender')) return;
      app.jobSender.attach(app.jobEngine.boss);
    });
  },
  { name: 'cratedig-background-jobs', fastify: '5.x' },
);
