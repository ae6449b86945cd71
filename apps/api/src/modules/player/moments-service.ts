// The crowd's moments: a set's heat (moment likes per bucket, its peak), the sets a user can continue,
// the set they last played, and where a track plays in sets with the likes it got there.
import { HEAT_MAX_BUCKETS, HEAT_SLOT_S } from '@cratedig/contract/constants';
import type {
  ContinueListeningList,
  ContinueListeningQuery,
  PlayedSet,
  SetHeat,
  TrackMoments,
} from '@cratedig/contract/moments-api';
import type { SetMeta } from '@cratedig/contract/set';
import type { SqlRunner } from '../../db/rows';
import { signSetAudio } from '../../lib/audio-links';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext, UserContext } from '../../plugins/service-context';
import * as q from './moments-queries';

/**
 * The bucket width for a set of `durationS` seconds: whole slots, as narrow as possible while the set
 * has at most HEAT_MAX_BUCKETS buckets (a 20-minute set gets 5 s buckets, a 2-hour set 25 s).
 */
export function bucketSeconds(durationS: number): number {
  return HEAT_SLOT_S * Math.max(1, Math.ceil(durationS / (HEAT_SLOT_S * HEAT_MAX_BUCKETS)));
}

/** The set's moment likes per bucket, exact (the client smooths for drawing), and the peak. */
export async function setHeat(ctx: ServiceContext, setId: number): Promise<SetHeat> {
  const row = await q.heatOf(ctx.db, setId);
  if (!row) throw notFound('Set');
  const durationS = Math.ceil(row.duration_ms / 1000);
  const bucketS = bucketSeconds(durationS);
  const buckets = new Array<number>(Math.ceil(durationS / bucketS)).fill(0);
  const slotsPerBucket = bucketS / HEAT_SLOT_S;
  let total = 0;
  for (const [slot, likes] of row.slots) {
    const index = Math.floor(slot / slotsPerBucket);
    // Likes recorded past the set's end (a client may send any second) are not part of its strip.
    if (index >= buckets.length) continue;
    buckets[index] = (buckets[index] ?? 0) + likes;
    total += likes;
  }
  let peakIndex = -1;
  buckets.forEach((likes, index) => {
    if (likes > 0 && (peakIndex < 0 || likes > (buckets[peakIndex] ?? 0))) peakIndex = index;
  });
  return {
    set_meta_id: setId,
    duration_s: durationS,
    bucket_s: bucketS,
    buckets,
    total,
    peak: peakIndex < 0 ? null : await peakOf(ctx, setId, row, peakIndex, bucketS, durationS, buckets),
    tracks: row.tracks,
  };
}

/**
 * The most liked bucket and the moment in it: a bucket spans up to 25 s and may straddle two tracks,
 * so its start is not what was liked. The moment is the bucket's most liked slot (ties: the earliest)
 * and, inside it, the median second of its likes; the track named is the one playing then.
 */
async function peakOf(
  ctx: ServiceContext,
  setId: number,
  row: q.HeatRow,
  peakIndex: number,
  bucketS: number,
  durationS: number,
  buckets: readonly number[],
): Promise<NonNullable<SetHeat['peak']>> {
  const startS = peakIndex * bucketS;
  const endS = Math.min(durationS, startS + bucketS);
  let best: [number, number] | undefined;
  for (const [slot, likes] of row.slots) {
    const slotStart = slot * HEAT_SLOT_S;
    if (slotStart < startS || slotStart >= endS) continue;
    if (!best || likes > best[1]) best = [slot, likes];
  }
  const slotStart = (best?.[0] ?? startS / HEAT_SLOT_S) * HEAT_SLOT_S;
  const median = await q.medianLikeSecond(ctx.db, setId, slotStart, slotStart + HEAT_SLOT_S);
  const atS = Math.min(Math.max(median ?? slotStart, startS), Math.max(startS, endS - 1));
  const playing = row.tracks
    .filter((track) => track.start_time <= atS && track.end_time > atS)
    .sort((a, b) => b.start_time - a.start_time || b.track_position - a.track_position)[0];
  return {
    bucket: peakIndex,
    start_s: startS,
    end_s: endS,
    at_s: atS,
    likes: buckets[peakIndex] ?? 0,
    track_position: playing?.track_position ?? null,
  };
}

function toPlayedSet(ctx: UserContext, row: q.PlayedRow): PlayedSet {
  return {
    set_meta: signSetAudio(ctx, row.set as SetMeta),
    current_timestamp: row.current_timestamp,
    played_dt: row.played_dt,
    track: row.track,
  };
}

/** The signed-in user's resumable sets (position > 0, not finished), most recently played first. */
export async function continueListening(
  ctx: UserContext,
  query: ContinueListeningQuery,
): Promise<ContinueListeningList> {
  const page = await q.resumableSets(ctx.db, ctx.userId, query.limit, query.offset);
  return {
    data: page.rows.map((row) => toPlayedSet(ctx, row)),
    pagination: { offset: query.offset, count: page.rows.length, total: page.total },
  };
}

/** The set the signed-in user last played and where, or undefined when they never played one. */
export async function lastPlayed(ctx: UserContext): Promise<PlayedSet | undefined> {
  const row = await q.lastPlayedSet(ctx.db, ctx.userId);
  return row ? toPlayedSet(ctx, row) : undefined;
}

/** Where the track plays in the given sets (or its first 100 sets) and the likes it got there. */
export async function trackMoments(
  ctx: ServiceContext,
  trackId: number,
  setIds: number[] | undefined,
): Promise<TrackMoments> {
  const moments = await q.trackMoments(ctx.db, trackId, setIds);
  if (!moments) throw notFound('Track');
  return { data: moments };
}

/**
 * An entry is inserted at `position` of the set's list, playing from `start` to `end` (the import's
 * ID entries, in its transaction): the moment likes attributed to the entries from `position` on move
 * one place down with them, and the moments liked inside it that no entry held become its own.
 */
export async function moveMomentLikesForEntry(
  db: SqlRunner,
  setId: number,
  position: number,
  start: number,
  end: number,
): Promise<void> {
  await q.shiftMomentLikes(db, setId, position);
  await q.claimUnplacedMomentLikes(db, setId, position, start, end);
}
