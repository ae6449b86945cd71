// The job engine (pg-boss on the app's own database, modules/notifications/jobs.ts, with the digest
// job on it) and the leases of its long jobs (job-leases.ts), as the job plugin every other job runs on
// (dependencies: [JOB_ENGINE]). Registered first, it starts first and stops last: its stop waits for
// the runs in progress (up to the engine's timeout), then gives back the leases they held.
import type PgBoss from 'pg-boss';
import { type JobLeases, startJobLeases } from '../job-leases';
import { startJobEngine } from '../modules/notifications/jobs';
import { type BackgroundJob, jobPlugin } from './job-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The running job engine and its leases; read by the jobs as they start (jobs/). */
    readonly jobEngine: RunningEngine;
  }
}

export interface RunningEngine {
  boss: PgBoss;
  leases: JobLeases;
}

export const JOB_ENGINE = 'cratedig-job-engine';

export const jobEngineJob: BackgroundJob = {
  name: JOB_ENGINE,
  description: 'the job engine',
  register(app) {
    app.decorate('jobEngine', {
      getter(): RunningEngine {
        if (!running.has(app)) throw new Error('the job engine has not started');
        return running.get(app) as RunningEngine;
      },
    });
  },
  async start(app) {
    const engine = await startJobEngine({ database: app.database, config: app.config, log: app.log });
    // a long job run here is leased, and any lease a killed process left is taken back from here
    const leases = startJobLeases({ boss: engine.boss, database: app.database, log: app.log });
    running.set(app, { boss: engine.boss, leases });
    return {
      async stop() {
        running.delete(app);
        // the runs end first, giving their leases back as they do
        await engine.stop();
        await leases.stop();
      },
    };
  },
};

/** The engine each app started (an app's plugins with fastify-plugin share the app itself). */
const running = new WeakMap<object, RunningEngine>();

export const jobEngine = jobPlugin(jobEngineJob);
