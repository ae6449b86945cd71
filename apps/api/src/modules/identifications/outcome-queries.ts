// SQL of what follows a proposal or a decision (docs/identifications-api.md): closing the others,
// the counts a decision moves, the notifications it sends and the live events it announces. The
// counts, notifications and live events are other modules' tables: their services write them, in the
// caller's transaction.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as catalogue from '../../db/read-models/catalogue-ids';
import { queryRows } from '../../db/rows';
import { countAcceptedIdentification } from '../accounts/service';
import { countIdentifiedInSets as countInSets } from '../catalogue/release-service';
import { announceToTrackViewers } from '../live/service';

const instant = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Rejects the ID's other open proposals (accepting one closes the rest); answers their ids. */
export async function rejectOthers(db: Db, idTrackId: number, acceptedId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      update identifications set status = 'rejected', decided_dt = date_trunc('milliseconds', now())
      where id_track_id = ${idTrackId} and status = 'open' and id <> ${acceptedId} returning id`,
  );
  return rows.map((row) => row.id);
}

/** The author's count of accepted proposals (profiles, and trust). */
export async function countAccepted(db: Db, authorId: number): Promise<void> {
  await countAcceptedIdentification(db, authorId);
}

/** The sets playing the ID count it as confirmed from now on (track_confirmed_count). */
export async function countIdentifiedInSets(db: Db, idTrackId: number): Promise<void> {
  await countInSets(db, idTrackId);
}

const WATCHERS = (idTrackId: number) => catalogue.watchersOf(idTrackId);

export const watchersOf = (idTrackId: number) => WATCHERS(idTrackId);
export const watchersBut = (idTrackId: number, userId: number) =>
  sql`select w.user_id from (${WATCHERS(idTrackId)}) w where w.user_id <> ${userId}`;
export const justUser = (userId: number) => sql`select ${userId}::int as user_id`;

/**
 * A live event for everyone showing the ID: the proposal's counts and status and the ID's state
 * after the change (announced to every instance when the transaction commits).
 */
export async function insertIdentificationEvent(db: Db, id: number, change: string): Promise<void> {
  await announceToTrackViewers(
    db,
    sql`
    select p.id_track_id, 'identification', jsonb_build_object(
      'id_track_id', p.id_track_id, 'change', ${change}::text,
      'proposal', jsonb_build_object('id', p.id, 'status', p.status, 'confirm_count', p.confirm_count,
        'reject_count', p.reject_count, 'decided_dt', ${instant('p.decided_dt')}),
      'identification', cd_track_identification(p.id_track_id))
    from identifications p where p.id = ${id}`,
  );
}
