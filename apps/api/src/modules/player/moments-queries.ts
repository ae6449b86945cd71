// The SQL of the crowd's moments: a set's like slots and track list (the heat strip), the sets a user
// played with their positions, and where a track plays in sets. Each answer is one statement.
import { HEAT_SLOT_S, RESUME_FINISHED_FRACTION, RESUME_FINISHED_TAIL_S } from '@cratedig/contract/constants';
import type { MomentTrack } from '@cratedig/contract/moments-api';
import { type SQL, sql } from 'drizzle-orm';
import { setTiming } from '../../db/read-models/catalogue-counters';
import { setItem, setItemJoin } from '../../db/read-models/catalogue-items';
import {
  momentTrackAt,
  momentTrackList,
  trackExists,
  trackPlaces,
} from '../../db/read-models/catalogue-moments';
import { queryRows, type SqlRunner } from '../../db/rows';

export interface HeatRow {
  duration_ms: number;
  /** [slot, likes] pairs in slot order; slot = floor(set_timestamp / HEAT_SLOT_S). */
  slots: [number, number][];
  tracks: MomentTrack[];
}

/** The set's like slots and its track list; undefined when there is no such set. */
export async function heatOf(db: SqlRunner, setId: number): Promise<HeatRow | undefined> {
  const found = await queryRows<HeatRow>(
    db,
    sql`select s.duration_ms,
          coalesce((select json_agg(json_build_array(ls.slot, ls.likes) order by ls.slot)
                    from set_like_slots ls where ls.set_id = s.id), '[]'::json) as slots,
          ${momentTrackList(sql`s.id`)} as tracks
        from ${setTiming(setId)} s`,
  );
  return found[0];
}

/**
 * The median second (whole seconds) of the set's moment likes in [fromS, toS): where the most liked
 * moment is inside its slot. Undefined when no like falls there.
 */
export async function medianLikeSecond(
  db: SqlRunner,
  setId: number,
  fromS: number,
  toS: number,
): Promise<number | undefined> {
  const found = await queryRows<{ at: number | null }>(
    db,
    sql`select floor(percentile_disc(0.5) within group (order by set_timestamp))::int as at
        from set_likes where set_id = ${setId} and set_timestamp >= ${fromS} and set_timestamp < ${toS}`,
  );
  return found[0]?.at ?? undefined;
}

/** The slot a moment like at second `t` falls in (used by recordMomentLike). */
export function slotOf(t: number): number {
  return Math.floor(t / HEAT_SLOT_S);
}

export interface PlayedRow {
  set: unknown;
  current_timestamp: number;
  played_dt: string;
  track: MomentTrack | null;
}

/**
 * A set counts as finished when its position is within RESUME_FINISHED_TAIL_S of the end or past
 * RESUME_FINISHED_FRACTION of it. A set of unknown length (duration 0) is never finished.
 */
const NOT_FINISHED = sql`not (i.duration_ms > 0 and (
  uf.resume_position_s >= i.duration_ms / 1000.0 - ${RESUME_FINISHED_TAIL_S}
  or uf.resume_position_s >= i.duration_ms / 1000.0 * ${RESUME_FINISHED_FRACTION}))`;

/** The row's set (list shape), position, when it was saved, and the set track playing there. */
function playedJson(userId: number): SQL {
  return sql`json_build_object('set', ${setItem(userId).json}, 'current_timestamp', uf.resume_position_s,
    'played_dt', to_char(uf.position_saved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'track', ${momentTrackAt(sql`uf.set_id`, sql`uf.resume_position_s`)})`;
}

/**
 * The user's resumable sets (position > 0, not finished), the most recently saved first (ties: set
 * id), one page of them and their total. Only `userId`'s rows are read.
 */
export async function resumableSets(
  db: SqlRunner,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: PlayedRow[]; total: number }> {
  const found = await queryRows<{ total: number; rows: PlayedRow[] }>(
    db,
    sql`with r as (
          select uf.set_id, uf.position_saved_at from user_set_favs uf ${setItemJoin(sql`uf.set_id`)}
          where uf.user_id = ${userId} and uf.position_saved_at is not null and uf.resume_position_s > 0
            and ${NOT_FINISHED}),
        page as (
          select r.set_id, row_number() over (order by r.position_saved_at desc, r.set_id desc) as ord
          from r order by r.position_saved_at desc, r.set_id desc limit ${limit} offset ${offset})
        select (select count(*) from r)::int as total,
          coalesce((select json_agg(${playedJson(userId)} order by page.ord)
                    from page join user_set_favs uf on uf.user_id = ${userId} and uf.set_id = page.set_id
                    ${setItemJoin(sql`uf.set_id`)}), '[]'::json) as rows`,
  );
  return { rows: found[0]?.rows ?? [], total: found[0]?.total ?? 0 };
}

/** The set whose position the user saved last (finished or not), or undefined. */
export async function lastPlayedSet(db: SqlRunner, userId: number): Promise<PlayedRow | undefined> {
  const found = await queryRows<{ played: PlayedRow }>(
    db,
    sql`select ${playedJson(userId)} as played
        from user_set_favs uf ${setItemJoin(sql`uf.set_id`)}
        where uf.user_id = ${userId} and uf.position_saved_at is not null
        order by uf.position_saved_at desc, uf.set_id desc limit 1`,
  );
  return found[0]?.played;
}

export interface TrackMomentRow {
  set_meta_id: number;
  track_position: number;
  start_time: number;
  end_time: number;
  likes: number;
  untimed?: true;
}

/**
 * Where the track plays: its set tracks in the given sets (or the first 100 sets by id), in set id
 * and track position order. Undefined when the track does not exist.
 */
export async function trackMoments(
  db: SqlRunner,
  trackId: number,
  setIds: number[] | undefined,
): Promise<TrackMomentRow[] | undefined> {
  const found = await queryRows<{ exists: boolean; moments: TrackMomentRow[] }>(
    db,
    sql`select ${trackExists(trackId)} as exists, ${trackPlaces(trackId, setIds)} as moments`,
  );
  const row = found[0];
  return row?.exists ? row.moments : undefined;
}

/** The moment likes attributed to the set's entries from `position` on move one place down. */
export async function shiftMomentLikes(db: SqlRunner, setId: number, position: number): Promise<void> {
  await db.execute(sql`update set_likes set track_position = track_position + 1
                       where set_id = ${setId} and track_position >= ${position}`);
}

/** A moment liked between `start` and `end` that belonged to no entry is the entry at `position`'s now. */
export async function claimUnplacedMomentLikes(
  db: SqlRunner,
  setId: number,
  position: number,
  start: number,
  end: number,
): Promise<void> {
  await db.execute(sql`update set_likes set track_position = ${position}
                       where set_id = ${setId} and track_position is null
                         and set_timestamp >= ${start} and set_timestamp < ${end}`);
}
