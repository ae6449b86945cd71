import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { artColumns } from './sql-helpers';

/** Where sets were recorded (docs/catalogue.md); featured ones open /search?s={name}. */
export const festivals = pgTable(
  'festivals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull().unique(),
    city: text('city'),
    country: text('country'),
    ...artColumns(),
  },
  (t) => [index('festivals_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);
