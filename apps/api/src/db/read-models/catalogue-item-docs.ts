// Each catalogue item's JSON as it is for every listener, kept in catalogue_item_docs so that a search
// reads it instead of building it (docs/catalogue.md "What is kept between requests"): 22 items in full
// cost PostgreSQL 1.1–1.6 ms built, 0.8–0.9 ms read from their documents with their own fields added
// (bench/README.md "Item documents"). The triggers of
// db/functions/09-catalogue-item-docs.sql delete a document in the transaction that changes anything
// it shows; fillItemDocs writes the missing ones. An item without a document is built where it is read.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRow, type SqlRunner } from '../rows';
import { sharedItemText } from './catalogue-items';
import { ITEMS_KINDS, type ItemsKind } from './catalogue-items-by-id';

/** Below every id: where a fill of one kind starts. */
const BEFORE_EVERY_ID = -2147483648;

/** The function that writes the missing documents of one kind after an id (itemDocsFunctionsScript). */
export const itemDocsFill = (kind: ItemsKind): string => `cd_item_docs_fill_${kind}`;

/**
 * `cd_item_docs_fill_<kind>(p_after int, p_limit int)`: writes the documents of at most p_limit items
 * of the kind without one, the first by id after p_after, and answers the last id it looked at (null:
 * none was left) and how many it wrote. It finds the items without a lock, then holds
 * catalogue_generation's row FOR SHARE before it builds and writes their documents, so no catalogue
 * writer changes anything between that read and its commit (09-catalogue-item-docs.sql), and a writer
 * waits for one batch's writing at most, never for the scan (1–3 s at a million tracks when nothing is
 * missing). VOLATILE, so its statements read the catalogue as it is once the lock is held.
 *
 * The documents are of the shape the read model gave when they were written. So each function's
 * comment holds a digest of the SQL that writes its kind's documents, and when a start brings other
 * SQL (an item's shape changed), that kind's documents are deleted before the function is replaced:
 * until the job writes them again, its items are built where they are read.
 */
export function itemDocsFunctionsScript(): string {
  const dialect = new PgDialect();
  return ITEMS_KINDS.map((kind) => {
    const doc = dialect.sqlToQuery(sharedItemText(kind));
    if (doc.params.length > 0) throw new Error('an item document must have no parameters');
    const shape = createHash('sha256').update(doc.sql).digest('hex').slice(0, 16);
    const fill = `${itemDocsFill(kind)}(int, int)`;
    return `DO $do$
BEGIN
  IF to_regprocedure('${fill}') IS NULL
     OR obj_description(to_regprocedure('${fill}'), 'pg_proc') IS DISTINCT FROM 'shape ${shape}' THEN
    -- as a catalogue writer does: a fill in progress commits first, and one that comes after sees
    -- this start's comment and writes nothing of the old shape
    PERFORM 1 FROM catalogue_generation FOR NO KEY UPDATE;
    DELETE FROM catalogue_item_docs WHERE kind = '${kind}';
  END IF;
END
$do$;
CREATE OR REPLACE FUNCTION ${itemDocsFill(kind)}(p_after int, p_limit int)
RETURNS TABLE (last_id int, added int) LANGUAGE plpgsql AS $fn$
DECLARE
  ids int[];
  n int;
BEGIN
  -- which items lack a document: a scan of the whole kind when none does, so without the lock
  SELECT array_agg(x.id ORDER BY x.id) INTO ids FROM (
    SELECT i.id FROM ${kind} i
    WHERE i.id > p_after
      AND NOT EXISTS (SELECT 1 FROM catalogue_item_docs d WHERE d.kind = '${kind}' AND d.id = i.id)
    ORDER BY i.id LIMIT p_limit) x;
  IF ids IS NULL THEN
    RETURN QUERY SELECT NULL::int, 0;
    RETURN;
  END IF;
  -- held from here to the commit: no catalogue writer changes what the next statement reads
  PERFORM 1 FROM catalogue_generation FOR SHARE;
  -- a start with another shape replaced this function meanwhile: its documents are not this one's
  IF obj_description(to_regprocedure('${fill}'), 'pg_proc') IS DISTINCT FROM 'shape ${shape}' THEN
    RETURN QUERY SELECT NULL::int, 0;
    RETURN;
  END IF;
  INSERT INTO catalogue_item_docs (kind, id, doc)
    SELECT '${kind}', i.id, ${doc.sql} FROM ${kind} i WHERE i.id = ANY (ids)
    ON CONFLICT (kind, id) DO NOTHING;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN QUERY SELECT ids[cardinality(ids)], n;
END
$fn$;
COMMENT ON FUNCTION ${fill} IS 'shape ${shape}';
`;
  }).join('\n');
}

export interface FillRun {
  /** Documents written. */
  added: number;
  /** Statements run (each one batch of one kind). */
  batches: number;
  /** Whether `stop` ended the run before every kind was done. */
  stopped: boolean;
}

/**
 * Writes every missing document, `batch` items per statement (each its own transaction, so a
 * catalogue writer waits for one batch at most), kind after kind; `stop` is asked between batches.
 */
export async function fillItemDocs(
  db: SqlRunner,
  options: { batch?: number; stop?: () => boolean } = {},
): Promise<FillRun> {
  const batch = options.batch ?? 500;
  const run: FillRun = { added: 0, batches: 0, stopped: false };
  for (const kind of ITEMS_KINDS) {
    let after = BEFORE_EVERY_ID;
    for (;;) {
      if (options.stop?.()) return { ...run, stopped: true };
      const row = await queryRow<{ last_id: number | null; added: number }>(
        db,
        sql`select last_id, added from ${sql.raw(itemDocsFill(kind))}(${after}::int, ${batch}::int)`,
      );
      run.batches += 1;
      run.added += Number(row?.added ?? 0);
      if (row?.last_id === null || row?.last_id === undefined) break;
      after = row.last_id;
    }
  }
  return run;
}
