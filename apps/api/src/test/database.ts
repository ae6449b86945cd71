// One real database per Vitest worker (a real PostgreSQL, never a mock): in-memory PGlite by default, or with
// TEST_DATABASE_URL (a PostgreSQL superuser URL, as CI gives) a fresh database of its own on that
// server. Migrated once; resetDatabase() empties it between tests.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { queryRows } from '../db/rows';
import { forgetSearchLimits } from '../modules/accounts/search-limits';

/** Tables that migrations fill and tests must not empty. */
const KEPT_TABLES = new Set(['genres']);
/** Tables derived from the others by refresh_catalogue_stats(): rebuilt, not probed, on reset. */
const DERIVED_TABLES = new Set(['catalogue_counts']);
const REFRESH_STATS = `do $$ begin
  if to_regproc('refresh_catalogue_stats') is not null then perform refresh_catalogue_stats(); end if;
  if to_regproc('refresh_catalogue_relations') is not null then perform refresh_catalogue_relations(); end if;
end $$;`;

let shared: Promise<Database> | undefined;
let tables: string[] | undefined;

/** The worker's database, opened and migrated on first use and kept until the worker exits. */
export function getTestDatabase(): Promise<Database> {
  shared ??= openTestDatabase();
  return shared;
}

/**
 * With TEST_DATABASE_URL, the URL of the worker's own database on that server (for a second app
 * instance on the same database); undefined on PGlite.
 */
export function workerDatabaseUrl(): string | undefined {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const url = new URL(serverUrl);
  url.pathname = `/${workerDatabaseName()}`;
  return url.toString();
}

/**
 * With TEST_DATABASE_URL, a new empty database beside the worker's (named after it and `suffix`,
 * made again when it exists), e.g. for a restore; undefined on PGlite.
 */
export async function emptyServerDatabase(suffix: string): Promise<string | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? freshDatabase(serverUrl, `${workerDatabaseName()}_${suffix}`) : undefined;
}

/** Database `name` on the server of `serverUrl`, dropped first when it exists; its URL. */
async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function workerDatabaseName(): string {
  // Workers run in parallel, so each gets its own database, named after its pool slot.
  return `cratedig_test_${process.env.VITEST_POOL_ID ?? process.pid}`;
}

async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await migrate(database);
    await database.exec(REFRESH_STATS);
    return database;
  }
  const url = await freshDatabase(serverUrl, workerDatabaseName());
  const database = await openDatabase({ databaseUrl: url, poolMax: 4 });
  await migrate(database);
  await database.exec(REFRESH_STATS);
  return database;
}

/**
 * Empties every table in the public schema but the migration-filled ones (and drizzle's bookkeeping,
 * which lives in its own schema), restarting their ids. Only tables holding rows are truncated: a
 * TRUNCATE of every table costs 100-200 ms on PGlite, and this runs before every test.
 */
export async function resetDatabase(database?: Database): Promise<void> {
  const db = database ?? (await getTestDatabase());
  // the search limits this process holds in memory are of listeners the reset removes
  forgetSearchLimits(db.db);
  tables ??= await listTables(db);
  if (tables.length === 0) return;
  const probe = tables
    .filter((table) => !DERIVED_TABLES.has(table))
    .map((table) => `select '${table}' as table_name where exists (select 1 from "public"."${table}")`)
    .join(' union all ');
  const holding = await queryRows<{ table_name: string }>(db.db, sql.raw(probe));
  if (holding.length === 0) return;
  const dirty = [...holding.map((row) => row.table_name), ...DERIVED_TABLES].filter((t) =>
    tables?.includes(t),
  );
  // Maintained totals (catalogue_counts) get their rows back, all zero, as on a fresh catalogue.
  const list = dirty.map((table) => `"public"."${table}"`).join(', ');
  await db.exec(`truncate table ${list} restart identity cascade;\n${REFRESH_STATS}`);
}

async function listTables(database: Database): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.table_name).filter((table) => !KEPT_TABLES.has(table));
}
