import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { getTestDatabase, resetDatabase } from './database';

type Rows<T> = { rows: T[] };

async function count(database: Database, table: string): Promise<number> {
  const result = (await database.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as Rows<{
    n: number;
  }>;
  return result.rows[0]?.n ?? -1;
}

let database: Database;

beforeAll(async () => {
  database = await getTestDatabase();
});

// Files share the worker's database (isolate: false): start from empty whatever ran before.
beforeEach(() => resetDatabase());

describe('the test database', () => {
  it('is one database per worker, already migrated', async () => {
    expect(await getTestDatabase()).toBe(database);
    expect(await count(database, 'genres')).toBe(20);
  });

  it('takes the migrations again without error or change', async () => {
    const before = await count(database, 'drizzle.__drizzle_migrations');
    expect(before).toBeGreaterThan(0);
    await migrate(database);
    await migrate(database);
    expect(await count(database, 'drizzle.__drizzle_migrations')).toBe(before);
    expect(await count(database, 'genres')).toBe(20);
  });

  it('is emptied by resetDatabase, keeping the genres and restarting ids', async () => {
    await database.exec(`insert into artists (name) values ('Reset Probe One'), ('Reset Probe Two');`);
    expect(await count(database, 'artists')).toBe(2);
    await resetDatabase();
    expect(await count(database, 'artists')).toBe(0);
    expect(await count(database, 'genres')).toBe(20);
    await database.exec(`insert into artists (name) values ('After Reset');`);
    const result = (await database.db.execute(sql`select id from artists`)) as unknown as Rows<{
      id: number;
    }>;
    expect(result.rows[0]?.id).toBe(1);
    await resetDatabase();
  });
});

describe('resetDatabase', () => {
  it('empties a table a test wrote to after an earlier reset', async () => {
    await database.exec(`insert into artists (name) values ('Quick Probe');`);
    await resetDatabase();
    expect(await count(database, 'artists')).toBe(0);
  });
});
