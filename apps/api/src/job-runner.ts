// Every background job on the job engine (pg-boss on the app's own database), started together:
// by `npm start`'s process unless JOBS=false, and by `cratedig worker`, which serves no HTTP. Any
// number of processes may run them: each queue is a singleton or `stately` across all of them, so a
// run happens once, and a process that dies mid-run leaves its job to be retried by another once the
// engine sees it expire (docs/deploy.md "Workers").
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { startJobLeases } from './job-leases';
import type { MediaStore } from './lib/media-store';
import { startRateLimitJobs } from './modules/accounts/rate-limit-jobs';
import { startItemDocsJobs } from './modules/catalogue/item-docs-jobs';
import { startReadySearchJobs } from './modules/catalogue/ready-search-jobs';
import { startFingerprintJobs } from './modules/fingerprints/jobs';
import { startJobEngine } from './modules/notifications/jobs';
import { startPublishJobs } from './modules/publish/jobs';

export interface RunningJobs {
  boss: PgBoss;
  /** Runs in progress end at their next step (a set, a count); nothing new starts. */
  stopSoon(): void;
  /** stopSoon, then waits for the runs in progress (up to the engine's timeout) and stops the engine. */
  stop(): Promise<void>;
}

export async function startJobs(deps: {
  database: Database;
  config: AppConfig;
  media: MediaStore;
  log: FastifyBaseLogger;
}): Promise<RunningJobs> {
  const { database, config, media, log } = deps;
  const engine = await startJobEngine({ database, config, log });
  // a long job run here is leased, and any lease a killed process left is taken back from here
  const leases = startJobLeases({ boss: engine.boss, database, log });
  const stoppers: { stop(): void }[] = [];
  const stopSoon = () => {
    for (const s of stoppers) s.stop();
  };
  try {
    // the first start never waits for the audio to be read: the job is queued and runs on its own
    stoppers.push(await startFingerprintJobs({ boss: engine.boss, database, media, log, leases }));
    // DJs' uploads wait for their processing: it starts with the engine, not after the keepers
    stoppers.push(await startPublishJobs({ boss: engine.boss, database, config, media, log, leases }));
  } catch (err) {
    await engine.stop();
    await leases.stop();
    throw err;
  }
  // A keeper that does not start costs time, not answers: short searches are counted by their first
  // request, items without a document are built where they are read, old rate-limit hits only take room.
  const keepers: [string, () => Promise<{ stop(): void } | undefined>][] = [
    [
      'the job keeping short list searches ready',
      () => startReadySearchJobs({ boss: engine.boss, database, log }),
    ],
    [
      'the job writing catalogue item documents',
      () => startItemDocsJobs({ boss: engine.boss, database, log }),
    ],
    [
      'the job forgetting old rate-limit hits',
      async () => {
        await startRateLimitJobs({ boss: engine.boss, database, config, log });
        return undefined;
      },
    ],
  ];
  for (const [name, start] of keepers) {
    try {
      const started = await start();
      if (started) stoppers.push(started);
    } catch (err) {
      log.error({ err }, `${name} did not start`);
    }
  }
  return {
    boss: engine.boss,
    stopSoon,
    stop: async () => {
      stopSoon();
      // the runs end first, giving their leases back as they do
      await engine.stop();
      await leases.stop();
    },
  };
}
