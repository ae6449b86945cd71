// The job that writes the catalogue items' missing documents (catalogue_item_docs, docs/catalogue.md
// "What is kept between requests"; keeper-jobs.ts): every minute, when a run reads one row and stops
// if the catalogue's generation is the one its instance's last complete run filled for. Every change
// that deletes documents moves the generation in the same transaction
// (db/functions/09-catalogue-item-docs.sql).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { type FillRun, fillItemDocs } from '../../db/read-models/catalogue-item-docs';
import { queryRow } from '../../db/rows';
import { GENERATION } from './generation';
import { type Keeper, startKeeperJob } from './keeper-jobs';

export const ITEM_DOCS_QUEUE = 'catalogue-item-docs';

/** Fills the missing documents unless the catalogue has not changed since this keeper's last complete run. */
export function itemDocsKeeper(database: Database): Keeper<FillRun & { ms: number }> {
  let filledAt: number | null = null;
  return {
    async run(stop) {
      const row = await queryRow<{ n: number | null }>(database.db, sql`select ${GENERATION} as n`);
      const generation = row?.n === null || row?.n === undefined ? null : Number(row.n);
      if (generation !== null && generation === filledAt) return undefined;
      const started = Date.now();
      const run = await fillItemDocs(database.db, { stop });
      // the documents are those of `generation` or later: a change after the read above moved it again
      if (!run.stopped) filledAt = generation;
      return { ...run, ms: Date.now() - started };
    },
  };
}

export function startItemDocsJobs(deps: {
  boss: PgBoss;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<{ stop(): void }> {
  return startKeeperJob(deps, {
    queue: ITEM_DOCS_QUEUE,
    keeper: itemDocsKeeper(deps.database),
    logged: (run) => run.added > 0,
    message: 'catalogue item documents written',
  });
}
