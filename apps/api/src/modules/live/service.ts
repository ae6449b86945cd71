// What other modules ask of the live events (live_events is this module's table; docs/database.md
// "Who owns which tables"): an event written in the caller's transaction is announced to every
// instance when that transaction commits (docs/identifications-api.md "Live events").
import { type SQL, sql } from 'drizzle-orm';
import type { SqlRunner } from '../../db/rows';

/**
 * Live events for everyone showing a track: `rows` is the caller's query of (track_id, type, data),
 * over its own tables.
 */
export async function announceToTrackViewers(db: SqlRunner, rows: SQL): Promise<void> {
  await db.execute(sql`
    insert into live_events (track_id, type, data)
    ${rows}`);
}

/** A live event for one user's open pages. */
export async function announceToUser(
  db: SqlRunner,
  userId: number,
  type: 'upload',
  data: Record<string, unknown>,
): Promise<void> {
  await db.execute(sql`
    insert into live_events (user_id, type, data)
    values (${userId}, ${type}, ${JSON.stringify(data)}::jsonb)`);
}
