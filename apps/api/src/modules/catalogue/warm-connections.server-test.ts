// A starting instance opens its pool's connections before it reports ready (docs/deploy.md
// "Readiness"): the first burst of searches after a start then meets connections that have already
// read the catalogue tables' descriptions, prepared the items statement and settled on the search
// statement's plan, instead of paying for all of it while the burst queues behind.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { makeTempDir, testConfig } from '../../test/app';
import { getTestDatabase, workerDatabaseUrl } from '../../test/database';
import { warmSearchConnections } from '../search/service';
import { warmConnections } from './service';

const name = `cratedig-warm-${process.pid}-${Date.now()}`;
let warmed: Database;
let observer: Database;

beforeAll(async () => {
  const url = new URL(workerDatabaseUrl() ?? '');
  // the pool's connections are told apart from every other test's by their application name
  url.searchParams.set('application_name', name);
  warmed = await openDatabase({ databaseUrl: url.toString(), poolMax: 3 });
  observer = await getTestDatabase();
});
afterAll(async () => {
  await warmed?.close();
});

const sessions = async () =>
  (
    await observer.executeSql(
      'select state, query from pg_stat_activity where application_name = $1 order by pid',
      [name],
    )
  ).rows as { state: string; query: string }[];

it('opens every connection of the pool, each having run the items statement', async () => {
  expect(warmed.openConnections()).toBe(0);
  await warmConnections({ db: warmed.db, config: testConfig(makeTempDir()) }, warmed.connections);
  expect(warmed.openConnections()).toBe(3);
  const open = await sessions();
  expect(open).toHaveLength(3);
  for (const session of open) {
    expect(session.state).toBe('idle');
    // the last statement of each: the items statement, prepared under its plan name, which reads
    // every kind through its items function
    expect(session.query).toMatch(/^\/\* plan-cached \*\/ select .*cd_items_full_tracks\(/s);
  }
});

it('leaves the pool as it found it when warmed again: no connection more', async () => {
  await warmConnections({ db: warmed.db, config: testConfig(makeTempDir()) }, warmed.connections);
  expect(warmed.openConnections()).toBe(3);
  expect(await sessions()).toHaveLength(3);
});

it("runs the search's statement on a connection until PostgreSQL keeps its generic plan, as no listener", async () => {
  const single = await openDatabase({ databaseUrl: workerDatabaseUrl() ?? '', poolMax: 1 });
  try {
    const config = testConfig(makeTempDir(), { searchIndex: true });
    await warmSearchConnections({ db: single.db, config }, single.connections);
    // the same (only) connection: its prepared statements
    const { rows } = await single.executeSql(
      `select generic_plans, custom_plans from pg_prepared_statements
       where statement like '%search_generation%' and statement like '%cd_items_full_tracks%'`,
      [],
    );
    expect(rows).toEqual([{ generic_plans: '1', custom_plans: '5' }]);
    // and it counts as nobody's search: no listener's limit is written
    const keys = await observer.executeSql(
      `select key from rate_limit_counters where bucket = 'search:user' and key in ('warm-up', '0')`,
      [],
    );
    expect(keys.rows).toEqual([]);
  } finally {
    await single.close();
  }
});

it('without the search index, readies the connections with the items statement, counting no search', async () => {
  const url = new URL(workerDatabaseUrl() ?? '');
  const noIndex = `${name}-no-index`;
  url.searchParams.set('application_name', noIndex);
  const pool = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
  try {
    const hits = async () =>
      (
        await observer.executeSql(
          `select hits::text as n from rate_limit_counters where bucket = 'search:user' and key = 'warm-up'`,
          [],
        )
      ).rows;
    const before = await hits();
    const config = testConfig(makeTempDir(), { searchIndex: false });
    await warmSearchConnections({ db: pool.db, config }, pool.connections);
    expect(pool.openConnections()).toBe(2);
    const { rows } = await observer.executeSql(
      'select query from pg_stat_activity where application_name = $1',
      [noIndex],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows as { query: string }[])
      expect(row.query).toMatch(/^\/\* plan-cached \*\/ select .*cd_items_full_tracks\(/s);
    expect(await hits()).toEqual(before);
  } finally {
    await pool.close();
  }
});
