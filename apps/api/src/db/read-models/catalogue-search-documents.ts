// The search documents read whole, for the search index kept in memory (modules/search/
// index-keeper.ts, docs/search.md "The index in memory"): how many there are, and each kind's in
// ranking order (popularity, then name, then id) through a cursor, a batch at a time. Part of the
// catalogue read layer: the documents are the catalogue's own index, rebuilt by its refresh functions.
import type { SearchKind } from '@cratedig/contract/search';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRow, queryRows, type SqlRunner } from '../rows';

export interface SearchDocument {
  item_id: number;
  name: string;
  body: string;
}

/** How many search documents there are (search_terms' empty word counts every document of a kind). */
export async function searchDocumentCount(db: Db): Promise<number> {
  const row = await queryRow<{ n: string | number | null }>(
    db,
    sql`select sum(docs) as n from search_terms where word = ''`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Hands `take` one kind's documents in ranking order, `batch` at a time, through a cursor of the
 * transaction `tx` (so a million documents never sit in memory as rows at once). `between` runs after
 * each full batch.
 */
export async function readSearchDocuments(
  tx: SqlRunner,
  kind: SearchKind,
  batch: number,
  take: (rows: SearchDocument[]) => void,
  between: () => Promise<void>,
): Promise<void> {
  // kinds are whitelisted names; the popularity condition lets the ranking-order index serve
  await tx.execute(
    sql.raw(`declare search_index_docs no scroll cursor for
      select d.item_id, d.name, d.body from search_documents d
      where d.kind = '${kind}' and d.popularity >= 0
      order by d.popularity desc, d.name, d.item_id`),
  );
  for (;;) {
    const rows = await queryRows<SearchDocument>(
      tx,
      sql.raw(`fetch forward ${Math.trunc(batch)} from search_index_docs`),
    );
    take(rows);
    if (rows.length < batch) break;
    await between();
  }
  await tx.execute(sql.raw('close search_index_docs'));
}
