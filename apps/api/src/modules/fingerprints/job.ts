// The landmark job: queue every set with audio, then read each pending set's audio (ffmpeg decodes
// it, the peaks and landmarks are computed as it streams) and store the result. Idempotent (a done
// set is not read again unless its audio changes or the method does) and resumable (a crash leaves
// the unfinished sets pending for the next run). A set whose audio cannot be read is marked failed
// with the reason and the job goes on with the others.
import { availableParallelism } from 'node:os';
import type { Db } from '../../db/client';
import { timedEntries } from '../../db/read-models/catalogue-set-audio';
import { listenersFirst } from '../../lib/listeners-first';
import { MediaMissing, type MediaStore, mediaKey } from '../../lib/media-store';
import {
  loadEncodedPeaks,
  loadPeaks,
  lookupLandmarksIn,
  type Pace,
  pendingLandmarkSets,
  queueLandmarkSets,
  type ScanDue,
  saveLandmarkFailure,
  saveLandmarks,
  saveStretches,
  scansDue,
} from './landmark-store';
import { AudioUnreadable } from './landmarks/decode';
import { FRAME_S } from './landmarks/peaks';
import { LandmarkReader } from './landmarks/reader';
import { unnamedRegions } from './landmarks/scan';

export interface FingerprintRun {
  queued: number;
  done: number;
  /** Sets heard against the others (the ones read since each was last heard against them). */
  scanned: number;
  failed: number;
  audioSeconds: number;
  elapsedMs: number;
  /** CPU time of this process and its reader's, in milliseconds; ffmpeg's is not counted. */
  cpuMs: number;
}

export interface FingerprintJobOptions {
  /** Where the sets' audio is stored: a folder, or a bucket the audio is downloaded from set by set. */
  media: MediaStore;
  ffmpeg?: string;
  onProgress?: (done: number, total: number) => void;
  /** Checked between sets: true stops the run (the rest stays pending). */
  stopped?: () => boolean;
  /** Awaited before each statement on the index; by default a moment without listeners' requests. */
  pace?: Pace;
  /** Sets read at once, each by a reader process of its own; default READERS. */
  readers?: number;
}

const BETWEEN_SETS_MS = 250;

/**
 * Two readers where the machine has two cores: both run at the lowest priority, so they share what
 * listeners leave of the CPU, and a machine left idle reads about twice as fast. (The scans that
 * follow run one at a time.)
 */
export const READERS = Math.min(2, availableParallelism());

/**
 * Runs `work` on every item, `lanes` at a time, each lane on its own reader. A failure stops the
 * other lanes after their current item and is thrown; so does `stopped`, quietly.
 */
export async function inLanes<T>(
  items: T[],
  lanes: number,
  stopped: (() => boolean) | undefined,
  work: (item: T, lane: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, async (_, lane) => {
      while (!failure && next < items.length && !stopped?.()) {
        const item = items[next++] as T;
        try {
          await work(item, lane);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  if (failure) throw failure.error;
}

export async function runFingerprints(db: Db, opts: FingerprintJobOptions): Promise<FingerprintRun> {
  const started = Date.now();
  const cpu = process.cpuUsage();
  // in the server's process, each of the job's statements waits for a moment without listeners
  const pace: Pace = opts.pace ?? listenersFirst;
  const queued = await queueLandmarkSets(db);
  const pending = await pendingLandmarkSets(db);
  const run: FingerprintRun = {
    queued,
    done: 0,
    scanned: 0,
    failed: 0,
    audioSeconds: 0,
    elapsedMs: 0,
    cpuMs: 0,
  };
  // the audio is read, and heard, by reader processes of their own: this thread answers listeners
  const readers: LandmarkReader[] = [];
  const readerOf = (lane: number) => {
    readers[lane] ??= new LandmarkReader();
    return readers[lane];
  };
  let finished = 0;
  try {
    await inLanes(pending, opts.readers ?? READERS, opts.stopped, async (set, lane) => {
      const key = mediaKey(set.audioPath);
      try {
        if (!key) throw new AudioUnreadable('the audio is not stored on this server');
        const read = await opts.media
          .withLocalFile(key, (file) => readerOf(lane).read(file, { ffmpeg: opts.ffmpeg }))
          .catch((error: unknown) => {
            throw error instanceof MediaMissing ? new AudioUnreadable('the audio file is missing') : error;
          });
        await saveLandmarks(db, set, read, pace);
        run.done += 1;
        run.audioSeconds += read.seconds;
      } catch (error) {
        if (!(error instanceof AudioUnreadable)) throw error;
        await saveLandmarkFailure(db, set, error.message);
        run.failed += 1;
      }
      finished += 1;
      opts.onProgress?.(finished, pending.length);
      // the postings were written on this thread: let requests through between sets
      await new Promise((resolve) => setTimeout(resolve, BETWEEN_SETS_MS));
    });
    // then every set is heard against the sets read since it last was, one at a time: in a run of the
    // API's tests on PostgreSQL with two scans at once, a scan once heard an ID in a set that does not
    // play it (similarity 0.61), which no run with one scan at a time has shown; until that is
    // understood, scans keep to one lane
    if (!opts.stopped?.())
      await inLanes(await scansDue(db), 1, opts.stopped, async (due) => {
        await scanSet(db, due, () => readerOf(0), pace);
        run.scanned += 1;
        await new Promise((resolve) => setTimeout(resolve, BETWEEN_SETS_MS));
      });
  } finally {
    await Promise.all(readers.map((reader) => reader.close()));
  }
  const used = process.cpuUsage(cpu);
  run.cpuMs = Math.round((used.user + used.system) / 1000) + readers.reduce((sum, r) => sum + r.cpuMs, 0);
  run.elapsedMs = Date.now() - started;
  return run;
}

/**
 * Hears the stretches of a set its tracklist does not name against the sets `due` lists, and saves
 * what was heard. A set whose tracklist names all of it is done at once.
 */
async function scanSet(db: Db, due: ScanDue, thread: () => LandmarkReader, pace: Pace): Promise<void> {
  const peaks = due.against.length > 0 ? await loadPeaks(db, due.setId) : undefined;
  const durationS = (peaks?.at(-1)?.t ?? 0) * FRAME_S;
  const regions = peaks ? unnamedRegions(await timedEntries(db, [due.setId]), durationS) : [];
  const matches =
    peaks && regions.length > 0
      ? await thread().scan(due.setId, peaks, regions, {
          lookup: (keys) => lookupLandmarksIn(db, keys, due.against, pace),
          peaks: async (setId) => {
            await pace();
            return loadEncodedPeaks(db, setId);
          },
        })
      : [];
  await saveStretches(
    db,
    due,
    matches.map((m) => ({
      otherSetId: m.setId,
      startS: m.queryStartS,
      endS: m.queryEndS,
      otherStartS: m.startS,
      otherEndS: m.endS,
      speed: m.speed,
      keyLocked: m.keyLocked,
      similarity: m.similarity,
    })),
  );
}
