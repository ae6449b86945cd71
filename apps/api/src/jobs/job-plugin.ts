// One background job as a Fastify plugin (fastify-plugin, so its hooks are the app's own):
// - it starts when the app gets ready (onReady, in the order the jobs were registered; before the
//   server listens), unless the app has begun to close;
// - its runs in progress are told to end at their next step as soon as shutdown begins (the
//   `stopping` signal main.ts aborts on SIGTERM, else the app's preClose);
// - it stops when the app closes (onClose, in the reverse order of registration: a job before the
//   engine it runs on).
// A start that throws fails app.ready(): the app's close then stops the jobs that had started, and
// the jobs after it never start. An optional job's failed start is logged and the app goes on
// without it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a started job gives back. */
export interface RunningJob {
  /** Runs in progress end at their next step (a set, a count); nothing new starts. */
  stopSoon?(): void;
  /** Stops the job; runs in progress have been told to stop soon first. */
  stop?(): Promise<void> | void;
}

export interface BackgroundJob {
  /** The plugin's name, for the `dependencies` of the jobs that need it. */
  name: string;
  /** What the job does, for the log: `${description} did not start`. */
  description: string;
  /** Its failed start costs time, not answers: it is logged and the app starts without the job. */
  optional?: boolean;
  /** Plugins that must be registered first (the job engine). */
  dependencies?: string[];
  /** At registration: decorations the app gets from the job (read once it has started). */
  register?(app: FastifyInstance): void;
  start(app: FastifyInstance): Promise<RunningJob | undefined>;
}

export interface JobPluginOptions {
  /** Aborted as shutdown begins, before the app closes (main.ts: while in-flight requests finish). */
  stopping?: AbortSignal;
}

export function jobPlugin(job: BackgroundJob) {
  return fp<JobPluginOptions>(
    async (app, { stopping }) => {
      job.register?.(app);
      let running: RunningJob | undefined;
      let toldToStop = false;
      const stopSoon = () => {
        if (!running || toldToStop) return;
        toldToStop = true;
        running.stopSoon?.();
      };
      stopping?.addEventListener('abort', stopSoon, { once: true });
      app.addHook('onReady', async () => {
        // a signal during the start: what has not started yet does not
        if (stopping?.aborted) return;
        try {
          running = await job.start(app);
        } catch (err) {
          if (!job.optional) throw err;
          app.log.error({ err }, `${job.description} did not start`);
          return;
        }
        if (stopping?.aborted) stopSoon();
      });
      app.addHook('preClose', async () => stopSoon());
      app.addHook('onClose', async () => {
        stopping?.removeEventListener('abort', stopSoon);
        stopSoon();
        const stopped = running;
        running = undefined;
        await stopped?.stop?.();
      });
    },
    { name: job.name, fastify: '5.x', ...(job.dependencies ? { dependencies: job.dependencies } : {}) },
  );
}
