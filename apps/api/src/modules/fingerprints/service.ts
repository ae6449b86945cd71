// What the fingerprints tell listeners (docs/fingerprints.md): where a track's audio is heard, what
// a set's unnamed stretches are, and whether the job is still listening. Heard-in is computed when
// asked, from the index; a set's found tracks are read from what the job's scans stored. Nothing here
// changes a tracklist.
import type {
  FingerprintStatus,
  HeardIn,
  HeardInList,
  HeardInQuery,
  SetSuggestion,
  SetSuggestionList,
} from '@cratedig/contract/fingerprints-api';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  entriesPlayingAt,
  setsWithAudio,
  type TimedEntry,
  timedEntries,
  trackEntries,
  untimedPlaces,
} from '../../db/read-models/catalogue-set-audio';
import { setExists } from '../../db/read-models/catalogue-set-rows';
import { setSummaries, trackSummary } from '../../db/read-models/catalogue-summaries';
import { queryRow, queryRows } from '../../db/rows';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../plugins/service-context';
import { type NamedId, proposeForCopy } from '../identifications/copies-service';
import { ITEM_S } from './fpcalc';
import {
  landmarkStatus,
  loadEncodedPeaks,
  loadPeaks,
  lookupLandmarks,
  storedStretches,
} from './landmark-store';
import { queryLandmarks } from './landmarks/hashes';
import type { LandmarkQuery, LandmarkSource } from './landmarks/match';
import { FRAME_S, type Peak } from './landmarks/peaks';
import { LandmarkReader, type ScanSource } from './landmarks/reader';
import { findMatches, type MatcherSource } from './matcher';
import { loadFingerprint, lookupPostings } from './store';

/** Seconds left out at each end of a tracklist entry: the crossfades, where two tracks sound at once. */
const EDGE_S = 3;
/** A found stretch shorter than this is a transition, not a track. */
const MIN_STRETCH_S = 15;

/** The landmark index and peaks, as the matcher reads them. */
export function landmarkSource(db: Db): LandmarkSource {
  return {
    lookup: (keys, exceptSets) => lookupLandmarks(db, keys, exceptSets),
    peaks: (setId) => loadPeaks(db, setId),
  };
}

/** The same, as a reader asks it: the peaks as stored, for the reader to decode. */
function indexSource(db: Db): ScanSource {
  return {
    lookup: (keys, exceptSets) => lookupLandmarks(db, keys, exceptSets),
    peaks: (setId) => loadEncodedPeaks(db, setId),
  };
}

let thread: LandmarkReader | undefined;
/** The thread heard-in matches on, started with the first question (one per process). */
function matcher(): LandmarkReader {
  if (!thread || thread.stopped) thread = new LandmarkReader({ background: false });
  return thread;
}

/** The chromaprint fingerprints of sets the landmark job has not read yet. */
function chromaprintSource(db: Db): MatcherSource {
  return { lookup: (keys) => lookupPostings(db, keys), load: (setId) => loadFingerprint(db, setId) };
}

/**
 * True while sets with audio are waiting for the fingerprint job: to be read, or to be heard against
 * sets read since they last were.
 */
/** Whether the landmark job heard the set against the others at least once (its owner's recognised tracks). */
export async function wasHeard(db: Db, setId: number): Promise<boolean> {
  const row = await queryRow<{ heard: boolean }>(
    db,
    sql`select scanned_at is not null as heard from set_landmarks where set_id = ${setId}`,
  );
  return row?.heard === true;
}

export async function isListening(db: Db): Promise<boolean> {
  const row = await queryRow<{ listening: boolean }>(
    db,
    sql`select exists(
          select 1 from ${setsWithAudio} s left join set_landmarks f on f.set_id = s.id
          where f.set_id is null or f.status = 'pending'
        ) or exists(
          select 1 from set_landmarks f
          where f.status = 'done' and (f.scanned_at is null or exists (
            select 1 from set_landmarks o
            where o.status = 'done' and o.set_id <> f.set_id and o.updated_at > f.scanned_at))
        ) as listening`,
  );
  return row?.listening === true;
}

export async function status(ctx: ServiceContext): Promise<FingerprintStatus> {
  const s = await landmarkStatus(ctx.db);
  return {
    sets: s.sets,
    fingerprinted: s.done,
    pending: Math.max(0, s.sets - s.done - s.failed.length),
    failed: s.failed.length,
    listening: await isListening(ctx.db),
  };
}

interface Anchor {
  setId: number;
  startTime: number;
  endTime: number;
}

/**
 * The track's longest tracklist entry in a set whose audio was read (by landmarks, or while the
 * catalogue moves over, by chromaprint): the audio its copies are looked for by.
 */
export async function anchorOf(
  db: Db,
  trackId: number,
  by: 'landmarks' | 'chromaprint' = 'landmarks',
): Promise<Anchor | undefined> {
  const read =
    by === 'landmarks'
      ? sql`join set_landmarks f on f.set_id = st.set_id and f.status = 'done'`
      : sql`join set_fingerprints f on f.set_id = st.set_id and f.status = 'done'`;
  return queryRow<Anchor>(
    db,
    sql`select st.set_id as "setId", st.start_time as "startTime", st.end_time as "endTime"
        from ${trackEntries(trackId)} st ${read}
        order by st.end_time - st.start_time desc, st.set_id, st.track_position
        limit 1`,
  );
}

/** A stretch heard elsewhere: the set, where, how alike and how it was played. */
interface Heard {
  setId: number;
  startS: number;
  endS: number;
  similarity: number;
  speed: number;
  keyLocked: boolean;
}

/** Probes of a long entry: this many seconds at its start, middle and end (a DJ plays any part). */
const PROBE_S = 25;

/** The peaks of a stretch of a set, and the query landmarks of its probes. */
function queryOf(peaks: Peak[], fromS: number, toS: number): LandmarkQuery {
  const from = fromS / FRAME_S;
  const to = toS / FRAME_S;
  const part = peaks.filter((p) => p.t >= from && p.t < to);
  if (toS - fromS <= 3 * PROBE_S) return { peaks: part, landmarks: queryLandmarks(part) };
  const probe = PROBE_S / FRAME_S;
  const mid = (from + to) / 2;
  const probes = [
    [from, from + probe],
    [mid - probe / 2, mid + probe / 2],
    [to - probe, to],
  ];
  const landmarks = probes.flatMap(([a = 0, b = 0]) =>
    queryLandmarks(part.filter((p) => p.t >= a && p.t < b)),
  );
  return { peaks: part, landmarks };
}

/** Where the anchor's audio is heard by landmarks, in the sets already read by them. */
async function heardByLandmarks(db: Db, anchor: Anchor): Promise<Heard[]> {
  const peaks = await loadPeaks(db, anchor.setId);
  if (!peaks) return [];
  const query = queryOf(peaks, anchor.startTime + EDGE_S, anchor.endTime - EDGE_S);
  // matched on a thread of its own: the seconds it may take never hold other listeners' requests
  const matches = await matcher().match(
    query,
    { exceptSets: [anchor.setId], reachS: Number.POSITIVE_INFINITY },
    indexSource(db),
  );
  return matches.map((m) => ({
    setId: m.setId,
    startS: m.startS,
    endS: m.endS,
    similarity: m.similarity,
    speed: m.speed,
    keyLocked: m.keyLocked,
  }));
}

/**
 * While the catalogue moves over to landmarks: where the track is heard by the chromaprint
 * fingerprints, in the sets the landmark job has not read yet (as recorded only).
 */
async function heardByChromaprint(db: Db, trackId: number, except: Set<number>): Promise<Heard[]> {
  const waiting = await queryRow<{ n: number }>(
    db,
    sql`select count(*)::int as n from set_fingerprints f
        where f.status = 'done' and not exists (
          select 1 from set_landmarks l where l.set_id = f.set_id and l.status = 'done')`,
  );
  if (!waiting?.n) return [];
  const anchor = await anchorOf(db, trackId, 'chromaprint');
  if (!anchor) return [];
  const values = await loadFingerprint(db, anchor.setId);
  if (!values) return [];
  const query = slice(values, anchor.startTime + EDGE_S, anchor.endTime - EDGE_S);
  const matches = await findMatches(query, chromaprintSource(db));
  const read = await queryRows<{ setId: number }>(
    db,
    sql`select set_id as "setId" from set_landmarks where status = 'done'`,
  );
  const landmarked = new Set(read.map((r) => r.setId));
  return matches
    .filter((m) => m.setId !== anchor.setId && !landmarked.has(m.setId) && !except.has(m.setId))
    .map((m) => ({ ...m, speed: 1, keyLocked: false }));
}

function slice(values: Uint32Array, fromS: number, toS: number): Uint32Array {
  return values.subarray(
    Math.max(0, Math.round(fromS / ITEM_S)),
    Math.min(values.length, Math.round(toS / ITEM_S)),
  );
}

/** Every copy of the track's audio in other sets than its anchor's, best first. */
export async function copiesOf(db: Db, trackId: number): Promise<HeardIn[]> {
  const anchor = await anchorOf(db, trackId);
  const byLandmarks = anchor ? await heardByLandmarks(db, anchor) : [];
  const exclude = new Set([...byLandmarks.map((m) => m.setId), ...(anchor ? [anchor.setId] : [])]);
  const heard = [...byLandmarks, ...(await heardByChromaprint(db, trackId, exclude))];
  const described = await describe(db, heard);
  // A set whose list has no times names no entry at the match; when that list names the track, the
  // match is in its tracklist, at its place in the list.
  const listed = await untimedPlaces(
    db,
    trackId,
    described.filter((d) => !d.entry).map((d) => d.set.id),
  );
  return described
    .map(({ match, set, entry }) => {
      const place = entry ? undefined : listed.find((l) => l.setId === set.id)?.position;
      return {
        set_meta: set,
        start_time: match.startS,
        end_time: match.endS,
        similarity: Math.round(match.similarity * 1000) / 1000,
        speed: match.speed,
        key_locked: match.keyLocked,
        in_tracklist: entry?.trackId === trackId || place !== undefined,
        set_track_position: entry?.position ?? place ?? null,
        set_track_id: entry?.trackId ?? (place === undefined ? null : trackId),
      };
    })
    .sort((a, b) => b.similarity - a.similarity || a.set_meta.id - b.set_meta.id);
}

/** Each match with its set and the tracklist entry playing at the middle of the stretch. */
async function describe<M extends { setId: number; startS: number; endS: number }>(db: Db, matches: M[]) {
  if (matches.length === 0) return [];
  const entries = await entriesPlayingAt(
    db,
    matches.map((m) => ({ setId: m.setId, at: (m.startS + m.endS) / 2 })),
  );
  const sets = await setSummaries(db, [...new Set(matches.map((m) => m.setId))]);
  return matches.flatMap((match) => {
    const set = sets.find((s) => s.id === match.setId);
    if (!set) return [];
    const mid = (match.startS + match.endS) / 2;
    const entry = entries.find((e) => e.setId === match.setId && Math.abs(e.at - mid) < 1e-6);
    return [{ match, set, entry }];
  });
}

export async function heardIn(
  ctx: ServiceContext,
  trackId: number,
  query: HeardInQuery,
): Promise<HeardInList> {
  if (!(await trackSummary(ctx.db, trackId))) throw notFound('Track');
  const all = await copiesOf(ctx.db, trackId);
  const data = all.slice(query.offset, query.offset + query.limit);
  return {
    data,
    pagination: { offset: query.offset, count: data.length, total: all.length },
    listening: await isListening(ctx.db),
  };
}

/** Two stretches of the same track this close together are one. */
const JOIN_S = 30;
/** A stretch names the entry it overlaps most, when that covers at least this share of it. */
const MIN_COVER = 0.5;

/** The entry of `entries` a stretch overlaps most, and how much of the stretch it covers. */
function entryOver(entries: TimedEntry[], setId: number, start: number, end: number) {
  let best: TimedEntry | undefined;
  let overlap = 0;
  for (const e of entries) {
    if (e.setId !== setId) continue;
    const o = Math.min(end, e.end) - Math.max(start, e.start);
    if (o > overlap) {
      overlap = o;
      best = e;
    }
  }
  return best && overlap >= MIN_COVER * (end - start) ? best : undefined;
}

/** A stretch of this set heard as a catalogue track in another set. */
export interface HeardStretch {
  trackId: number;
  heardIn: number;
  start: number;
  end: number;
  similarity: number;
  speed: number;
  keyLocked: boolean;
}

/**
 * Stretches of one track close together are one suggestion, spanning them all. It is described by
 * the stretch heard most (its seconds × its similarity): music that loops lines up again a loop
 * later, and such a short stretch may agree perfectly at a speed a few seconds cannot pin down.
 */
export function joinStretches(stretches: HeardStretch[]) {
  const heard = (s: { start: number; end: number; similarity: number }) => (s.end - s.start) * s.similarity;
  const found: (Omit<SetSuggestion, 'track_meta' | 'heard_in'> & { trackId: number; heardIn: number })[] = [];
  const strongest = new Map<object, HeardStretch>();
  for (const s of stretches) {
    const same = found.find(
      (f) => f.trackId === s.trackId && s.start <= f.end_time + JOIN_S && s.end >= f.start_time - JOIN_S,
    );
    if (same) {
      same.start_time = Math.min(same.start_time, s.start);
      same.end_time = Math.max(same.end_time, s.end);
      const best = strongest.get(same);
      if (!best || heard(s) > heard(best)) {
        strongest.set(same, s);
        Object.assign(same, {
          similarity: s.similarity,
          speed: s.speed,
          key_locked: s.keyLocked,
          heardIn: s.heardIn,
        });
      }
      continue;
    }
    const item = {
      trackId: s.trackId,
      heardIn: s.heardIn,
      start_time: s.start,
      end_time: s.end,
      similarity: s.similarity,
      speed: s.speed,
      key_locked: s.keyLocked,
      set_track_position: null,
    };
    found.push(item);
    strongest.set(item, s);
  }
  return found;
}

/**
 * The whole set heard against every other set: each stretch where the audio is a catalogue track
 * (named, not an ID, in the set it is heard in) that this set's tracklist does not name there. The
 * stretch is cut to the other set's entry, so a neighbour that shares its beat is not counted in.
 */
export async function setSuggestions(ctx: ServiceContext, setId: number): Promise<SetSuggestionList> {
  if (!(await setExists(ctx.db, setId))) throw notFound('Set');
  const listening = await isListening(ctx.db);
  // the landmark job heard the set against the others; what it heard is read here as it stands
  const matches = (await storedStretches(ctx.db, setId)).map((s) => ({
    setId: s.otherSetId,
    queryStartS: s.startS,
    queryEndS: s.endS,
    startS: s.otherStartS,
    endS: s.otherEndS,
    speed: Math.round(s.speed * 1000) / 1000,
    keyLocked: s.keyLocked,
    similarity: s.similarity,
  }));
  if (matches.length === 0) return { data: [], listening };
  const entries = await timedEntries(ctx.db, [setId, ...new Set(matches.map((m) => m.setId))]);
  const stretches: HeardStretch[] = [];
  for (const m of matches) {
    const theirs = entryOver(entries, m.setId, m.startS, m.endS);
    if (!theirs || theirs.isId) continue;
    // their entry's span, back on this set's time line (this set's time = theirs × speed + shift)
    const toOurs = (s: number) => m.queryStartS + (s - m.startS) * m.speed;
    const start = Math.round(Math.max(m.queryStartS, toOurs(theirs.start)));
    const end = Math.round(Math.min(m.queryEndS, toOurs(theirs.end)));
    if (end - start < MIN_STRETCH_S) continue;
    stretches.push({
      trackId: theirs.trackId,
      heardIn: m.setId,
      start,
      end,
      similarity: Math.round(m.similarity * 1000) / 1000,
      speed: m.speed,
      keyLocked: m.keyLocked,
    });
  }
  const found = joinStretches(stretches);
  const sets = await setSummaries(ctx.db, [...new Set(found.map((f) => f.heardIn))]);
  const data: SetSuggestion[] = [];
  for (const { trackId, heardIn: other, ...item } of found) {
    // this set's own entry there: a track it already names is no news; an ID is what it names
    const ours = entryOver(entries, setId, item.start_time, item.end_time);
    if (ours && !ours.isId) continue;
    const track = await trackSummary(ctx.db, trackId);
    const heardIn = sets.find((s) => s.id === other);
    if (!track || !heardIn) continue;
    data.push({ ...item, track_meta: track, heard_in: heardIn, set_track_position: ours?.position ?? null });
  }
  return { data: data.sort((a, b) => a.start_time - b.start_time), listening };
}

/**
 * When an ID is named: every copy of its audio listed under another ID entry gets a proposal naming
 * the same, for the crowd to confirm; answers the new proposals' ids.
 */
export async function proposeForCopies(ctx: ServiceContext, named: NamedId): Promise<number[]> {
  const created: number[] = [];
  for (const copy of await copiesOf(ctx.db, named.idTrackId)) {
    if (copy.set_track_id === null || copy.set_track_id === named.idTrackId) continue;
    const id = await proposeForCopy(ctx, copy.set_track_id, named.values);
    if (id !== undefined) created.push(id);
  }
  return created;
}

/** The fingerprint job's queue, for a module that asks for a run now (a set just published). */
/** The fingerprint job's queue: publish queues a new set's fingerprinting on it (modules/publish). */
export const FINGERPRINT_QUEUE = 'fingerprints';
