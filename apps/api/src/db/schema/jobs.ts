import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A long background job being run, and the process running it (docs/deploy.md "Workers"): the
 * process beats every few seconds; a lease whose beat stops is taken back by any other process,
 * which fails the job on the job engine so that it is retried at once, instead of the engine waiting
 * out the job's expiry (minutes) after its worker was killed.
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    // the job engine's job id
    jobId: text('job_id').primaryKey(),
    queue: text('queue').notNull(),
    // host, process id and a random part: which process holds it, for the logs
    holder: text('holder').notNull(),
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_leases_holder_idx').on(t.holder), index('job_leases_beat_at_idx').on(t.beatAt)],
);
