import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Exact list totals kept by refresh_catalogue_stats(), so `pagination.total` is O(1) at a million
 * rows. list: sets | tracks | ids | artists | labels | festivals | venues; genre '' means all genres.
 * 'tracks' counts every track including IDs; 'ids' counts mix_type ID only.
 */
export const catalogueCounts = pgTable(
  'catalogue_counts',
  {
    list: text('list').notNull(),
    genre: text('genre').notNull().default(''),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.genre] })],
);
