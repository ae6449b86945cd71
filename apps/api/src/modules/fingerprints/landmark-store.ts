// Landmarks in PostgreSQL (docs/fingerprints.md, "Storage and index"): a row per set (pending, done or
// failed, with its peaks) and the postings of the index. A set's postings are replaced before its row
// says done; a set that is not done has no peaks, so its postings never make a match.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { setNames, setsWithAudio } from '../../db/read-models/catalogue-set-audio';
import { queryRow, queryRows } from '../../db/rows';
import type { Landmark } from './landmarks/hashes';
import { packDetail } from './landmarks/hashes';
import type { Posting } from './landmarks/match';
import { decodePeaks, encodePeaks } from './landmarks/peak-codec';
import type { Peak } from './landmarks/peaks';

/**
 * The landmark method's version. A set read by an older method is read again by the job; until then
 * it keeps answering from what it has (docs/fingerprints.md, "Moving the catalogue over").
 */
export const LANDMARK_METHOD = 1;

/**
 * Queues every set with audio that has no landmark row or whose audio changed; returns how many were
 * queued. A set an older method read stays done (its landmarks keep answering) and is read again as
 * pending work. Safe to call any number of times.
 */
export async function queueLandmarkSets(db: Db): Promise<number> {
  const rows = await queryRows<{ set_id: number }>(
    db,
    sql`insert into set_landmarks (set_id, audio_path, method, status)
        select s.id, s.audio_path, ${LANDMARK_METHOD}, 'pending' from ${setsWithAudio} s
        on conflict (set_id) do update
          set audio_path = excluded.audio_path, method = excluded.method, status = 'pending', error = null,
              updated_at = now()
          where set_landmarks.audio_path is distinct from excluded.audio_path
        returning set_id`,
  );
  return rows.length;
}

/** Puts the sets whose audio could not be read back in the queue (after the operator fixed it). */
export async function retryFailedLandmarks(db: Db): Promise<number> {
  const rows = await queryRows<{ set_id: number }>(
    db,
    sql`update set_landmarks set status = 'pending', error = null, updated_at = now()
        where status = 'failed' returning set_id`,
  );
  return rows.length;
}

export async function pendingLandmarkSets(db: Db): Promise<{ setId: number; audioPath: string }[]> {
  return queryRows(
    db,
    sql`select set_id as "setId", audio_path as "audioPath" from set_landmarks
        where status = 'pending' or (status = 'done' and method < ${LANDMARK_METHOD}) order by set_id`,
  );
}

const CHUNK = 2000;

/**
 * Stores a set's landmarks and peaks, unless the set's audio changed meanwhile (then the row stays
 * pending for the new audio). The postings go in small statements with a pause between them, so
 * listeners' requests get through (the embedded database answers one statement at a time); until the
 * row says done, the set's postings find nothing, since a match is verified against its peaks.
 */
export async function saveLandmarks(
  db: Db,
  set: { setId: number; audioPath: string },
  result: { peaks: Peak[]; landmarks: Landmark[]; seconds: number },
  pace: Pace = yieldOnce,
): Promise<void> {
  await db.execute(sql`delete from landmark_postings where set_id = ${set.setId}`);
  // what was heard of the old audio, both ways, is not this audio's
  await db.execute(
    sql`delete from landmark_stretches where set_id = ${set.setId} or other_set_id = ${set.setId}`,
  );
  // each key counts the set once (landmark_keys), in the statement that writes its first posting here
  const counted = new Set<number>();
  for (let i = 0; i < result.landmarks.length; i += CHUNK) {
    const chunk = result.landmarks.slice(i, i + CHUNK);
    const keys = `{${chunk.map((l) => l.key).join(',')}}`;
    const times = `{${chunk.map((l) => Math.round(l.t)).join(',')}}`;
    const details = `{${chunk.map((l) => packDetail(l.f, l.span)).join(',')}}`;
    const fresh: number[] = [];
    for (const l of chunk)
      if (!counted.has(l.key)) {
        counted.add(l.key);
        fresh.push(l.key);
      }
    // a key in one set has no row (most keys: a row each would double the index's size); its second
    // set makes the row, with 2
    await db.execute(sql`
      with posted as (
        insert into landmark_postings (key, set_id, t, detail)
        select k, ${set.setId}, t, d
        from unnest(${keys}::int4[], ${times}::int4[], ${details}::int4[]) as u(k, t, d)
      )
      insert into landmark_keys (key, sets)
      select k, 2 from unnest(${`{${fresh.sort((a, b) => a - b).join(',')}}`}::int4[]) as u(k)
      where exists (select 1 from landmark_postings p where p.key = u.k and p.set_id <> ${set.setId})
      order by k
      on conflict (key) do update set sets = landmark_keys.sets + 1`);
    await pace();
  }
  const updated = await queryRows<{ set_id: number }>(
    db,
    sql`update set_landmarks
        set status = 'done', error = null, method = ${LANDMARK_METHOD}, seconds = ${Math.round(result.seconds)},
            landmarks = ${result.landmarks.length}, peaks = ${Buffer.from(encodePeaks(result.peaks))},
            updated_at = now(), scanned_at = null
        where set_id = ${set.setId} and audio_path = ${set.audioPath}
        returning set_id`,
  );
  // the audio changed while it was read: its postings are not this audio's
  if (updated.length === 0) await db.execute(sql`delete from landmark_postings where set_id = ${set.setId}`);
}

export async function saveLandmarkFailure(
  db: Db,
  set: { setId: number; audioPath: string },
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update set_landmarks set status = 'failed', error = ${reason.slice(0, 500)}, landmarks = 0, peaks = null,
        updated_at = now()
      where set_id = ${set.setId} and audio_path = ${set.audioPath}`);
    await tx.execute(sql`delete from landmark_postings where set_id = ${set.setId}`);
  });
}

/** The postings of these keys, leaving out the given sets. */
export function lookupLandmarks(db: Db, keys: number[], exceptSets: number[]): Promise<Posting[]> {
  return postingsOf(db, keys, sql`not (set_id = any(${`{${exceptSets.join(',')}}`}::int4[]))`);
}

/** The postings of these keys in the given sets only. */
export async function lookupLandmarksIn(
  db: Db,
  keys: number[],
  onlySets: number[],
  pace: Pace = yieldOnce,
): Promise<Posting[]> {
  if (onlySets.length === 0) return [];
  return postingsOf(db, keys, sql`set_id = any(${`{${onlySets.join(',')}}`}::int4[])`, pace);
}

/**
 * What runs between two statements of a long piece of work: at least a turn of the event loop, so
 * requests get through; the job waits for a moment without them (lib/listeners-first.ts).
 */
export type Pace = () => Promise<void>;
const yieldOnce: Pace = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A key found in more sets than this says little about where its landmark is (a chord every track
 * plays, a steady hat) and costs a lookup the most: its postings are left out. The limit is a share of
 * the sets read, so it grows with the catalogue (on music-like sets, the keys in more than 5 % of
 * them hold most of what a query would read and few of a copy's agreeing landmarks: bench/README.md,
 * "The landmark index"), and never below a floor, so a track a small catalogue holds in dozens of
 * sets keeps its keys. Sets, not postings: a loop repeats its landmarks inside one track.
 */
const HOT_KEY_SHARE = 0.05;
const HOT_KEY_FLOOR = 64;
const DONE_TTL_MS = 60_000;
let doneSets: { db: Db; sets: number; at: number } | undefined;

/** The most sets a key may be found in and still be read (the sets are counted at most once a minute). */
export async function hotKeyLimit(db: Db): Promise<number> {
  if (!doneSets || doneSets.db !== db || Date.now() - doneSets.at > DONE_TTL_MS) {
    const row = await queryRow<{ sets: number }>(
      db,
      sql`select count(*)::int as sets from set_landmarks where status = 'done'`,
    );
    doneSets = { db, sets: row?.sets ?? 0, at: Date.now() };
  }
  return Math.max(HOT_KEY_FLOOR, Math.floor(HOT_KEY_SHARE * doneSets.sets));
}

/**
 * The postings of these keys in the sets `inSets` admits, a thousand keys per statement: the
 * embedded database answers one statement at a time, so a question of thousands of keys never holds
 * it (and listeners' requests) for seconds. Keys in more than `hotKeyLimit` sets are left out.
 */
async function postingsOf(db: Db, keys: number[], inSets: SQL, pace: Pace = yieldOnce): Promise<Posting[]> {
  const limit = await hotKeyLimit(db);
  let out: Posting[] = [];
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
    if (i > 0) await pace();
    const list = `{${keys.slice(i, i + LOOKUP_CHUNK).join(',')}}`;
    const rows = await queryRows<Posting>(
      db,
      sql`select key, set_id as "setId", t, detail from landmark_postings
          where key = any(array(
              select u.key from unnest(${list}::int4[]) as u(key)
              where not exists (select 1 from landmark_keys k where k.key = u.key and k.sets > ${limit})))
            and ${inSets}`,
    );
    // concat, not push(...rows): a chunk may answer more postings than a call takes arguments
    out = out.concat(rows);
  }
  return out;
}

const LOOKUP_CHUNK = 1000;

/**
 * A done set due to be heard against the others, and the sets it has not been heard against yet:
 * every done set read since its last scan (all of them the first time).
 */
export interface ScanDue {
  setId: number;
  against: number[];
  /** When the sets to hear it against were listed (PostgreSQL's text, to the microsecond): the scan's time once saved. */
  listedAt: string;
}

export async function scansDue(db: Db): Promise<ScanDue[]> {
  const rows = await queryRows<{ setId: number; against: number[] | null; listedAt: string }>(
    db,
    sql`select s.set_id as "setId", now()::text as "listedAt",
               (select array_agg(o.set_id order by o.set_id) from set_landmarks o
                where o.status = 'done' and o.set_id <> s.set_id
                  and (s.scanned_at is null or o.updated_at > s.scanned_at)) as against
        from set_landmarks s
        where s.status = 'done' and s.method = ${LANDMARK_METHOD}
          and (s.scanned_at is null or exists (
            select 1 from set_landmarks o
            where o.status = 'done' and o.set_id <> s.set_id and o.updated_at > s.scanned_at))
        order by s.set_id`,
  );
  return rows.map((r) => ({ setId: r.setId, against: r.against ?? [], listedAt: r.listedAt }));
}

/** A stretch of a set heard in another set (landmark_stretches). */
export interface Stretch {
  otherSetId: number;
  startS: number;
  endS: number;
  otherStartS: number;
  otherEndS: number;
  speed: number;
  keyLocked: boolean;
  similarity: number;
}

/**
 * Saves what a scan heard of the set in the sets it was heard against (replacing what an earlier
 * scan heard there), and the scan's time; nothing when the set was read again meanwhile.
 */
export async function saveStretches(db: Db, due: ScanDue, stretches: Stretch[]): Promise<void> {
  await db.transaction(async (tx) => {
    const still = await queryRow<{ ok: boolean }>(
      tx,
      sql`select true as ok from set_landmarks
          where set_id = ${due.setId} and status = 'done' and updated_at <= ${due.listedAt}::timestamptz for update`,
    );
    if (!still) return;
    const against = `{${due.against.join(',')}}`;
    await tx.execute(
      sql`delete from landmark_stretches where set_id = ${due.setId} and other_set_id = any(${against}::int4[])`,
    );
    if (stretches.length > 0) {
      const col = <K extends keyof Stretch>(k: K) => `{${stretches.map((s) => String(s[k])).join(',')}}`;
      await tx.execute(sql`
        insert into landmark_stretches
          (set_id, other_set_id, start_s, end_s, other_start_s, other_end_s, speed, key_locked, similarity)
        select ${due.setId}, o, a, b, c, d, sp, k, si
        from unnest(${col('otherSetId')}::int4[], ${col('startS')}::float4[], ${col('endS')}::float4[],
                    ${col('otherStartS')}::float4[], ${col('otherEndS')}::float4[], ${col('speed')}::float4[],
                    ${col('keyLocked')}::bool[], ${col('similarity')}::float4[])
          as u(o, a, b, c, d, sp, k, si)`);
    }
    await tx.execute(
      sql`update set_landmarks set scanned_at = ${due.listedAt}::timestamptz where set_id = ${due.setId}`,
    );
  });
}

/** What the scans heard of the set in the others, in the set's time order. */
export async function storedStretches(db: Db, setId: number): Promise<Stretch[]> {
  return queryRows<Stretch>(
    db,
    sql`select other_set_id as "otherSetId", start_s as "startS", end_s as "endS",
               other_start_s as "otherStartS", other_end_s as "otherEndS", speed, key_locked as "keyLocked",
               similarity
        from landmark_stretches s
        where s.set_id = ${setId}
          and exists (select 1 from set_landmarks o where o.set_id = s.other_set_id and o.status = 'done')
        order by start_s, other_set_id`,
  );
}

/** A done set's peaks, or undefined when it has none. */
export async function loadPeaks(db: Db, setId: number): Promise<Peak[] | undefined> {
  const encoded = await loadEncodedPeaks(db, setId);
  return encoded ? decodePeaks(encoded) : undefined;
}

/**
 * A done set's peaks as stored (peak-codec.ts), for a reader to decode: the server's thread only
 * passes the bytes on (decoding them there cost the job's scans of the demo about 10 s of it).
 */
export async function loadEncodedPeaks(db: Db, setId: number): Promise<Uint8Array | undefined> {
  const row = await queryRow<{ peaks: Uint8Array | null }>(
    db,
    sql`select peaks from set_landmarks where set_id = ${setId} and status = 'done'`,
  );
  return row?.peaks ?? undefined;
}

/** Whether the set's audio has been read by the current landmark method. */
export async function hasLandmarks(db: Db, setId: number): Promise<boolean> {
  const row = await queryRow<{ done: boolean }>(
    db,
    sql`select exists(select 1 from set_landmarks where set_id = ${setId} and status = 'done') as done`,
  );
  return row?.done === true;
}

export interface LandmarkStatus {
  sets: number;
  done: number;
  /** Done by the current method (the rest of the done sets wait to be read again). */
  current: number;
  pending: number;
  failed: { setId: number; setName: string; error: string }[];
  seconds: number;
  landmarks: number;
  peakBytes: number;
}

export async function landmarkStatus(db: Db): Promise<LandmarkStatus> {
  const counts = await queryRow<{
    sets: number;
    done: number;
    current: number;
    pending: number;
    seconds: number;
    landmarks: number;
    peak_bytes: number;
  }>(
    db,
    sql`select (select count(*)::int from ${setsWithAudio} s) as sets,
               count(*) filter (where status = 'done')::int as done,
               count(*) filter (where status = 'done' and method = ${LANDMARK_METHOD})::int as current,
               count(*) filter (where status = 'pending' or (status = 'done' and method < ${LANDMARK_METHOD}))::int as pending,
               coalesce(sum(seconds) filter (where status = 'done'), 0)::float8 as seconds,
               coalesce(sum(landmarks) filter (where status = 'done'), 0)::float8 as landmarks,
               coalesce(sum(octet_length(peaks)), 0)::float8 as peak_bytes
        from set_landmarks`,
  );
  const failed = await queryRows<{ setId: number; setName: string; error: string }>(
    db,
    sql`select f.set_id as "setId", s.set_name as "setName", coalesce(f.error, '') as error
        from set_landmarks f join ${setNames} s on s.id = f.set_id
        where f.status = 'failed' order by f.set_id`,
  );
  return {
    sets: counts?.sets ?? 0,
    done: counts?.done ?? 0,
    current: counts?.current ?? 0,
    pending: counts?.pending ?? 0,
    failed,
    seconds: counts?.seconds ?? 0,
    landmarks: counts?.landmarks ?? 0,
    peakBytes: counts?.peak_bytes ?? 0,
  };
}
