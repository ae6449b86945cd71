// Loads generated sets into the landmark tables as the job would store them (bench/landmark-index.ts):
// the real `indexLandmarks` on the peaks, postings as saveLandmarks writes them (t rounded, detail
// packed), peaks encoded by the real `encodePeaks`. Rows go through COPY ... FROM STDIN, streamed to
// `psql` (the node driver has no COPY without pg-copy-streams, which is not installed); the caller
// drops the postings' indexes and foreign key first and builds them after.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { LANDMARK_METHOD } from '../../apps/api/src/modules/fingerprints/landmark-store';
import { indexLandmarks, packDetail } from '../../apps/api/src/modules/fingerprints/landmarks/hashes';
import { encodePeaks } from '../../apps/api/src/modules/fingerprints/landmarks/peak-codec';
import { FRAME_S, type Peak } from '../../apps/api/src/modules/fingerprints/landmarks/peaks';

interface CopyStream {
  write(text: string): Promise<void>;
  end(): Promise<void>;
}

function copyStream(url: string, statement: string): CopyStream {
  const child: ChildProcessWithoutNullStreams = spawn('psql', [
    url,
    '-X',
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    statement,
  ]);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const closed = new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? 1)));
  return {
    async write(text) {
      if (!child.stdin.write(text)) await Promise.race([once(child.stdin, 'drain'), closed]);
    },
    async end() {
      child.stdin.end();
      const code = await closed;
      if (code !== 0) throw new Error(`psql ${statement}: exit ${code}: ${stderr.slice(0, 2000)}`);
    },
  };
}

export interface Loader {
  /** Stores a set's peaks and postings; answers the landmarks written. */
  add(setId: number, audioPath: string, peaks: Peak[]): Promise<number>;
  /** Ends both COPY streams (each commits). */
  end(): Promise<void>;
}

export function loader(url: string): Loader {
  const postings = copyStream(url, 'copy landmark_postings (key, set_id, t, detail) from stdin');
  const rows = copyStream(
    url,
    'copy set_landmarks (set_id, audio_path, method, status, seconds, landmarks, peaks) from stdin',
  );
  return {
    async add(setId, audioPath, peaks) {
      const landmarks = indexLandmarks(peaks);
      const lines: string[] = [];
      for (const l of landmarks)
        lines.push(`${l.key}\t${setId}\t${Math.round(l.t)}\t${packDetail(l.f, l.span)}\n`);
      await postings.write(lines.join(''));
      const seconds = Math.round((peaks.at(-1)?.t ?? 0) * FRAME_S);
      const hex = Buffer.from(encodePeaks(peaks)).toString('hex');
      // COPY's text format reads a backslash as an escape: \\x is bytea's hex prefix
      await rows.write(
        `${setId}\t${audioPath}\t${LANDMARK_METHOD}\tdone\t${seconds}\t${landmarks.length}\t\\\\x${hex}\n`,
      );
      return landmarks.length;
    },
    async end() {
      await postings.end();
      await rows.end();
    },
  };
}
