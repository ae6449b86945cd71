// The fingerprint job: queue every set with audio, then read each pending set's audio with fpcalc
// and store the result. Idempotent (a done set is not read again unless its audio changes) and
// resumable (a crash leaves the unfinished sets pending for the next run). A set whose audio cannot be
// read is marked failed with the reason and the job goes on with the others.
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { FingerprintError, fingerprintFile } from './fpcalc';
import { pendingSets, queueSets, saveFailure, saveFingerprint } from './store';

export interface FingerprintRun {
  queued: number;
  done: number;
  failed: number;
  audioSeconds: number;
  elapsedMs: number;
}

export interface FingerprintJobOptions {
  mediaDir: string;
  fpcalc?: string;
  onProgress?: (done: number, total: number) => void;
  /** Checked between sets: true stops the run (the rest stays pending). */
  stopped?: () => boolean;
}

const MEDIA_PREFIX = '/media/';

/** The file behind a set's audio path, or undefined when the audio is not stored on this server. */
export function audioFile(mediaDir: string, audioPath: string): string | undefined {
  if (!audioPath.startsWith(MEDIA_PREFIX) || audioPath.includes('..')) return undefined;
  return join(mediaDir, audioPath.slice(MEDIA_PREFIX.length));
}

export async function runFingerprints(db: Db, opts: FingerprintJobOptions): Promise<FingerprintRun> {
  const started = Date.now();
  const queued = await queueSets(db);
  const pending = await pendingSets(db);
  const run: FingerprintRun = { queued, done: 0, failed: 0, audioSeconds: 0, elapsedMs: 0 };
  for (const [index, set] of pending.entries()) {
    if (opts.stopped?.()) break;
    const file = audioFile(opts.mediaDir, set.audioPath);
    try {
      if (!file) throw new FingerprintError('the audio is not stored on this server');
      const fp = await fingerprintFile(file, { fpcalc: opts.fpcalc });
      await saveFingerprint(db, set.setId, set.audioPath, fp.values);
      run.done += 1;
      run.audioSeconds += fp.durationS;
    } catch (error) {
      if (!(error instanceof FingerprintError)) throw error;
      await saveFailure(db, set.setId, set.audioPath, error.message);
      run.failed += 1;
    }
    opts.onProgress?.(index + 1, pending.length);
  }
  run.elapsedMs = Date.now() - started;
  return run;
}
