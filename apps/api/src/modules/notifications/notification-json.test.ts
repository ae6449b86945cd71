// A notification's JSON is built in SQL (one statement per page): this checks it against the
// contract's schema, the same keys and values it accepts, for a release, one whose ID was heard in
// no set, and one that names no release.
import { notification } from '@cratedig/contract/notification';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { listNotifications } from './queries';

let database: Database;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await database.exec(`
    insert into users (id, username, email) values (1, 'mira', 'mira@example.test');
    insert into sets (id, set_name, artist, genre, release_date, duration_ms)
      values (1, 'Sunrise set', 'Kessa Lindqvist', 'Techno', '2024-05-01', 1200000);
    insert into tracks (id, title, artist, mix_type, found_in_set_id) values
      (1, 'ID', 'Oren Vale', 'ID', 1), (3, 'ID', 'Oren Vale', 'ID', null);
    insert into tracks (id, title, artist, mix_type, release_date) values (2, 'Parallax', 'Oren Vale', 'original_mix', '2024-02-01');
    insert into set_tracks (set_id, track_position, track_id, start_time, end_time) values (1, 4, 1, 600, 900);
    insert into id_releases (id_track_id, released_track_id) values (1, 2), (3, 2);
    insert into notifications (user_id, id_track_id, kind, is_read, read_dt) values
      (1, 1, 'release', true, now()), (1, 3, 'release', false, null);
  `);
});

afterAll(async () => {
  await resetDatabase(database);
});

function expectContract(json: Record<string, unknown>): void {
  expect(Object.keys(json).filter((key) => !(key in notification.shape))).toEqual([]);
  expect(notification.safeParse(json).error?.issues ?? []).toEqual([]);
}

describe('the notification JSON built in SQL', () => {
  it('matches the contract for a release, heard in a set or in none', async () => {
    const page = await listNotifications<Record<string, unknown>>(database.db, {
      userId: 1,
      limit: 10,
      search: undefined,
      after: undefined,
      afterId: undefined,
    });
    expect(page.data).toHaveLength(2);
    for (const item of page.data) expectContract(item);
    const heard = page.data.find((item) => (item.id_track as { id: number }).id === 1);
    expect(heard).toMatchObject({
      kind: 'release',
      is_read: true,
      id_track: { set_meta: { id: 1, set_name: 'Sunrise set' }, track_position: 4 },
      release: { track_meta: { id: 2, title: 'Parallax' }, track_position: 4 },
      proposal: null,
    });
  });

  it('matches the contract for a kind that names no release', async () => {
    await database.db.execute(sql`update notifications set kind = 'identified' where id_track_id = 3`);
    const page = await listNotifications<Record<string, unknown>>(database.db, {
      userId: 1,
      limit: 10,
      search: undefined,
      after: undefined,
      afterId: undefined,
    });
    const named = page.data.find((item) => item.kind === 'identified');
    expect(named).toMatchObject({ release: null, id_track: { id: 3, set_meta: null } });
    if (named) expectContract(named);
  });
});
