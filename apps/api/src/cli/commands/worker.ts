// `cratedig worker`: runs the background jobs (job-runner.ts: fingerprints, digests, the search and
// catalogue keepers, rate-limit upkeep) without serving HTTP, until SIGTERM or Ctrl-C. Any number of
// workers and API instances share the work through the job engine; API instances started with
// JOBS=false leave it to the workers (docs/deploy.md "Workers").
import pino from 'pino';
import { startJobs } from '../../job-runner';
import { openMediaStore } from '../../lib/open-media-store';
import { loggerOptions } from '../../plugins/logging';
import { type Command, CommandError } from '../command';

const usage = `usage: npm run cratedig -- worker

Runs the background jobs (reading sets' audio, digests, keeping searches and item documents ready,
forgetting old rate-limit hits) on the PostgreSQL server of DATABASE_URL, without serving HTTP, until
it is stopped (SIGTERM or Ctrl-C: runs in progress end after their current step). Start API instances
with JOBS=false to leave the jobs to the workers. On the embedded database the server runs the jobs
itself.`;

export const workerCommand: Command = {
  name: 'worker',
  summary: 'run the background jobs without serving HTTP (PostgreSQL), until stopped',
  usage,
  async run(ctx, args) {
    if (args.length > 0) throw new CommandError(usage, 2);
    if (ctx.database.kind !== 'postgres') {
      throw new CommandError(
        'worker: a worker needs a PostgreSQL server (DATABASE_URL); on the embedded database the server runs the jobs itself.',
      );
    }
    const log = pino(loggerOptions(ctx.config)).child({ worker: process.pid });
    const media = await openMediaStore(ctx.config);
    const stopped = new Promise<string>((resolve) => {
      process.once('SIGTERM', () => resolve('SIGTERM'));
      process.once('SIGINT', () => resolve('SIGINT'));
    });
    const jobs = await startJobs({ database: ctx.database, config: ctx.config, media, log });
    log.info(`worker ${process.pid} runs the background jobs (media in ${media.location})`);
    const signal = await stopped;
    log.info(`${signal} received: runs in progress end after their current step`);
    await jobs.stop();
    await media.close();
    log.info('worker stopped');
    return 0;
  },
};
