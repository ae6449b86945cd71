// The catalogue read layer builds the wire JSON in SQL (one statement per page, measurably faster
// than building it in TypeScript: docs/decisions/0005-contract-compiled-serializer.md). So each
// builder's JSON is checked here against the contract schema it stands for: the same keys, and
// values the schema accepts.
import { artist } from '@cratedig/contract/artist';
import { label } from '@cratedig/contract/label';
import { festival } from '@cratedig/contract/place';
import { setMeta } from '@cratedig/contract/set';
import { trackMeta } from '@cratedig/contract/track';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { getTestDatabase, resetDatabase } from '../../test/database';
import type { Database } from '../client';
import { queryRow } from '../rows';
import { artistItem, type ItemSql, labelItem, placeJson, setItem, trackItem } from './catalogue-items';

let database: Database;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await database.exec(`
    insert into artists (id, name) values (1, 'Kessa Lindqvist'), (2, 'Oren Vale');
    insert into labels (id, name) values (1, 'Driftglass');
    insert into festivals (id, name, city, country) values (1, 'Northlight', 'Oslo', 'Norway');
    insert into venues (id, name) values (1, 'The Vault');
    insert into sets (id, set_name, artist, genre, release_date, duration_ms, festival_id, venue_id)
      values (1, 'Sunrise set', 'Kessa Lindqvist', 'Techno', '2024-05-01', 1200000, 1, 1);
    insert into set_artists (set_id, artist_id, position) values (1, 1, 1);
    insert into set_sponsors (set_id, position, sponsor_type, label_id) values (1, 1, 'label', 1);
    insert into tracks (id, title, artist, mix_type, genre, label_id, label_name, release_date)
      values (1, 'Parallax', 'Oren Vale', 'original_mix', 'Techno', 1, 'Driftglass', '2023-01-02');
    insert into track_artists (track_id, artist_id, role, position) values (1, 2, 'producer', 1);
    insert into set_tracks (set_id, track_position, track_id, start_time, end_time) values (1, 1, 1, 0, 300);
    select refresh_catalogue_stats();
  `);
});

afterAll(async () => {
  await resetDatabase(database);
});

async function itemJson(table: string, item: ItemSql): Promise<Record<string, unknown>> {
  const row = await queryRow<{ item: Record<string, unknown> }>(
    database.db,
    sql`select ${item.json} as item from ${sql.raw(table)} i ${item.joins} where i.id = 1`,
  );
  if (!row) throw new Error(`no ${table} row 1`);
  return row.item;
}

function expectContract(json: Record<string, unknown>, schema: z.ZodObject): void {
  // no key the contract lacks; the parse finds a required key missing or a value of the wrong type
  expect(Object.keys(json).filter((key) => !(key in schema.shape))).toEqual([]);
  const parsed = schema.safeParse(json);
  expect(parsed.error?.issues ?? []).toEqual([]);
}

describe('the catalogue read layer JSON', () => {
  it('of a set is a SetMeta', async () => {
    const json = await itemJson('sets', setItem(1));
    expectContract(json, setMeta);
    expect(json).toMatchObject({
      artists: [{ id: 1, name: 'Kessa Lindqvist' }],
      venue: { id: 1, name: 'The Vault' },
    });
  });

  it('of a track is a TrackMeta', async () => {
    expectContract(await itemJson('tracks', trackItem(1)), trackMeta);
  });

  it('of an artist is an Artist', async () => {
    expectContract(await itemJson('artists', artistItem(1)), artist);
  });

  it('of a label is a Label', async () => {
    expectContract(await itemJson('labels', labelItem(1)), label);
  });

  it('of a festival or venue is a Place', async () => {
    const place: ItemSql = { joins: sql`` as SQL, json: placeJson('i') };
    expectContract(await itemJson('festivals', place), festival);
  });
});
