import { FEATURED_KINDS, type FeaturedKind } from '@cratedig/contract/catalogue-api';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { sqlList } from './sql-helpers';

/**
 * Editorial featured lists of the home page (docs/catalogue.md). item_id points into the table
 * named by kind; it has no foreign key because it is polymorphic, so readers join and skip misses.
 */
export const featured = pgTable(
  'featured',
  {
    kind: text('kind').$type<FeaturedKind>().notNull(),
    itemId: integer('item_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.position] }),
    unique('featured_kind_item_key').on(t.kind, t.itemId),
    check('featured_kind_check', sql`${t.kind} in (${sqlList(FEATURED_KINDS)})`),
  ],
);
