// A keeper on the job engine: work that brings something the database keeps up to date with the
// catalogue (short list searches kept ready, item documents), queued once the server serves (a start
// never waits for it), then every minute. Its queue is `stately`: one run at a time across instances
// and at most one waiting, so a slow run never piles up runs. A keeper's run costs one read of one row
// when nothing changed since its last, and ends at its next step once the server shuts down.
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { createQueue } from '../../job-queues';

const EVERY_MINUTE = '* * * * *';
// one key for the scheduled runs and the start's, so `stately` holds them to one at a time
const SINGLETON = 'fill';

export interface Keeper<Run> {
  /** One run, asking `stop` between its steps; undefined when there was nothing to do. */
  run(stop: () => boolean): Promise<Run | undefined>;
}

export async function startKeeperJob<Run extends { stopped: boolean }>(
  deps: { boss: PgBoss; log: FastifyBaseLogger },
  job: {
    queue: string;
    keeper: Keeper<Run>;
    /** Whether a run is worth a line in the log (with the run's figures). */
    logged: (run: Run) => boolean;
    message: string;
  },
): Promise<{ stop(): void }> {
  const { boss, log } = deps;
  // set at shutdown: a run in progress ends after its current step
  let stopping = false;
  await createQueue(boss, job.queue, { name: job.queue, policy: 'stately', retryLimit: 1 });
  await boss.schedule(job.queue, EVERY_MINUTE, {}, { tz: 'UTC', singletonKey: SINGLETON });
  await boss.work(job.queue, { pollingIntervalSeconds: 10 }, async () => {
    const run = await job.keeper.run(() => stopping);
    if (!run || !(run.stopped || job.logged(run))) return;
    const figures: object = run;
    log.info(figures, job.message);
  });
  await boss.send(job.queue, {}, { singletonKey: SINGLETON });
  return {
    stop: () => {
      stopping = true;
    },
  };
}
