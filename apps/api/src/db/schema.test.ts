import { GENRES } from '@cratedig/contract/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../test/database';
import type { Database } from './client';
import { migrate } from './migrate';

let database: Database;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] }; // both drivers answer {rows}
  return result.rows;
}

/** The statement must fail on the named constraint (PostgreSQL names it in the message). */
async function expectViolation(statement: Promise<unknown>, constraint: string): Promise<void> {
  const error = await statement.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a violation of ${constraint}`).toBeInstanceOf(Error);
  const cause = (error as { cause?: { message?: string } }).cause;
  expect(`${(error as Error).message} ${cause?.message ?? ''}`).toContain(constraint);
}

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await database.db.execute(sql`
    insert into artists (id, name) values (1, 'Kessa Lindqvist');
  `);
  await database.db.execute(sql`
    insert into sets (id, set_name, artist, genre, release_date, duration_ms)
    values (1, 'Test set', 'Kessa Lindqvist', 'Techno', '2024-05-01', 1200000)
  `);
  await database.db.execute(sql`
    insert into tracks (id, title, artist, mix_type, genre) values (1, 'Parallax', 'Kessa Lindqvist', 'original_mix', 'Techno')
  `);
  await database.db.execute(sql`
    insert into users (username, email) values ('DJ_Kessa', 'kessa@example.com')
  `);
});

afterAll(async () => {
  await resetDatabase(database);
});

describe('migrations', () => {
  it('apply again without error or change', async () => {
    await migrate(database);
    await migrate(database);
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from artists`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it('insert the 20 genres of docs/catalogue.md in order', async () => {
    const genres = await rows<{ name: string }>(sql`select name from genres order by position`);
    expect(genres.map((g) => g.name)).toEqual([...GENRES]);
  });

  it('enable pg_trgm for the name and title search indexes', async () => {
    const found = await rows<{ similarity: number }>(sql`select similarity('Kessa', 'Kesa') as similarity`);
    expect(found[0]?.similarity).toBeGreaterThan(0.2);
    const indexes = await rows<{ indexname: string }>(
      sql`select indexname from pg_indexes where indexdef like '%gin_trgm_ops%' order by indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'artists_name_trgm',
        'labels_name_trgm',
        'sets_set_name_trgm',
        'tracks_title_trgm',
      ]),
    );
  });
});

describe('constraints', () => {
  it('reject a set track that ends before or when it starts', async () => {
    await expectViolation(
      database.db.execute(sql`insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
        values (1, 1, 1, 120, 120)`),
      'set_tracks_end_time_check',
    );
  });

  it('reject a set track pointing at a missing track', async () => {
    await expectViolation(
      database.db.execute(sql`insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
        values (1, 1, 999, 0, 60)`),
      'set_tracks_track_id_tracks_id_fk',
    );
  });

  it('accept a well-formed set track', async () => {
    await database.db.execute(sql`insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
      values (1, 1, 1, 0, 60)`);
    const entries = await rows<{ end_time: number }>(sql`select end_time from set_tracks where set_id = 1`);
    expect(entries).toEqual([{ end_time: 60 }]);
  });

  it('reject a username or email that differs only in case', async () => {
    await expectViolation(
      database.db.execute(sql`insert into users (username, email) values ('dj_kessa', 'other@example.com')`),
      'users_username_lower_key',
    );
    await expectViolation(
      database.db.execute(sql`insert into users (username, email) values ('someone', 'KESSA@example.com')`),
      'users_email_lower_key',
    );
  });

  it('default a new user to listener, daily, notifications on, onboarding not done', async () => {
    const [user] = await rows<Record<string, unknown>>(
      sql`select user_type, notification_timeframe, notification_preferences_enabled, completed_onboarding
          from users where username = 'DJ_Kessa'`,
    );
    expect(user).toEqual({
      user_type: ['listener'],
      notification_timeframe: 'daily',
      notification_preferences_enabled: true,
      completed_onboarding: false,
    });
  });

  it('reject unknown vocabulary values', async () => {
    await expectViolation(
      database.db.execute(
        sql`insert into tracks (id, title, artist, mix_type) values (2, 'X', 'Y', 'bootleg')`,
      ),
      'tracks_mix_type_check',
    );
    await expectViolation(
      database.db.execute(
        sql`insert into users (username, email, user_type) values ('a', 'a@example.com', '{dj,admin}')`,
      ),
      'users_user_type_check',
    );
    await expectViolation(
      database.db.execute(
        sql`insert into users (username, email, notification_timeframe) values ('b', 'b@example.com', 'hourly')`,
      ),
      'users_notification_timeframe_check',
    );
    await expectViolation(
      database.db.execute(sql`insert into sets (id, set_name, artist, genre, release_date, duration_ms)
        values (2, 'S', 'A', 'Dubstep', '2024-01-01', 1000)`),
      'sets_genre_genres_name_fk',
    );
  });

  it('require the sponsor foreign key that matches the sponsor type', async () => {
    await expectViolation(
      database.db.execute(
        sql`insert into set_sponsors (set_id, position, sponsor_type, artist_id) values (1, 1, 'label', 1)`,
      ),
      'set_sponsors_target_check',
    );
    await database.db.execute(
      sql`insert into set_sponsors (set_id, position, sponsor_type, artist_id) values (1, 1, 'artist_meta', 1)`,
    );
  });

  it('keep one featured position and one entry per item in each list', async () => {
    await database.db.execute(sql`insert into featured (kind, item_id, position) values ('sets', 1, 1)`);
    await expectViolation(
      database.db.execute(sql`insert into featured (kind, item_id, position) values ('sets', 1, 2)`),
      'featured_kind_item_key',
    );
    await expectViolation(
      database.db.execute(sql`insert into featured (kind, item_id, position) values ('playlists', 1, 1)`),
      'featured_kind_check',
    );
  });
});
