// The landmark reader (reader.ts), as a thread or as a process: reads sets' audio (ffmpeg decodes,
// the peaks and landmarks are computed here) and hears a set against the others, off the thread that
// answers listeners. As the job's process it lowers its own priority and its session's (and so
// ffmpeg's, which it starts), so on a busy machine listeners come first.
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AudioUnreadable, decodeAudio, FfmpegMissing } from './decode';
import { indexLandmarks } from './hashes';
import { findLandmarkMatches, type LandmarkSource, type Posting } from './match';
import { decodePeaks } from './peak-codec';
import { type Peak, PeakReader } from './peaks';
import { AS_PROCESS, type FromThread, fromColumns, type PostingColumns, type ToThread } from './reader';
import { scanRegions } from './scan';

/** The lowest priority: the reader runs on what listeners leave. */
const NICE = 19;

function lowerPriority(): void {
  try {
    setPriority(0, NICE);
  } catch {
    // not allowed: the process runs at the server's priority
  }
  try {
    // Linux shares the CPU between sessions (autogroups) before nice counts inside them
    writeFileSync('/proc/self/autogroup', String(NICE));
  } catch {
    // not Linux, or a kernel without autogroups
  }
}

interface Port {
  postMessage(message: FromThread): void;
  on(event: 'message', listener: (message: ToThread) => void): void;
}

// a worker thread sees its process's argv and, in a forked test runner, a process.send of that runner
const asProcess = parentPort === null && process.argv.includes(AS_PROCESS) && process.send !== undefined;
const port: Port | null = asProcess
  ? {
      postMessage: (message) => process.send?.(message),
      on: (_event, listener) => process.on('message', (message) => listener(message as ToThread)),
    }
  : parentPort;
const asked = new Map<number, (answer: Extract<ToThread, { kind: 'answer' }>) => void>();
let nextAsk = 1;

function ask(forId: number, question: { lookup?: number[]; peaksOf?: number; except?: number[] }) {
  const id = nextAsk++;
  return new Promise<Extract<ToThread, { kind: 'answer' }>>((resolve) => {
    asked.set(id, resolve);
    port?.postMessage({ kind: 'ask', ask: id, for: forId, ...question } satisfies FromThread);
  });
}

/**
 * The index and peaks, asked of the thread that holds the database, for one piece of work. A scan
 * verifies the same sets in window after window: each set's peaks are asked and decoded once.
 */
function sourceFor(forId: number): LandmarkSource {
  const peaks = new Map<number, Promise<Peak[] | undefined>>();
  return {
    lookup: async (keys: number[], except: number[]): Promise<Posting[]> => {
      const answer = await ask(forId, { lookup: keys, except });
      return fromColumns(answer.postings as PostingColumns);
    },
    peaks: (setId: number): Promise<Peak[] | undefined> => {
      let known = peaks.get(setId);
      if (!known) {
        known = ask(forId, { peaksOf: setId }).then((answer) =>
          answer.peaks ? decodePeaks(answer.peaks) : undefined,
        );
        peaks.set(setId, known);
      }
      return known;
    },
  };
}

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

if (asProcess) {
  lowerPriority();
  // the server is gone (or closed the reader): nothing is left to answer
  process.on('disconnect', () => process.exit(0));
}
port?.on('message', (message: ToThread) => {
  if (message.kind === 'answer') {
    asked.get(message.ask)?.(message);
    asked.delete(message.ask);
    return;
  }
  void handle(message).then((reply) => {
    if (!asProcess) return port.postMessage(reply);
    const used = process.cpuUsage();
    port.postMessage({ ...reply, cpuMs: Math.round((used.user + used.system) / 1000) });
  });
});
