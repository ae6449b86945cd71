// A fill of the items' documents and a catalogue writer, at the same time on two connections
// (db/functions/09-catalogue-item-docs.sql): whichever takes catalogue_generation's row first, no
// document of the catalogue as it was outlives the writer's commit.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase, workerDatabaseUrl } from '../../test/database';
import type { Database } from '../client';
import { queryRows } from '../rows';
import { fillItemDocs } from './catalogue-item-docs';
import { sharedItemText } from './catalogue-items';

let database: Database;
let filler: pg.Client;
let writer: pg.Client;

beforeAll(async () => {
  database = await getTestDatabase();
  filler = new pg.Client({ connectionString: workerDatabaseUrl() });
  writer = new pg.Client({ connectionString: workerDatabaseUrl() });
  await Promise.all([filler.connect(), writer.connect()]);
});
afterAll(async () => {
  await Promise.all([filler?.end(), writer?.end()]);
});

// a test that failed half-way leaves no transaction open for the next
afterEach(async () => {
  await Promise.all([filler.query('rollback'), writer.query('rollback')]);
});

beforeEach(async () => {
  await resetDatabase(database);
  await database.exec(`
    insert into festivals (id, name, city, country) values (1, 'Northlight', 'Oslo', 'Norway');
    insert into sets (id, set_name, artist, genre, release_date, duration_ms, festival_id)
      values (1, 'Sunrise set', 'Kessa Lindqvist', 'Techno', '2024-05-01', 1200000, 1),
             (2, 'Closing set', 'Oren Vale', 'House', '2024-06-01', 1800000, 1);
  `);
});

/** The sets' documents as they are, and whether each is the set as built now. */
const setDocs = () =>
  queryRows<{ id: number; fresh: boolean }>(
    database.db,
    sql`select i.id, d.doc = ${sharedItemText('sets')} as fresh
        from catalogue_item_docs d join sets i on i.id = d.id where d.kind = 'sets' order by i.id`,
  );

/** Whether `running` is still waiting after a moment: it waits for a lock the other connection holds. */
async function stillWaiting(running: Promise<unknown>): Promise<boolean> {
  const waited = await Promise.race([
    running.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300)),
  ]);
  return waited;
}

it('a writer that comes during a fill waits for it, then deletes what it wrote', async () => {
  await filler.query('begin');
  await filler.query('select * from cd_item_docs_fill_sets(0, 100)');
  const renaming = writer.query(`update festivals set name = 'Northlight Open Air' where id = 1`);
  expect(await stillWaiting(renaming)).toBe(true);
  await filler.query('commit');
  await renaming;
  expect(await setDocs()).toEqual([]);
});

it('a fill that comes during a writer’s transaction waits for its commit, then writes the sets as they are', async () => {
  // the sets have no documents yet, so the fill finds them missing before the writer commits
  await writer.query('begin');
  await writer.query(`update festivals set name = 'Northlight Open Air' where id = 1`);
  const filling = filler.query('select * from cd_item_docs_fill_sets(0, 100)');
  expect(await stillWaiting(filling)).toBe(true);
  await writer.query('commit');
  await filling;
  expect(await setDocs()).toEqual([
    { id: 1, fresh: true },
    { id: 2, fresh: true },
  ]);
});

it('a fill leaves a document the writer deletes meanwhile to the next fill, which writes it as it is now', async () => {
  await fillItemDocs(database.db);
  await writer.query('begin');
  await writer.query(`update festivals set name = 'Northlight Open Air' where id = 1`);
  // the writer's deletes are not committed: the fill sees nothing missing and waits for nothing
  expect((await filler.query('select * from cd_item_docs_fill_sets(0, 100)')).rows[0].added).toBe(0);
  await writer.query('commit');
  expect(await setDocs()).toEqual([]);
  await fillItemDocs(database.db);
  expect(await setDocs()).toEqual([
    { id: 1, fresh: true },
    { id: 2, fresh: true },
  ]);
});

it('a like on an item with a document takes no lock a fill holds', async () => {
  await filler.query('begin');
  await filler.query('select * from cd_item_docs_fill_sets(0, 100)');
  // would wait for the fill's commit if the like took catalogue_generation's row
  await writer.query('update sets set likes = likes + 1 where id = 1');
  await filler.query('commit');
  expect(await setDocs()).toEqual([
    { id: 1, fresh: true },
    { id: 2, fresh: true },
  ]);
});
