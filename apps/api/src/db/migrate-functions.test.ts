// A start replaces the SQL functions only when their script changed: replacing them locks the tables
// their triggers are on, and an instance or worker starting under load deadlocked listeners' reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { functionsMark, functionsScript, migrate } from './migrate';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await migrate(database);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const mark = async () =>
  (
    (await database.executeSql(`select obj_description('public'::regnamespace, 'pg_namespace') as mark`))
      .rows[0] as { mark: string | null }
  ).mark;
const typo = async () =>
  ((await database.executeSql(`select cd_one_typo('house', 'huose') as ok`)).rows[0] as { ok: boolean }).ok;

describe('the SQL functions on a start', () => {
  it('are marked with their script, left as they are while it is the same, and replaced once it is not', async () => {
    expect(await mark()).toBe(functionsMark(functionsScript()));
    const original = await typo();
    // a definition changed by hand stays: the script did not change, so nothing is replaced
    await database.exec(
      `create or replace function cd_one_typo(a text, b text) returns boolean language sql immutable as 'select ${original ? 'false' : 'true'}'`,
    );
    await migrate(database);
    expect(await typo()).toBe(!original);
    // another script (here: no mark at all) puts every definition back
    await database.exec(`comment on schema public is null`);
    await migrate(database);
    expect(await typo()).toBe(original);
    expect(await mark()).toBe(functionsMark(functionsScript()));
  });
});
