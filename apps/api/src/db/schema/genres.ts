import { integer, pgTable, text } from 'drizzle-orm/pg-core';

// docs/catalogue.md: the 20 genres. The rows are inserted by a migration (0002) so that every database has
// them before anything references them; `position` keeps the spec's order for pickers.
export const genres = pgTable('genres', {
  name: text('name').primaryKey(),
  position: integer('position').notNull().unique(),
});
