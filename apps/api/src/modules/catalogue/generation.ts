// The catalogue's generation as its statements read it (db/functions/07-catalogue-generation.sql):
// a page is kept with the number its own statement read (page-cache.ts).
import { sql } from 'drizzle-orm';

/** The catalogue's generation as a column of a statement; null only if its row was emptied. */
export const GENERATION = sql`(select n from catalogue_generation)::float8`;

/** An item as its statement found it, with the generation the same statement read. */
export interface Found<T> {
  item: T;
  generation: number | null;
}
