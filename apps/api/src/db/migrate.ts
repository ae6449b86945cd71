import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';
import { itemDocsFunctionsScript } from './read-models/catalogue-item-docs';
import { itemsFunctionsScript } from './read-models/catalogue-items-by-id';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** The SQL functions' current definitions (docs/database.md), applied in file-name order. */
export const FUNCTIONS_FOLDER = fileURLToPath(new URL('./functions', import.meta.url));

/**
 * Held while the functions are replaced: two processes starting on one server at once would otherwise
 * update the same pg_proc rows concurrently ("tuple concurrently updated"). Any constant unique to us.
 */
const FUNCTIONS_LOCK = 0x6364_6672;

/**
 * Applies the checked-in drizzle-kit migrations, then the SQL functions of db/functions/; safe to call
 * on every start.
 */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, config);
  }
  await applyFunctions(database);
}

/**
 * The function files' text, in the order they are applied (a file may use an earlier one's
 * functions), then the catalogue items' functions and their documents' fill, both made from the read
 * model's SQL.
 */
export function functionsScript(): string {
  const files = readdirSync(FUNCTIONS_FOLDER)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => readFileSync(join(FUNCTIONS_FOLDER, file), 'utf8'));
  return [...files, itemsFunctionsScript(), itemDocsFunctionsScript()].join('\n');
}

/** What the public schema's comment says once the functions of a script are in place. */
export function functionsMark(script: string): string {
  return `cratedig functions ${createHash('sha256').update(script).digest('hex').slice(0, 32)}`;
}

/**
 * Every function file as one script: sent as a single simple query it runs in one implicit
 * transaction (both drivers), so a file that fails leaves the previous definitions in place, and the
 * transaction-scoped lock is released with it. Only when they changed: replacing them takes locks on
 * the tables their triggers are on, and a process starting under load (an instance in a rolling
 * deploy, a worker) deadlocked listeners' reads. The script's hash is kept as the public schema's
 * comment, set in the same transaction.
 */
async function applyFunctions(database: Database): Promise<void> {
  const script = functionsScript();
  const mark = functionsMark(script);
  const { rows } = await database.executeSql(
    `select obj_description('public'::regnamespace, 'pg_namespace') as mark`,
  );
  if ((rows[0] as { mark?: string | null } | undefined)?.mark === mark) return;
  await database.exec(
    `select pg_advisory_xact_lock(${FUNCTIONS_LOCK});\n${script}\ncomment on schema public is '${mark}';`,
  );
}
