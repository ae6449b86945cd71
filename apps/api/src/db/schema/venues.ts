import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { artColumns } from './sql-helpers';

/** Clubs where sets were recorded; featured ones open /search?s={name}. */
export const venues = pgTable(
  'venues',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull().unique(),
    city: text('city'),
    country: text('country'),
    ...artColumns(),
  },
  (t) => [index('venues_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);
