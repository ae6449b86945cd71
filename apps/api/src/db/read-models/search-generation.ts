// The search documents' generation (search_generation: the search module's table, one row whose number a
// trigger renews after any statement writing search_documents or search_terms; docs/search.md "What is
// kept between searches"). Read by the search, which checks what it kept against it, and by the
// catalogue's job that keeps short list searches ready, which the search cannot be asked for: the
// search reads the catalogue's items through the catalogue's service.
import { sql } from 'drizzle-orm';

/** The search documents' generation, as a scalar SQL expression (read alongside another statement). */
export const SEARCH_GENERATION = sql`(select n from search_generation)`;
