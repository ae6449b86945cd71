// SQL of the live events (docs/identifications-api.md "Live events"): tickets that open a stream, the
// events a stream catches up on (a notification's payload is the notifications module's: its service).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

export interface LiveEventRow {
  id: number;
  user_id: number | null;
  track_id: number | null;
  type: 'notification' | 'identification' | 'upload';
  data: Record<string, unknown>;
}

export async function insertTicket(db: Db, ticketHash: string, userId: number, ttlS: number): Promise<Date> {
  const [row] = await queryRows<{ expires_at: string | Date }>(
    db,
    sql`
      insert into live_tickets (ticket_hash, user_id, expires_at)
      values (${ticketHash}, ${userId}, now() + make_interval(secs => ${ttlS})) returning expires_at`,
  );
  return new Date(row?.expires_at ?? Date.now());
}

/** Uses a ticket up: its user while it is valid, undefined otherwise (unknown, used or expired). */
export async function consumeTicket(db: Db, ticketHash: string): Promise<number | undefined> {
  const [row] = await queryRows<{ user_id: number }>(
    db,
    sql`
      delete from live_tickets where ticket_hash = ${ticketHash} and expires_at > now() returning user_id`,
  );
  return row?.user_id;
}

const COLUMNS = sql`id::float8 as id, user_id, track_id, type, data`;

export async function eventsByIds(db: Db, ids: number[]): Promise<LiveEventRow[]> {
  if (ids.length === 0) return [];
  return await queryRows<LiveEventRow>(
    db,
    sql`
      select ${COLUMNS} from live_events
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
  );
}

/**
 * How long a transaction that writes live events may last. Event ids are taken when a row is
 * inserted, not when its transaction commits, so an event may become visible after one with a higher
 * id. It can only be missed by a reader that stood at id N if its transaction was already running
 * when event N was written: at most this long before N's created_dt. Readers that resume from N
 * re-read that window behind N too (and skip by id what they already had).
 */
export const LATE_COMMIT_S = 60;

/** Events after `afterId`, and those that may have committed after it (the late-commit window). */
function afterOrLate(afterId: number) {
  return sql`(id > ${afterId} or (id < ${afterId} and created_dt >= (
    select n.created_dt - make_interval(secs => ${LATE_COMMIT_S}) from live_events n where n.id = ${afterId})))`;
}

/** Events after `afterId` (any listener's; a reconnected instance catches up on these). */
export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<LiveEventRow[]> {
  return await queryRows<LiveEventRow>(
    db,
    sql`select ${COLUMNS} from live_events where ${afterOrLate(afterId)} order by id limit ${limit}`,
  );
}

/**
 * What a reconnecting stream missed since `afterId`: the user's events and those of its tracks
 * (with the late-commit window behind `afterId`, which the client may partly have had), and whether
 * some may have been dropped already (kept only for a while).
 */
export async function eventsSince(
  db: Db,
  afterId: number,
  userId: number,
  tracks: number[],
  limit: number,
): Promise<{ events: LiveEventRow[]; missed: boolean }> {
  const onTracks =
    tracks.length === 0
      ? sql`false`
      : sql`track_id in (${sql.join(
          tracks.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const events = await queryRows<LiveEventRow>(
    db,
    sql`
      select ${COLUMNS} from live_events
      where ${afterOrLate(afterId)} and (user_id = ${userId} or ${onTracks})
      order by id limit ${limit + 1}`,
  );
  const [oldest] = await queryRows<{ id: number | null }>(
    db,
    sql`select min(id)::float8 as id from live_events`,
  );
  const dropped = oldest?.id != null ? afterId < oldest.id - 1 : afterId < (await lastId(db));
  return { events: events.slice(0, limit), missed: dropped || events.length > limit };
}

/** The newest event id (0 when none). */
export async function lastId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number | null }>(
    db,
    sql`select coalesce(max(id), 0)::float8 as id from live_events`,
  );
  return row?.id ?? 0;
}

/** Drops events older than the retention and expired tickets. */
export async function prune(db: Db, retentionS: number): Promise<void> {
  await db.execute(
    sql`delete from live_events where created_dt < now() - make_interval(secs => ${retentionS})`,
  );
  await db.execute(sql`delete from live_tickets where expires_at < now()`);
}
