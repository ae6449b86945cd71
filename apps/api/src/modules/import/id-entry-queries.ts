// The statements that add an "ID" entry to an existing set's tracklist (id-entry-service.ts): the
// set's row locked, an ID track first heard in the set, and the entry placed in time order.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRow } from '../../db/rows';
import { moveMomentLikesForEntry } from '../player/moments-service';

export interface LockedSet {
  id: number;
  genre: string | null;
  duration_s: number;
}

/**
 * The set's row, once the transaction holds the set's tracklist lock: writers of one set's tracklist
 * take turns until their transactions end. An advisory lock rather than the row's own, so that a
 * release or a vote updating the set's counts never waits for it (nor deadlocks with it).
 */
export async function lockSet(db: Db, setId: number): Promise<LockedSet | undefined> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('set-tracklist:' || ${setId}::text, 0))`,
  );
  return queryRow<LockedSet>(
    db,
    sql`select id, genre, (duration_ms / 1000.0)::float8 as duration_s from sets where id = ${setId}`,
  );
}

/** An unnamed track first heard in the set, as the import stores an 'ID - ID' line. */
export async function insertIdTrack(db: Db, set: LockedSet): Promise<number> {
  const row = await queryRow<{ id: number }>(
    db,
    sql`insert into tracks (title, artist, mix_type, genre, found_in_set_id)
        values ('ID', 'ID', 'ID', ${set.genre}, ${set.id}) returning id`,
  );
  if (!row) throw new Error('the ID track was not inserted');
  return row.id;
}

/**
 * Inserts the entry after every entry that starts at or before it (an entry of a list without times
 * has no start, so it stays before), moving the later entries and the moment likes attributed to
 * them one place down; moments liked inside it that no entry held become its own. Answers its
 * position.
 */
export async function insertEntry(
  db: Db,
  setId: number,
  trackId: number,
  start: number,
  end: number,
): Promise<number> {
  const at = await queryRow<{ position: number }>(
    db,
    sql`select coalesce(max(track_position), 0) + 1 as position from set_tracks
        where set_id = ${setId} and (untimed or start_time <= ${start})`,
  );
  const position = at?.position ?? 1;
  // Two steps: the primary key is checked row by row, so a plain +1 would collide mid-statement.
  await db.execute(sql`update set_tracks set track_position = track_position + 1000000
                       where set_id = ${setId} and track_position >= ${position}`);
  await db.execute(sql`update set_tracks set track_position = track_position - 999999
                       where set_id = ${setId} and track_position >= 1000000`);
  await moveMomentLikesForEntry(db, setId, position, start, end);
  await db.execute(sql`insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
                       values (${setId}, ${position}, ${trackId}, ${start}, ${end})`);
  return position;
}
