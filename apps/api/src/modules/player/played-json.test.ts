// The played sets' JSON is built in SQL (one statement per page): each row of GET /plays/continue and
// the row of GET /plays/last must be a PlayedSet once its `set` is named set_meta (the one change the
// service makes, besides signing the audio link): the same keys at every depth, values it accepts.
import { playedSet } from '@cratedig/contract/moments-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { expectContract } from '../../test/contract-json';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { createSet, refreshCatalogue } from '../../test/factories';
import { lastPlayedSet, type PlayedRow, resumableSets } from './moments-queries';

let database: Database;
let playing: number;
let silent: number;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  const app = { db: database.db };
  const set = await createSet(app, {
    name: 'Sunrise set',
    audioPath: '/media/audio/sets/sunrise.mp3',
    festival: 'Northlight',
    tracks: [
      [0, 300],
      [300, 900],
    ],
  });
  playing = set.id;
  // a set without a track list: the position names no track
  silent = (await createSet(app, { name: 'Untracked' })).id;
  await database.exec(`
    insert into users (id, username, email) values (1, 'mira', 'mira@example.test');
    insert into user_set_favs (user_id, set_id, resume_position_s, position_saved_at) values
      (1, ${playing}, 420, now() - interval '1 hour'), (1, ${silent}, 60, now());
  `);
  await refreshCatalogue(app);
});

afterAll(async () => {
  await resetDatabase(database);
});

function asPlayedSet(row: PlayedRow | undefined) {
  expect(Object.keys(row ?? {}).sort()).toEqual(['current_timestamp', 'played_dt', 'set', 'track']);
  const { set, ...rest } = row as PlayedRow;
  return { set_meta: set, ...rest };
}

describe('the played sets JSON built in SQL', () => {
  it('each resumable set is a PlayedSet, with the track at its position or none', async () => {
    const page = await resumableSets(database.db, 1, 10, 0);
    expect(page.total).toBe(2);
    const played = page.rows.map(asPlayedSet);
    for (const row of played) expectContract(row, playedSet);
    expect(
      played.map((row) => [row.set_meta, row.current_timestamp, row.track?.track_position ?? null]),
    ).toEqual([
      [expect.objectContaining({ id: silent }), 60, null],
      [expect.objectContaining({ id: playing, set_name: 'Sunrise set' }), 420, 2],
    ]);
  });

  it('the last played set is a PlayedSet', async () => {
    const last = asPlayedSet(await lastPlayedSet(database.db, 1));
    expectContract(last, playedSet);
    expect(last.set_meta).toMatchObject({ id: silent });
  });
});
