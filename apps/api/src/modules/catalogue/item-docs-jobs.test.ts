// The job's keeper fills the catalogue items' missing documents, and reads one row when nothing changed
// since its last complete run.
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { queryRow } from '../../db/rows';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { createNamedCatalogue } from '../../test/named-catalogue';
import { itemDocsKeeper } from './item-docs-jobs';

let database: Database;

beforeEach(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await createNamedCatalogue(database);
});

const docs = async () =>
  Number(
    (await queryRow<{ n: number }>(database.db, sql`select count(*)::int as n from catalogue_item_docs`))?.n,
  );

it('fills every document, then skips until the catalogue changes, then writes what the change deleted', async () => {
  const keeper = itemDocsKeeper(database);
  const first = await keeper.run(() => false);
  expect(first?.added).toBeGreaterThan(100);
  expect(await docs()).toBe(first?.added);
  // nothing changed: one read, no fill
  expect(await keeper.run(() => false)).toBeUndefined();
  await database.exec(
    `update artists set name = name || ' (live)' where id in (select artist_id from set_artists)`,
  );
  const deleted = (first?.added ?? 0) - (await docs());
  expect(deleted).toBeGreaterThan(0);
  expect((await keeper.run(() => false))?.added).toBe(deleted);
  expect(await docs()).toBe(first?.added);
});

it('leaves a run stopped at shutdown to the next one', async () => {
  const keeper = itemDocsKeeper(database);
  expect(await keeper.run(() => true)).toMatchObject({ added: 0, stopped: true });
  const next = await keeper.run(() => false);
  expect(next?.added).toBeGreaterThan(100);
  expect(next?.added).toBe(await docs());
});
