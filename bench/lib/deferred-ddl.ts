import type pg from 'pg';

/**
 * Keys, indexes and foreign keys of a group of tables, read from the live catalogue so the generator
 * follows whatever the migrations define. Bulk loads run far faster into bare tables; the definitions are
 * put back verbatim (pg_get_constraintdef / pg_get_indexdef) inside the same transaction, so the schema
 * ends exactly as the migrations left it, or the whole load rolls back.
 */
export interface DeferredDdl {
  /** Primary keys and unique constraints: restored first (foreign keys need them). */
  keys: Statement[];
  /** Plain indexes (btree, GIN trigram, partial): restored after the data. */
  indexes: Statement[];
  /** Foreign keys from or to these tables: restored last, which validates every row in one pass each. */
  foreignKeys: Statement[];
}

interface Statement {
  name: string;
  drop: string;
  create: string;
}

export async function captureDdl(client: pg.Client, tables: readonly string[]): Promise<DeferredDdl> {
  const rels = `array[${tables.map((t) => `'public.${t}'`).join(',')}]::regclass[]`;
  const constraints = await client.query<{ tbl: string; name: string; def: string; contype: string }>(
    `select conrelid::regclass::text as tbl, quote_ident(conname) as name, pg_get_constraintdef(oid) as def,
            contype::text as contype
     from pg_constraint
     where (contype in ('p', 'u') and conrelid = any(${rels}))
        or (contype = 'f' and (conrelid = any(${rels}) or confrelid = any(${rels})))
     order by conrelid::regclass::text, conname`,
  );
  const indexes = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i
     where i.indrelid = any(${rels})
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
     order by 1`,
  );
  const constraint = (r: { tbl: string; name: string; def: string }): Statement => ({
    name: r.name,
    drop: `alter table ${r.tbl} drop constraint ${r.name}`,
    create: `alter table ${r.tbl} add constraint ${r.name} ${r.def}`,
  });
  return {
    keys: constraints.rows.filter((r) => r.contype !== 'f').map(constraint),
    indexes: indexes.rows.map((r) => ({ name: r.name, drop: `drop index ${r.name}`, create: r.def })),
    foreignKeys: constraints.rows.filter((r) => r.contype === 'f').map(constraint),
  };
}

export async function dropDeferred(client: pg.Client, ddl: DeferredDdl): Promise<void> {
  for (const s of [...ddl.foreignKeys, ...ddl.indexes, ...ddl.keys]) await client.query(s.drop);
}

export async function restore(client: pg.Client, statements: Statement[]): Promise<void> {
  for (const s of statements) await client.query(s.create);
}
