// The seek bar's comment markers are built as JSON in SQL: each row must carry exactly the columns the
// service reads, and what the service makes of it must be a CommentMarker; the first line is the first
// non-empty one, trimmed, and cut with '…' to the length asked for.
import { commentMarkers as markersSchema } from '@cratedig/contract/moments-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { expectContract } from '../../test/contract-json';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { createSet } from '../../test/factories';
import { commentMarkers } from './queries';

let database: Database;
let setId: number;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  setId = (await createSet({ db: database.db }, { name: 'Sunrise set' })).id;
  await database.exec(`
    insert into users (id, username, email) values (1, 'mira', 'mira@example.test');
    insert into posts (user_id, set_id, text, set_timestamp) values
      (1, ${setId}, E'\\n   \\n  Big drop  \\nsecond line', 95.5),
      (1, ${setId}, 'This one is far too long to fit', 12),
      (1, ${setId}, 'Written while not playing', 0);
  `);
});

afterAll(async () => {
  await resetDatabase(database);
});

describe('the comment markers JSON built in SQL', () => {
  it('is the timed comments in set order, each becoming a CommentMarker', async () => {
    const markers = await commentMarkers(database.db, setId, 10, 12);
    expect(markers.total).toBe(2);
    for (const row of markers.rows) {
      expect(Object.keys(row).sort()).toEqual([
        'author_id',
        'author_username',
        'first_line',
        'id',
        'set_timestamp',
      ]);
    }
    const wire = {
      data: markers.rows.map((row) => ({
        id: row.id,
        set_timestamp: row.set_timestamp,
        first_line: row.first_line,
        author: { id: row.author_id, username: row.author_username },
      })),
      total: markers.total,
    };
    expectContract(wire, markersSchema);
    expect(wire.data.map((marker) => [marker.set_timestamp, marker.first_line])).toEqual([
      [12, 'This one is…'],
      [95.5, 'Big drop'],
    ]);
  });
});
