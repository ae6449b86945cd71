// The landmark reader's thread (reader.ts): reads sets' audio (ffmpeg decodes, the peaks and
// landmarks are computed here) and hears a set against the others, off the thread that answers
// listeners. It lowers its own scheduling priority (and so ffmpeg's, which it starts), so on a busy
// machine requests come first.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { AudioUnreadable, decodeAudio, FfmpegMissing } from './decode';
import { indexLandmarks } from './hashes';
import { findLandmarkMatches, type LandmarkSource, type Posting } from './match';
import { type Peak, PeakReader } from './peaks';
import { type FromThread, fromColumns, type PostingColumns, type ToThread } from './reader';
import { scanRegions } from './scan';

/** Nice 10: behind requests. */
const NICE = 10;

function lowerPriority(): void {
  try {
    // On Linux a thread is its own scheduling unit, named by /proc/thread-self.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, NICE);
  } catch {
    // not Linux, or not allowed: the thread runs at the server's priority
  }
}

const port = parentPort;
const asked = new Map<number, (answer: Extract<ToThread, { kind: 'answer' }>) => void>();
let nextAsk = 1;

function ask(forId: number, question: { lookup?: number[]; peaksOf?: number; except?: number[] }) {
  const id = nextAsk++;
  return new Promise<Extract<ToThread, { kind: 'answer' }>>((resolve) => {
    asked.set(id, resolve);
    port?.postMessage({ kind: 'ask', ask: id, for: forId, ...question } satisfies FromThread);
  });
}

/** The index and peaks, asked of the thread that holds the database, for one piece of work. */
const sourceFor = (forId: number): LandmarkSource => ({
  lookup: async (keys: number[], except: number[]): Promise<Posting[]> => {
    const answer = await ask(forId, { lookup: keys, except });
    return fromColumns(answer.postings as PostingColumns);
  },
  peaks: async (setId: number): Promise<Peak[] | undefined> =>
    (await ask(forId, { peaksOf: setId })).peaks ?? undefined,
});

async function handle(message: Exclude<ToThread, { kind: 'answer' }>): Promise<FromThread> {
  try {
    if (message.kind === 'read') {
      const reader = new PeakReader();
      const seconds = await decodeAudio(message.file, (samples) => reader.push(samples), {
        ffmpeg: message.ffmpeg,
      });
      const peaks = reader.end();
      return { kind: 'read', id: message.id, peaks, landmarks: indexLandmarks(peaks), seconds };
    }
    if (message.kind === 'match') {
      const matches = await findLandmarkMatches(message.query, sourceFor(message.id), message.opts);
      return { kind: 'match', id: message.id, matches };
    }
    const matches = await scanRegions(message.peaks, message.regions, sourceFor(message.id), {
      exceptSets: [message.setId],
    });
    return { kind: 'scan', id: message.id, matches };
  } catch (error) {
    const why =
      error instanceof FfmpegMissing
        ? 'ffmpeg-missing'
        : error instanceof AudioUnreadable
          ? 'unreadable'
          : 'error';
    return {
      kind: 'failed',
      id: message.id,
      why,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

if ((workerData as { background?: boolean } | undefined)?.background !== false) lowerPriority();
port?.on('message', (message: ToThread) => {
  if (message.kind === 'answer') {
    asked.get(message.ask)?.(message);
    asked.delete(message.ask);
    return;
  }
  void handle(message).then((reply) => port.postMessage(reply));
});
