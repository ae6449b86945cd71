// The job that writes the catalogue items' missing documents (catalogue_item_docs, docs/catalogue.md
// "What is kept between requests") on the job engine: queued once the server serves (a start never
// waits for it), then every minute. A run reads one row and stops when the catalogue's generation is
// the one its instance's last complete run filled for: every change that deletes documents moves the
// generation in the same transaction (db/functions/09-catalogue-item-docs.sql). The queue is
// `stately`: one run at a time across instances and at most one waiting.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { fillItemDocs } from '../../db/read-models/catalogue-item-docs';
import { queryRow } from '../../db/rows';
import { GENERATION } from './generation';

export const ITEM_DOCS_QUEUE = 'catalogue-item-docs';
const ITEM_DOCS_CRON = '* * * * *';
const FILL = 'fill';

/** Fills the missing documents unless the catalogue has not changed since this keeper's last complete run. */
export function itemDocsKeeper(database: Database) {
  let filledAt: number | null = null;
  return {
    async run(stop: () => boolean) {
      const row = await queryRow<{ n: number | null }>(database.db, sql`select ${GENERATION} as n`);
      const generation = row?.n === null || row?.n === undefined ? null : Number(row.n);
      if (generation !== null && generation === filledAt) return null;
      const started = Date.now();
      const run = await fillItemDocs(database.db, { stop });
      // the documents are those of `generation` or later: a change after the read above moved it again
      if (!run.stopped) filledAt = generation;
      return { ...run, ms: Date.now() - started };
    },
  };
}

export async function startItemDocsJobs(deps: {
  boss: PgBoss;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<{ stop(): void }> {
  const { boss, database, log } = deps;
  // set at shutdown: a run in progress ends after its current batch
  let stopping = false;
  const keeper = itemDocsKeeper(database);
  await boss.createQueue(ITEM_DOCS_QUEUE, { name: ITEM_DOCS_QUEUE, policy: 'stately', retryLimit: 1 });
  // one key for the scheduled runs and the start's, so `stately` holds them to one at a time
  await boss.schedule(ITEM_DOCS_QUEUE, ITEM_DOCS_CRON, {}, { tz: 'UTC', singletonKey: FILL });
  await boss.work(ITEM_DOCS_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    const run = await keeper.run(() => stopping);
    if (run && (run.added > 0 || run.stopped)) log.info(run, 'catalogue item documents written');
  });
  await boss.send(ITEM_DOCS_QUEUE, {}, { singletonKey: FILL });
  return {
    stop: () => {
      stopping = true;
    },
  };
}
