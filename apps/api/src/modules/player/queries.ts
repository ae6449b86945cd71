// The player's SQL (docs/database.md "Who reads which tables"). Queue writes run inside
// withUserQueueLock(): one transaction that first locks the user's row, so two tabs of one user
// serialise; the deferrable (user_id, order) key and the one-current index are the backstop.
import type { TrackPlayTarget } from '@cratedig/contract/track';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { setExists as setExistsSql, trackPlayPlaces } from '../../db/read-models/catalogue-counters';
import { setItem, setItemJoin } from '../../db/read-models/catalogue-items';
import { trackExists } from '../../db/read-models/catalogue-moments';
import { queryRows } from '../../db/rows';
import { lockAccount } from '../accounts/service';
import { raisePlayingTrackLikes, raiseSetLikes, raiseTrackUserLikes } from '../catalogue/counters-service';
import {
  likeSetSql,
  likeTrackSql,
  raiseListenerSetLikes,
  raiseListenerTrackLikes,
  saveResumePositionSql,
  trackFavSql,
} from '../library/listener-state-service';
import { slotOf } from './moments-queries';

/** A transaction handle: the same execute() as Db. */
export type Tx = Pick<Db, 'execute'>;

// ---------------------------------------------------------------------------------------------------
// Queue

export interface QueueRow {
  id: number;
  set_id: number;
  order: number;
  is_current: boolean;
}

/** Runs `work` in a transaction holding the user's row lock (SELECT … FOR UPDATE). */
export async function withUserQueueLock<T>(db: Db, userId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    return work(tx);
  });
}

export function queueRows(db: Tx, userId: number): Promise<QueueRow[]> {
  return queryRows<QueueRow>(
    db,
    sql`select id, set_id, "order", is_current from queue_items where user_id = ${userId} order by "order", id`,
  );
}

export async function setExists(db: Tx, setId: number): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(db, sql`select ${setExistsSql(setId)} as found`);
  return row?.found === true;
}

export async function appendQueueItem(db: Tx, userId: number, setId: number): Promise<QueueRow | undefined> {
  // ON CONFLICT DO NOTHING: already queued answers no row (the caller's 404), never a 500.
  const inserted = await queryRows<QueueRow>(
    db,
    sql`insert into queue_items (user_id, set_id, "order", is_current)
        select ${userId}, ${setId}, coalesce(max("order"), 0) + 1, false
        from queue_items where user_id = ${userId}
        on conflict (user_id, set_id) do nothing
        returning id, set_id, "order", is_current`,
  );
  return inserted[0];
}

/**
 * Moves item `id` from `from` to `to` in one statement: the items between shift by one. Mid-statement
 * duplicates of (user_id, order) are fine because that key is checked at commit (DEFERRABLE).
 */
export async function moveQueueItem(
  db: Tx,
  userId: number,
  id: number,
  from: number,
  to: number,
): Promise<void> {
  if (from === to) return;
  await db.execute(
    sql`update queue_items set "order" = case
          when id = ${id} then ${to}
          when ${to} > ${from} then "order" - 1
          else "order" + 1 end
        where user_id = ${userId}
          and (id = ${id} or "order" between least(${from}::int, ${to}::int) and greatest(${from}::int, ${to}::int))`,
  );
}

/**
 * Makes `id` the current item (or, with `current` false, un-marks it). The others are cleared first:
 * the one-current index is not deferrable, so it must never see two at once.
 */
export async function setCurrent(db: Tx, userId: number, id: number, current: boolean): Promise<void> {
  if (current) {
    await db.execute(
      sql`update queue_items set is_current = false where user_id = ${userId} and is_current and id <> ${id}`,
    );
  }
  await db.execute(
    sql`update queue_items set is_current = ${current} where id = ${id} and user_id = ${userId}`,
  );
}

export async function deleteQueueItem(db: Tx, userId: number, id: number): Promise<boolean> {
  const deleted = await queryRows(
    db,
    sql`delete from queue_items where id = ${id} and user_id = ${userId} returning id`,
  );
  return deleted.length > 0;
}

export async function clearQueue(db: Tx, userId: number): Promise<void> {
  await db.execute(sql`delete from queue_items where user_id = ${userId}`);
}

/** Renumbers the user's queue 1..n in its present order (closes the gap a delete leaves). */
export async function renumberQueue(db: Tx, userId: number): Promise<void> {
  await db.execute(
    sql`update queue_items q set "order" = r.n
        from (select id, row_number() over (order by "order", id)::int as n
              from queue_items where user_id = ${userId}) r
        where q.id = r.id and q."order" <> r.n`,
  );
}

/** The user's queue with each set in its list shape (the catalogue's set JSON), in order. */
export async function queueWithSets(db: Tx, userId: number): Promise<{ row: QueueRow; set: unknown }[]> {
  const set = setItem(userId);
  const found = await queryRows<QueueRow & { set: unknown }>(
    db,
    sql`select q.id, q.set_id, q."order", q.is_current, ${set.json} as set
        from queue_items q ${setItemJoin(sql`q.set_id`)} ${set.joins}
        where q.user_id = ${userId} order by q."order", q.id`,
  );
  return found.map(({ set: setJson, ...row }) => ({ row, set: setJson }));
}

// ---------------------------------------------------------------------------------------------------
// Plays and resume

/**
 * Saves the resume position (upsert). Returns false when the set does not exist. The upsert also
 * locks the (user, set) row until commit, which serialises countPlay() for that pair.
 */
export async function saveResumePosition(
  db: Tx,
  userId: number,
  setId: number,
  positionS: number,
): Promise<boolean> {
  const saved = await queryRows(db, saveResumePositionSql(userId, setId, positionS, setExistsSql(setId)));
  return saved.length > 0;
}

/**
 * Counts a play unless one was counted for this user and set within the hour. Run after
 * saveResumePosition() in the same transaction: under its row lock this statement (a new snapshot
 * in READ COMMITTED) sees a concurrent request's committed play, so two cannot both count.
 */
export async function countPlay(db: Tx, userId: number, setId: number): Promise<boolean> {
  const counted = await queryRows(
    db,
    sql`with play as (
          insert into plays (user_id, set_id)
          select ${userId}, ${setId}
          where not exists (select 1 from plays where user_id = ${userId} and set_id = ${setId}
                            and played_at > now() - interval '1 hour')
          returning set_id)
        insert into set_play_counts (set_id, plays) select set_id, 1 from play
        on conflict (set_id) do update set plays = set_play_counts.plays + 1
        returning set_id`,
  );
  return counted.length > 0;
}

/**
 * The most played set containing the track (ties: lowest set id) and the track's start there. A track
 * in no set but released from an ID plays where that ID was heard. A set listing it with a time comes
 * before one whose list has none (that one plays from its beginning, and the answer says `untimed`).
 */
export async function findTrackPlayTarget(db: Tx, trackId: number): Promise<TrackPlayTarget | undefined> {
  const found = await queryRows<{ set_meta_id: number; start_time: number; untimed: boolean }>(
    db,
    sql`select p.set_id as set_meta_id, p.start_time, p.untimed
        from ${trackPlayPlaces(trackId)} p left join set_play_counts pc on pc.set_id = p.set_id
        order by p.via_release, p.untimed, coalesce(pc.plays, 0) desc, p.set_id, p.track_position
        limit 1`,
  );
  const [target] = found;
  if (!target) return undefined;
  const { untimed, ...timed } = target;
  return untimed ? { ...timed, untimed: true } : timed;
}

// ---------------------------------------------------------------------------------------------------
// Moment likes

/**
 * One statement (data-modifying CTEs): the set's likes, the set track playing at `t` (the latest
 * started one when two overlap in a transition), the like row, the user's counts on the set and
 * that track, and the set's like slot of `t` (the heat strip's source), each +1. Row locks taken by UPDATE / ON CONFLICT re-read the latest values, so
 * concurrent likes stay exact. Returns the set's new total, or undefined when there is no such set.
 */
export async function recordMomentLike(
  db: Tx,
  userId: number,
  setId: number,
  t: number,
): Promise<number | undefined> {
  const found = await queryRows<{ likes: number }>(
    db,
    sql`with s as (${raiseSetLikes(setId)}),
        st as (${raisePlayingTrackLikes(setId, t)}),
        l as (
          insert into set_likes (user_id, set_id, set_timestamp, track_position)
          select ${userId}, s.id, ${t}::float8, (select track_position from st) from s),
        uf as (${raiseListenerSetLikes(userId, sql`s.id`, sql`s`)}),
        ut as (${raiseListenerTrackLikes(userId, sql`st.track_id`, sql`st`)}),
        slot as (
          insert into set_like_slots (set_id, slot, likes) select s.id, ${slotOf(t)}, 1 from s
          on conflict (set_id, slot) do update set likes = set_like_slots.likes + 1)
        select likes from s`,
  );
  return found[0]?.likes;
}

export interface SetFavRow {
  is_fav: boolean;
  show_likes: boolean;
  user_likes: number;
  current_timestamp: number;
}

export interface TrackFavRow {
  is_fav: boolean;
  show_likes: boolean;
  user_likes: number;
  is_purchased: boolean;
}

/** Puts the set into the user's likes (show_likes = true). Undefined when the set does not exist. */
export async function likeSet(db: Db, userId: number, setId: number): Promise<SetFavRow | undefined> {
  const found = await queryRows<SetFavRow>(db, likeSetSql(userId, setId, setExistsSql(setId)));
  return found[0];
}

/**
 * Puts the track into the user's likes; tracks.total_user_likes rises only when this call turned
 * show_likes from false (or no row) to true. The conditional DO UPDATE re-checks the latest row under
 * its lock, so of two concurrent calls exactly one counts.
 */
export async function likeTrack(db: Db, userId: number, trackId: number): Promise<TrackFavRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`with changed as (${likeTrackSql(userId, trackId, trackExists(trackId))})
          ${raiseTrackUserLikes(sql`select track_id from changed`)}`,
    );
    const found = await queryRows<TrackFavRow>(tx, trackFavSql(userId, trackId));
    return found[0];
  });
}
