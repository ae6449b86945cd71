// A track's and a set's detail JSON is built in SQL (one statement per page): checked here against the
// contract's schemas, the same keys at every depth and values they accept, for a released track first
// heard as an ID, the ID itself (with a listener waiting for it), and a set's track list.
import { setDetail } from '@cratedig/contract/catalogue-api';
import { trackDetail } from '@cratedig/contract/track';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { queryRow } from '../../db/rows';
import { expectContract } from '../../test/contract-json';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { createSet, createTrack, refreshCatalogue } from '../../test/factories';
import { setDetailStatement } from './queries';
import { trackDetailStatement } from './release-queries';

let database: Database;
let userId: number;
let released: number;
let idTrack: number;
let setId: number;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  const app = { db: database.db };
  released = await createTrack(app, { title: 'Parallax', credited: true, label: true, bpm: 124 });
  const set = await createSet(app, {
    name: 'Sunrise set',
    audioPath: '/media/audio/sets/sunrise.mp3',
    festival: 'Northlight',
    venue: 'The Vault',
    tracks: [[0, 300]],
    trackIds: [released],
  });
  setId = set.id;
  idTrack = await createTrack(app, { mixType: 'ID', foundInSetId: setId, credited: true });
  await database.exec(`
    insert into set_tracks (set_id, track_position, track_id, start_time, end_time, likes)
      values (${setId}, 2, ${idTrack}, 300, 600, 3);
    insert into id_releases (id_track_id, released_track_id) values (${idTrack}, ${released});
    insert into users (username, email) values ('mira', 'mira@example.test');
  `);
  userId = (await queryRow<{ id: number }>(database.db, sql`select id from users where username = 'mira'`))
    ?.id as number;
  await database.exec(`insert into user_track_favs (user_id, track_id, is_fav, show_likes)
    values (${userId}, ${idTrack}, true, true)`);
  await refreshCatalogue(app);
});

afterAll(async () => {
  await resetDatabase(database);
});

const item = async (statement: ReturnType<typeof sql>) =>
  (await queryRow<{ item: Record<string, unknown> }>(database.db, statement))?.item;

describe('the detail JSON built in SQL', () => {
  it('of a released track first heard as an ID is a TrackDetail with where it was first heard', async () => {
    const track = await item(trackDetailStatement(released, userId));
    expectContract(track, trackDetail);
    expect(track).toMatchObject({
      title: 'Parallax',
      set_count: 1,
      waiting_count: null,
      first_heard: { id_track_id: idTrack, set_meta: { id: setId, set_name: 'Sunrise set' } },
    });
  });

  it('of an ID is a TrackDetail counting the listeners waiting for it', async () => {
    const id = await item(trackDetailStatement(idTrack, userId));
    expectContract(id, trackDetail);
    expect(id).toMatchObject({ mix_type: 'ID', waiting_count: 1, first_heard: null });
  });

  it('of a set is a SetDetail whose track list entries carry their track', async () => {
    const set = await item(setDetailStatement(setId, userId));
    expectContract(set, setDetail);
    const list = set?.set_tracks as { track_position: number; likes: number; track_meta: { id: number } }[];
    expect(list.map((entry) => [entry.track_position, entry.track_meta.id, entry.likes])).toEqual([
      [1, released, 0],
      [2, idTrack, 3],
    ]);
  });
});
