// An item's document (catalogue_item_docs) is only ever the item as the catalogue is now: every change
// to something the item's JSON shows deletes it in the same transaction, a like deletes nothing, and
// reads through the documents answer what building the items answers, field for field.
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../../test/database';
import type { Database } from '../client';
import { functionsScript } from '../migrate';
import { queryRow, queryRows } from '../rows';
import { fillItemDocs } from './catalogue-item-docs';
import { sharedItemText } from './catalogue-items';
import { ITEMS_KINDS, type ItemsKind, itemsFunction, itemsOf } from './catalogue-items-by-id';
import { intArray } from './catalogue-lookups';

let database: Database;

// Two sets at one festival and venue, sponsored by an artist and a label; tracks credited to
// artists, one remixed, found in a set; an ID released as another track; a label founded by an artist.
const CATALOGUE = `
  insert into artists (id, name) values (1, 'Kessa Lindqvist'), (2, 'Oren Vale'), (3, 'Mira Sol');
  insert into labels (id, name) values (1, 'Driftglass'), (2, 'Low Tide');
  insert into label_bosses (label_id, artist_id) values (1, 1), (2, 3);
  insert into festivals (id, name, city, country) values (1, 'Northlight', 'Oslo', 'Norway');
  insert into venues (id, name) values (1, 'The Vault');
  insert into sets (id, set_name, artist, genre, release_date, duration_ms, festival_id, venue_id)
    values (1, 'Sunrise set', 'Kessa Lindqvist', 'Techno', '2024-05-01', 1200000, 1, 1),
           (2, 'Closing set', 'Oren Vale', 'House', '2024-06-01', 1800000, 1, null);
  insert into set_artists (set_id, artist_id, position) values (1, 1, 1), (2, 2, 1), (2, 3, 2);
  insert into set_sponsors (set_id, position, sponsor_type, label_id, artist_id)
    values (1, 1, 'label', 1, null), (2, 1, 'artist_meta', null, 1);
  insert into tracks (id, title, artist, mix_type, mix_name, genre, label_id, label_name, release_date, found_in_set_id)
    values (1, 'Parallax', 'Oren Vale', 'original_mix', null, 'Techno', 1, 'Driftglass', '2023-01-02', null),
           (2, 'Parallax', 'Oren Vale', 'remix', 'Mira Sol', 'Techno', 1, 'Driftglass', '2023-03-02', null),
           (3, 'ID', 'Kessa Lindqvist', 'ID', null, 'Techno', null, null, null, 1),
           (4, 'Tidewater', 'Kessa Lindqvist', 'original_mix', null, 'Techno', 2, 'Low Tide', '2024-09-01', null);
  insert into track_artists (track_id, artist_id, role, position)
    values (1, 2, 'producer', 1), (2, 2, 'producer', 1), (2, 3, 'mixer', 2), (3, 1, 'producer', 1),
           (4, 1, 'producer', 1);
  insert into id_releases (id_track_id, released_track_id) values (3, 4);
  insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
    values (1, 1, 1, 0, 300), (1, 2, 3, 300, 600), (2, 1, 2, 0, 400);
  select refresh_catalogue_stats();
`;

beforeEach(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await database.exec(CATALOGUE);
  await fillItemDocs(database.db);
});

/** The documents that differ from the item as it would be built now. */
async function staleDocs(): Promise<string[]> {
  const stale: string[] = [];
  for (const kind of ITEMS_KINDS) {
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`select i.id from catalogue_item_docs d join ${sql.raw(kind)} i on i.id = d.id
          where d.kind = ${kind} and d.doc <> ${sharedItemText(kind)} order by i.id`,
    );
    stale.push(...rows.map((r) => `${kind} ${r.id}`));
  }
  return stale;
}

/** Every document's key, kind and id. */
async function docKeys(): Promise<string[]> {
  const rows = await queryRows<{ kind: string; id: number }>(
    database.db,
    sql`select kind, id from catalogue_item_docs order by kind, id`,
  );
  return rows.map((r) => `${r.kind} ${r.id}`);
}

const ALL_DOCS = [
  'artists 1',
  'artists 2',
  'artists 3',
  'labels 1',
  'labels 2',
  'sets 1',
  'sets 2',
  'tracks 1',
  'tracks 2',
  'tracks 3',
  'tracks 4',
];

describe('filling the documents', () => {
  it('writes one for every item, each the item as built now', async () => {
    expect(await docKeys()).toEqual(ALL_DOCS);
    expect(await staleDocs()).toEqual([]);
  });

  it('writes nothing a second time, and in batches of one writes the same', async () => {
    expect((await fillItemDocs(database.db)).added).toBe(0);
    await database.exec('delete from catalogue_item_docs');
    const run = await fillItemDocs(database.db, { batch: 1 });
    expect(run.added).toBe(ALL_DOCS.length);
    expect(await docKeys()).toEqual(ALL_DOCS);
  });

  it('keeps the documents over a start with the same item shapes, and deletes a kind whose shape changed', async () => {
    await database.exec(functionsScript());
    expect(await docKeys()).toEqual(ALL_DOCS);
    // as if the tracks' documents had been written by other SQL
    await database.exec(
      `comment on function cd_item_docs_fill_tracks(int, int) is 'shape of an older track'`,
    );
    await database.exec(functionsScript());
    expect(await docKeys()).toEqual(ALL_DOCS.filter((key) => !key.startsWith('tracks')));
  });

  it('writes nothing from a fill whose shape a later start replaced', async () => {
    await database.exec('delete from catalogue_item_docs');
    // as if another instance had started with other SQL while this fill ran
    await database.exec(`comment on function cd_item_docs_fill_tracks(int, int) is 'shape of a newer track'`);
    await fillItemDocs(database.db);
    expect(await docKeys()).toEqual(ALL_DOCS.filter((key) => !key.startsWith('tracks')));
    await database.exec(functionsScript());
    await fillItemDocs(database.db);
    expect(await docKeys()).toEqual(ALL_DOCS);
  });

  it('stops between batches when asked', async () => {
    await database.exec('delete from catalogue_item_docs');
    let asked = 0;
    const run = await fillItemDocs(database.db, { batch: 1, stop: () => ++asked > 2 });
    expect(run).toMatchObject({ added: 2, stopped: true });
  });
});

describe('reading items through their documents', () => {
  const read = async (kind: ItemsKind, ids: number[], listener: number) => {
    const row = await queryRow<{ through: string; built: string }>(
      database.db,
      sql`select ${sql.raw(itemsFunction('full', kind))}(${intArray(ids)}, ${listener}) as through,
                 (${itemsOf(kind, intArray(ids), listener)})::text as built`,
    );
    return row ?? { through: '', built: '' };
  };

  // the same items with the same fields in the same order (json_agg lays out the array's text its own way)
  const same = (through: string, built: string) =>
    expect(JSON.stringify(JSON.parse(through))).toBe(JSON.stringify(JSON.parse(built)));

  it('answers what building the items answers, field for field, with the listener’s fields', async () => {
    await database.exec(`
      insert into users (id, username, email, auth_provider) values (7, 'listener', 'l@example.com', 'password');
      insert into user_track_favs (user_id, track_id, is_fav, user_likes) values (7, 2, true, 3);
      insert into user_set_favs (user_id, set_id, is_fav, resume_position_s) values (7, 1, true, 95);
      insert into user_artist_stats (user_id, artist_id, is_followed) values (7, 3, true);
      insert into user_label_stats (user_id, label_id, is_followed) values (7, 2, true);
    `);
    const ids: Record<ItemsKind, number[]> = {
      tracks: [4, 3, 2, 1],
      sets: [2, 1],
      artists: [3, 1, 2],
      labels: [2, 1],
    };
    for (const kind of ITEMS_KINDS) {
      const { through, built } = await read(kind, ids[kind], 7);
      same(through, built);
      expect(JSON.parse(through).map((item: { id: number }) => item.id)).toEqual(ids[kind]);
    }
    // and the same when an item has no document (it is built where it is read)
    await database.exec(`delete from catalogue_item_docs where id in (1, 3)`);
    for (const kind of ITEMS_KINDS) {
      const { through, built } = await read(kind, ids[kind], 7);
      same(through, built);
    }
  });

  it('reads a like’s count from the item, not from its document', async () => {
    await database.exec('update tracks set total_user_likes = 41 where id = 2');
    const { through } = await read('tracks', [2], 0);
    expect(JSON.parse(through)[0].total_user_likes).toBe(41);
  });
});

describe('a catalogue change', () => {
  // each: the statement, and the documents it must delete (every other stays)
  const changes: [string, string, string[]][] = [
    [
      'an artist renamed',
      `update artists set name = 'Kessa L.' where id = 1`,
      // the artist; its sets and sponsored set; its tracks; the ID released as its track; its label
      ['artists 1', 'labels 1', 'sets 1', 'sets 2', 'tracks 3', 'tracks 4'],
    ],
    [
      'a label renamed',
      `update labels set name = 'Driftglass Music' where id = 1`,
      ['artists 1', 'labels 1', 'sets 1'],
    ],
    [
      'a festival renamed',
      `update festivals set name = 'Northlight Open Air' where id = 1`,
      ['sets 1', 'sets 2'],
    ],
    ['a venue renamed', `update venues set name = 'Vault II' where id = 1`, ['sets 1']],
    ['a set renamed', `update sets set set_name = 'Sunrise' where id = 1`, ['sets 1', 'tracks 3']],
    [
      'a released track retitled',
      `update tracks set title = 'Tidewater (Edit)' where id = 4`,
      ['tracks 3', 'tracks 4'],
    ],
    [
      'a released track credited to one more artist',
      `insert into track_artists (track_id, artist_id, role, position) values (4, 2, 'producer', 2)`,
      ['tracks 3', 'tracks 4'],
    ],
    [
      'a set’s second artist removed',
      `delete from set_artists where set_id = 2 and artist_id = 3`,
      ['sets 2'],
    ],
    [
      'a sponsor added',
      `insert into set_sponsors (set_id, position, sponsor_type, label_id) values (2, 2, 'label', 2)`,
      ['sets 2'],
    ],
    ['a label’s boss removed', `delete from label_bosses where label_id = 2`, ['artists 3', 'labels 2']],
    ['an ID released', `delete from id_releases where id_track_id = 3`, ['tracks 3']],
    [
      'a track removed',
      `delete from set_tracks where track_id = 1; delete from track_artists where track_id = 1; delete from tracks where id = 1`,
      ['tracks 1'],
    ],
    [
      'a set’s confirmed count moved',
      `update sets set track_confirmed_count = track_confirmed_count + 1 where id = 2`,
      ['sets 2'],
    ],
    ['a table of credits emptied', `truncate track_artists`, ALL_DOCS],
  ];

  for (const [name, statement, gone] of changes) {
    it(`deletes the documents it makes untrue: ${name}`, async () => {
      await database.exec(statement);
      expect(await staleDocs()).toEqual([]);
      const left = ALL_DOCS.filter((key) => !gone.includes(key));
      expect(await docKeys()).toEqual(left);
      // the next fill writes them as they are now
      await fillItemDocs(database.db);
      expect(await staleDocs()).toEqual([]);
    });
  }

  it('leaves every document to a like, and to an update that changes nothing', async () => {
    await database.exec(`
      update tracks set total_user_likes = total_user_likes + 1;
      update sets set likes = likes + 1 where id = 1;
      update artists set total_user_likes = 5 where id = 2;
      update labels set name = name;
    `);
    expect(await docKeys()).toEqual(ALL_DOCS);
    expect(await staleDocs()).toEqual([]);
  });
});
