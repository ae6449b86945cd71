// The moments' JSON is built in SQL (one statement per answer): a set's track list, the track playing
// at a saved position and where a track plays are checked here against the contract's schemas, the
// same keys and values they accept.
import { momentTrack, trackMoment } from '@cratedig/contract/moments-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { heatOf, lastPlayedSet, trackMoments } from './moments-queries';

let database: Database;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await database.exec(`
    insert into users (id, username, email) values (1, 'mira', 'mira@example.test');
    insert into sets (id, set_name, artist, genre, release_date, duration_ms)
      values (1, 'Sunrise set', 'Kessa Lindqvist', 'Techno', '2024-05-01', 1200000);
    insert into tracks (id, title, artist, mix_type) values (1, 'Parallax', 'Oren Vale', 'original_mix');
    insert into set_tracks (set_id, track_position, track_id, start_time, end_time, likes)
      values (1, 1, 1, 0, 300, 2);
    insert into user_set_favs (user_id, set_id, resume_position_s, position_saved_at) values (1, 1, 120, now());
  `);
});

afterAll(async () => {
  await resetDatabase(database);
});

function expectContract(json: unknown, schema: z.ZodObject): void {
  const keys = Object.keys(json as Record<string, unknown>);
  expect(keys.filter((key) => !(key in schema.shape))).toEqual([]);
  expect(schema.safeParse(json).error?.issues ?? []).toEqual([]);
}

describe('the moments JSON built in SQL', () => {
  it('a set track list entry matches MomentTrack', async () => {
    const heat = await heatOf(database.db, 1);
    expect(heat?.tracks).toHaveLength(1);
    expectContract(heat?.tracks[0], momentTrack);
  });

  it('the track playing at a saved position matches MomentTrack', async () => {
    const played = await lastPlayedSet(database.db, 1);
    expect(played?.track).toMatchObject({ track_position: 1, title: 'Parallax' });
    expectContract(played?.track, momentTrack);
  });

  it('where a track plays matches TrackMoment', async () => {
    const moments = await trackMoments(database.db, 1, undefined);
    expect(moments).toHaveLength(1);
    expectContract(moments?.[0], trackMoment);
  });
});
