import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../test/database';
import type { Database } from './client';
import { functionsScript, migrate } from './migrate';
import { queryRows } from './rows';
import { journalEntries, latestSnapshot, pendingStatements } from './snapshot';

// drizzle-kit's serialiser loads in seconds on a busy machine
const SLOW = 60_000;

let database: Database;

beforeAll(async () => {
  database = await getTestDatabase();
});

const rows = <T>(query: SQL): Promise<T[]> => queryRows<T>(database.db, query);

describe('the drizzle-kit snapshot', () => {
  it("leaves no method of drizzle-kit's where `for … in` over an array or a string meets it", () => {
    const keys = (value: object) => {
      const found: string[] = [];
      for (const key in value) found.push(key);
      return found;
    };
    expect(keys(['a'])).toEqual(['0']);
    expect(keys(new String('a'))).toEqual(['0']);
    expect(keys({})).toEqual([]);
  });

  it('belongs to the last migration the journal lists', () => {
    expect(latestSnapshot().idx).toBe(journalEntries().at(-1)?.idx);
  });

  it(
    'is the schema TS, so db:generate on an unchanged schema writes nothing',
    async () => {
      expect(await pendingStatements()).toEqual([]);
    },
    SLOW,
  );
});

interface SnapshotColumn {
  name: string;
  type: string;
  primaryKey: boolean;
  notNull: boolean;
}

interface SnapshotTable {
  name: string;
  columns: Record<string, SnapshotColumn>;
  indexes: Record<string, unknown>;
  foreignKeys: Record<string, unknown>;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
  uniqueConstraints: Record<string, unknown>;
  checkConstraints: Record<string, unknown>;
}

/** What the schema TS declares, as comparable lines (the snapshot equals the schema TS, see above). */
function declared() {
  const tables = Object.values(latestSnapshot().snapshot.tables as Record<string, SnapshotTable>);
  const columns: string[] = [];
  const indexes: string[] = [];
  const constraints: string[] = [];
  for (const table of tables) {
    const inKey = new Set(Object.values(table.compositePrimaryKeys).flatMap((key) => key.columns));
    for (const column of Object.values(table.columns)) {
      // a primary key's columns are NOT NULL whether or not the TS says so
      const notNull = column.notNull || column.primaryKey || inKey.has(column.name);
      columns.push(`${table.name}.${column.name} ${column.type}${notNull ? ' not null' : ''}`);
      if (column.primaryKey) constraints.push(`${table.name}_pkey`);
    }
    indexes.push(...Object.keys(table.indexes));
    constraints.push(
      ...Object.keys(table.compositePrimaryKeys),
      ...Object.keys(table.uniqueConstraints),
      ...Object.keys(table.foreignKeys),
      ...Object.keys(table.checkConstraints),
    );
  }
  return { columns: columns.sort(), indexes: indexes.sort(), constraints: constraints.sort() };
}

describe('the migrated database', () => {
  it('has exactly the columns, indexes and constraints the schema TS declares', async () => {
    const columns = await rows<{ line: string }>(sql`
      select c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
             || case when a.attnotnull then ' not null' else '' end as line
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attnum > 0
        and not a.attisdropped
      order by 1`);
    // indexes behind a primary key or unique constraint are the constraint's, listed with those
    const indexes = await rows<{ name: string }>(sql`
      select i.relname as name from pg_index x join pg_class i on i.oid = x.indexrelid
      where i.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.contype in ('p', 'u'))
      order by 1`);
    const constraints = await rows<{ name: string }>(sql`
      select conname as name from pg_constraint
      where connamespace = 'public'::regnamespace and contype in ('p', 'u', 'f', 'c') order by 1`);
    const expected = declared();
    const sorted = (list: string[]) => [...list].sort();
    expect(sorted(columns.map((row) => row.line))).toEqual(expected.columns);
    expect(sorted(indexes.map((row) => row.name))).toEqual(expected.indexes);
    expect(sorted(constraints.map((row) => row.name))).toEqual(expected.constraints);
  });

  it('has exactly the SQL functions of db/functions/ and the items functions, none defined only in a migration', async () => {
    const inFiles = [...functionsScript().matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\(/gm)].map((m) => m[1]);
    const inDatabase = await rows<{ name: string }>(sql`
      select p.proname as name from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1`);
    expect(inDatabase.map((row) => row.name)).toEqual([...new Set(inFiles)].sort());
  });

  it('gets the functions of db/functions/ back on the next start of a new version, with no migration pending', async () => {
    await database.exec(`create or replace function cd_popularity(p_likes bigint, p_count integer)
      returns bigint language sql immutable as $$ select 0::bigint $$`);
    // the functions of an earlier version's script
    await database.exec(`comment on schema public is 'cratedig functions of an earlier version'`);
    await migrate(database);
    const [row] = await rows<{ popularity: number }>(sql`select cd_popularity(2, 3)::int as popularity`);
    // two likes outweigh any number of sets; the count breaks ties
    expect(row?.popularity).toBe(2_000_003);
  });
});
