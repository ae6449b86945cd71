// Catalogue statements on a PostgreSQL server (CI's PostgreSQL pass runs *.server-test.ts files): the
// list, tab and detail statements are prepared once per connection and reused; a search or a genre
// filter, whose best plan depends on its value, is not; the statement that reads a search's items by id
// is one text whatever is asked, and keeps its generic plan after its first runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import type { ItemsKind } from '../../db/read-models/catalogue-items-by-id';
import type { UserContext } from '../../plugins/service-context';
import { workerDatabaseUrl } from '../../test/database';
import { findSetDetail, listItems } from './queries';
import { keptItemsById } from './service';

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

type Prepared = {
  name: string;
  statement: string;
  runs: string;
  generic_plans: string;
  custom_plans: string;
};
const prepared = async () =>
  (
    await database.executeSql(
      `select name, statement, generic_plans + custom_plans as runs, generic_plans, custom_plans
       from pg_prepared_statements`,
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

describe("a search's items by id", () => {
  it('are read by one statement, planned for its first runs only, whatever kinds and ids are asked', async () => {
    const ctx = {
      db: database.db,
      config: { catalogueCacheMb: 8 } as AppConfig,
      userId: 0,
    } as UserContext;
    // the sections a search fills vary: some kinds empty, any number of ids, items kept or not
    const asks: Partial<Record<ItemsKind, number[]>>[] = [
      { tracks: [1, 2, 3] },
      { artists: [1] },
      { sets: [4, 5], labels: [1, 2] },
      { tracks: [9], artists: [2, 3] },
      { labels: [3] },
      { tracks: [1, 2, 3] },
      { artists: [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22] },
      { sets: [1], tracks: [10, 11] },
      { artists: [1], labels: [1], tracks: [1], sets: [1] },
      { tracks: [12] },
      { sets: [2, 3] },
      { labels: [4, 5, 6] },
    ];
    for (const wanted of asks) await keptItemsById(ctx, wanted);
    const statements = (await prepared()).filter((p) => p.statement.includes('own_tracks'));
    expect(statements).toHaveLength(1);
    expect(Number(statements[0]?.runs)).toBe(asks.length);
    // plan_cache_mode auto plans a statement for its values on its first five runs, then keeps the
    // generic plan only when that costs no more than those plans did
    expect(Number(statements[0]?.custom_plans)).toBeLessThanOrEqual(5);
    expect(Number(statements[0]?.generic_plans)).toBe(asks.length - Number(statements[0]?.custom_plans));
  });
});
