// SQL of what follows a proposal or a decision (docs/identifications-api.md): closing the others,
// the counts a decision moves, the notifications it sends and the live events it announces.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as catalogue from '../../db/read-models/catalogue-ids';
import { queryRows } from '../../db/rows';

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
  await db.execute(
    sql`update users set identifications_accepted = identifications_accepted + 1 where id = ${authorId}`,
  );
}

/** The sets playing the ID count it as confirmed from now on (track_confirmed_count). */
export async function countIdentifiedInSets(db: Db, idTrackId: number): Promise<void> {
  await db.execute(sql`
    update sets s set track_confirmed_count = s.track_confirmed_count + x.n
    from (${catalogue.setsPlaying(idTrackId)}) x
    where s.id = x.set_id`);
}

const WATCHERS = (idTrackId: number) => catalogue.watchersOf(idTrackId);

/**
 * Notifies users of something that happened to an ID; the unique (user, ID, kind, day) key makes a
 * repeat notify nobody twice. `to` is a query of user ids. Answers how many were added.
 */
export async function notify(
  db: Db,
  to: SQL,
  idTrackId: number,
  kind: 'identified' | 'proposal_accepted' | 'proposal_on_watched',
  identificationId: number,
): Promise<number> {
  const day = kind === 'proposal_on_watched' ? sql`(now() at time zone 'UTC')::date` : sql`null::date`;
  const [row] = await queryRows<{ added: number }>(
    db,
    sql`
      with added as (
        insert into notifications (user_id, id_track_id, kind, identification_id, day)
        select u.user_id, ${idTrackId}, ${kind}, ${identificationId}, ${day} from (${to}) u
        on conflict do nothing returning 1)
      select count(*)::int as added from added`,
  );
  return row?.added ?? 0;
}

export const watchersOf = (idTrackId: number) => WATCHERS(idTrackId);
export const watchersBut = (idTrackId: number, userId: number) =>
  sql`select w.user_id from (${WATCHERS(idTrackId)}) w where w.user_id <> ${userId}`;
export const justUser = (userId: number) => sql`select ${userId}::int as user_id`;

/**
 * A live event for everyone showing the ID: the proposal's counts and status and the ID's state
 * after the change (announced to every instance when the transaction commits).
 */
export async function insertIdentificationEvent(db: Db, id: number, change: string): Promise<void> {
  await db.execute(sql`
    insert into live_events (track_id, type, data)
    select p.id_track_id, 'identification', jsonb_build_object(
      'id_track_id', p.id_track_id, 'change', ${change}::text,
      'proposal', jsonb_build_object('id', p.id, 'status', p.status, 'confirm_count', p.confirm_count,
        'reject_count', p.reject_count, 'decided_dt', ${instant('p.decided_dt')}),
      'identification', cd_track_identification(p.id_track_id))
    from identifications p where p.id = ${id}`);
}
