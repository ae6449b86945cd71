// Reads a file's audio fingerprint with Debian's `fpcalc` (libchromaprint-tools). The audio is read in
// chunks of a few minutes (fpcalc's -chunk, overlapping slightly so nothing at a chunk's edge is lost),
// and the chunks are laid end to end on one time line of chromaprint values.
import { spawn } from 'node:child_process';

/** Seconds of audio per fingerprint value: chromaprint's 4096-sample frames at 11025 Hz, 2/3 overlap. */
export const ITEM_S = 4096 / 3 / 11_025;
const CHUNK_S = 300;

/** This audio cannot be fingerprinted (the job reports it and goes on with other sets). */
export class FingerprintError extends Error {
  override name = 'FingerprintError';
}

/** fpcalc itself is missing: no set can be fingerprinted, so the job stops and leaves them pending. */
export class FpcalcMissing extends Error {
  override name = 'FpcalcMissing';
}

export interface FileFingerprint {
  values: Uint32Array;
  durationS: number;
}

/** The fingerprint of an audio file; rejects with a FingerprintError when fpcalc cannot read it. */
export function fingerprintFile(
  path: string,
  opts: { fpcalc?: string; rawRate?: number } = {},
): Promise<FileFingerprint> {
  // rawRate: the file is mono 16-bit PCM at this rate (tests use it to play a copy faster)
  const raw = opts.rawRate ? ['-format', 's16le', '-channels', '1', '-rate', String(opts.rawRate)] : [];
  const args = ['-raw', '-json', '-length', '0', '-chunk', String(CHUNK_S), '-overlap', ...raw, path];
  return new Promise((resolve, reject) => {
    const child = spawn(opts.fpcalc ?? 'fpcalc', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new FpcalcMissing('fpcalc is not installed (apt-get install -y libchromaprint-tools)')
          : new FingerprintError(error.message),
      );
    });
    child.on('close', () => {
      // fpcalc exits non-zero at the end of many MP3 files ("Error decoding audio frame (End of
      // file)") after printing every chunk: what it printed is what counts.
      const chunks = parseChunks(stdout);
      if (chunks.length === 0) {
        const reason = stderr.trim().replace(/^ERROR: /, '') || 'no audio found';
        reject(new FingerprintError(`the audio could not be decoded: ${reason}`));
        return;
      }
      resolve(joinChunks(chunks));
    });
  });
}

interface Chunk {
  timestamp: number;
  duration: number;
  fingerprint: number[];
}

function parseChunks(stdout: string): Chunk[] {
  const chunks: Chunk[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = JSON.parse(line) as Partial<Chunk>;
      if (Array.isArray(parsed.fingerprint) && parsed.fingerprint.length > 0) {
        chunks.push({
          timestamp: Number(parsed.timestamp ?? 0),
          duration: Number(parsed.duration ?? 0),
          fingerprint: parsed.fingerprint,
        });
      }
    } catch {
      // a line that is not JSON is fpcalc talking; skip it
    }
  }
  return chunks;
}

/** Chunks on one time line; where two overlap, the earlier chunk (which heard the lead-in) wins. */
export function joinChunks(chunks: Chunk[]): FileFingerprint {
  let length = 0;
  let durationS = 0;
  for (const c of chunks) {
    length = Math.max(length, Math.round(c.timestamp / ITEM_S) + c.fingerprint.length);
    durationS = Math.max(durationS, c.timestamp + c.duration);
  }
  const values = new Uint32Array(length);
  let filled = 0;
  for (const c of chunks) {
    const first = Math.round(c.timestamp / ITEM_S);
    for (let i = Math.max(0, filled - first); i < c.fingerprint.length; i++) {
      values[first + i] = c.fingerprint[i] ?? 0;
    }
    filled = Math.max(filled, first + c.fingerprint.length);
  }
  return { values, durationS };
}
