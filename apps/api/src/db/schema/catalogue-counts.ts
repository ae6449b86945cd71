import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgSequence, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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

/** The numbers of catalogue_generation, drawn in commit order of the writers (see below). */
export const catalogueGenerationSeq = pgSequence('catalogue_generation_seq');

/**
 * One row: the catalogue's generation, moved on after every statement that changes what a catalogue
 * page shows to everyone (names, credits, places, order, totals, relations), but not after a like,
 * whose counts are read fresh on every request anyway (docs/catalogue.md "What is kept between
 * requests"). The triggers are kept by db/functions/07-catalogue-generation.sql; the catalogue's page
 * cache is tagged with it (modules/catalogue/page-cache.ts).
 */
export const catalogueGeneration = pgTable(
  'catalogue_generation',
  {
    id: boolean('id').primaryKey().default(true).notNull(),
    n: bigint('n', { mode: 'number' }).default(0).notNull(),
  },
  (t) => [check('catalogue_generation_id_check', sql`${t.id}`)],
);

/**
 * Each catalogue item's JSON as it is for every listener (db/read-models/catalogue-items.ts
 * sharedItemText), kept so that reading an item by id does not build it again: kind is the item's
 * table (sets | tracks | artists | labels). A row is only ever the item as the catalogue is now:
 * triggers delete it, in the writer's transaction, when anything it shows changes, and a background
 * job writes the missing ones (db/functions/09-catalogue-item-docs.sql, docs/catalogue.md "What is
 * kept between requests"). An item without a row is built where it is read.
 */
export const catalogueItemDocs = pgTable(
  'catalogue_item_docs',
  {
    kind: text('kind').notNull(),
    id: integer('id').notNull(),
    doc: text('doc').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);
