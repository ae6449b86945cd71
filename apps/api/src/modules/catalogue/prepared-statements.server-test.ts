// Catalogue statements on a PostgreSQL server (CI's PostgreSQL pass runs *.server-test.ts files): the
// list, tab and detail statements are prepared once per connection and reused; a search or a genre
// filter, whose best plan depends on its value, is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { workerDatabaseUrl } from '../../test/database';
import { findSetDetail, listItems } from './queries';

let database: Database;

beforeAll(async () => {
  const url = workerDatabaseUrl();
  if (!url) throw new Error('server tests need TEST_DATABASE_URL');
  // One connection, so every statement below meets the same session's prepared statements.
  database = await openDatabase({ databaseUrl: url, poolMax: 1 });
});
afterAll(async () => {
  await database?.close();
});

type Prepared = { name: string; statement: string; runs: string };
const prepared = async () =>
  (
    await database.executeSql(
      'select name, statement, generic_plans + custom_plans as runs from pg_prepared_statements',
      [],
    )
  ).rows as Prepared[];

describe('prepared catalogue statements', () => {
  it('prepares a set page once and runs it for every id', async () => {
    for (let id = 1; id <= 8; id++) await findSetDetail(database.db, id, 0);
    const sets = (await prepared()).filter((p) => p.statement.includes("'set_tracks'"));
    expect(sets).toHaveLength(1);
    expect(sets[0]?.name).toMatch(/^cd_/);
    expect(Number(sets[0]?.runs)).toBe(8);
  });

  it('prepares a list page but plans a searched or genre-filtered list for its values each time', async () => {
    const before = (await prepared()).length;
    const page = {
      kind: 'tracks',
      userId: 0,
      orderBy: 'track_meta.title',
      direction: 'asc',
      limit: 20,
      offset: 0,
    } as const;
    for (let i = 0; i < 3; i++) {
      await listItems(database.db, { ...page, offset: i });
      await listItems(database.db, { ...page, search: `glow${i}` });
      await listItems(database.db, { ...page, genre: ['House', 'Techno', 'Electro'][i] });
    }
    expect((await prepared()).length).toBe(before + 1);
  });
});
