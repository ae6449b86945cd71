// The landmark job: queue every set with audio, then read each pending set's audio (ffmpeg decodes
// it, the peaks and landmarks are computed as it streams) and store the result. Idempotent (a done
// set is not read again unless its audio changes or the method does) and resumable (a crash leaves
// the unfinished sets pending for the next run). A set whose audio cannot be read is marked failed
// with the reason and the job goes on with the others.
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { pendingLandmarkSets, queueLandmarkSets, saveLandmarkFailure, saveLandmarks } from './landmark-store';
import { AudioUnreadable, decodeAudio } from './landmarks/decode';
import { indexLandmarks } from './landmarks/hashes';
import { type Peak, PeakReader } from './landmarks/peaks';

export interface FingerprintRun {
  queued: number;
  done: number;
  failed: number;
  audioSeconds: number;
  elapsedMs: number;
  /** CPU time of this process and of ffmpeg, in milliseconds. */
  cpuMs: number;
}

export interface FingerprintJobOptions {
  mediaDir: string;
  ffmpeg?: string;
  onProgress?: (done: number, total: number) => void;
  /** Checked between sets: true stops the run (the rest stays pending). */
  stopped?: () => boolean;
}

const MEDIA_PREFIX = '/media/';
const BETWEEN_SETS_MS = 250;

/** The file behind a set's audio path, or undefined when the audio is not stored on this server. */
export function audioFile(mediaDir: string, audioPath: string): string | undefined {
  if (!audioPath.startsWith(MEDIA_PREFIX) || audioPath.includes('..')) return undefined;
  return join(mediaDir, audioPath.slice(MEDIA_PREFIX.length));
}

/** A file's peaks, read as its audio streams out of ffmpeg. */
export async function readPeaks(
  file: string,
  opts: { ffmpeg?: string; fromS?: number; maxSeconds?: number } = {},
): Promise<{ peaks: Peak[]; seconds: number }> {
  const reader = new PeakReader();
  const seconds = await decodeAudio(file, (samples) => reader.push(samples), opts);
  return { peaks: reader.end(), seconds };
}

export async function runFingerprints(db: Db, opts: FingerprintJobOptions): Promise<FingerprintRun> {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const queued = await queueLandmarkSets(db);
  const pending = await pendingLandmarkSets(db);
  const run: FingerprintRun = { queued, done: 0, failed: 0, audioSeconds: 0, elapsedMs: 0, cpuMs: 0 };
  for (const [index, set] of pending.entries()) {
    if (opts.stopped?.()) break;
    const file = audioFile(opts.mediaDir, set.audioPath);
    try {
      if (!file) throw new AudioUnreadable('the audio is not stored on this server');
      const { peaks, seconds } = await readPeaks(file, { ffmpeg: opts.ffmpeg });
      await saveLandmarks(db, set, { peaks, landmarks: indexLandmarks(peaks), seconds });
      run.done += 1;
      run.audioSeconds += seconds;
    } catch (error) {
      if (!(error instanceof AudioUnreadable)) throw error;
      await saveLandmarkFailure(db, set, error.message);
      run.failed += 1;
    }
    opts.onProgress?.(index + 1, pending.length);
    // the job shares its process with listeners' requests: let them through between sets
    await new Promise((resolve) => setTimeout(resolve, BETWEEN_SETS_MS));
  }
  const used = process.cpuUsage(cpu);
  run.cpuMs = Math.round((used.user + used.system) / 1000);
  run.elapsedMs = Date.now() - started;
  return run;
}
