import { type SQL, sql } from 'drizzle-orm';
import { text } from 'drizzle-orm/pg-core';

/** `'a', 'b'` for CHECK ... IN (...) built from the contract's vocabularies, so the two never drift. */
export function sqlList(values: readonly string[]): SQL {
  return sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
}

/** Artwork in the two sizes every catalogue entity carries (docs/catalogue.md art_url_sm / art_url_xl). */
export function artColumns() {
  return {
    artUrlSm: text('art_url_sm'),
    artUrlXl: text('art_url_xl'),
  };
}
