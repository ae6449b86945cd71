// The landmark job's work that takes CPU runs off the thread that answers requests (reader-thread.ts):
// reading a set's audio into peaks and landmarks, and hearing a set against the others. On the
// request thread it would hold every listener's page behind it for minutes. The reader asks this
// thread for what the database holds (postings, peaks), since the embedded database lives here.
//
// The job's reader is a process of its own, in a session of its own, at the lowest priority: Linux
// shares the CPU between sessions first (autogroups) and only then by nice, so a niced thread of the
// server's process still took half the machine from a listener's browser in another session. A
// reader a listener waits on (heard-in) is a thread at the server's priority.
import { type ChildProcess, fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { AudioUnreadable, FfmpegMissing } from './decode';
import type { Landmark } from './hashes';
import type { LandmarkMatch, LandmarkMatchOptions, LandmarkQuery, Posting } from './match';
import type { Peak } from './peaks';
import type { Region } from './scan';

/** Postings as columns: far cheaper to pass between threads than objects. */
export interface PostingColumns {
  key: Int32Array;
  setId: Int32Array;
  t: Int32Array;
  detail: Int32Array;
}

export function toColumns(postings: Posting[]): PostingColumns {
  const n = postings.length;
  const out = {
    key: new Int32Array(n),
    setId: new Int32Array(n),
    t: new Int32Array(n),
    detail: new Int32Array(n),
  };
  postings.forEach((p, i) => {
    out.key[i] = p.key;
    out.setId[i] = p.setId;
    out.t[i] = p.t;
    out.detail[i] = p.detail;
  });
  return out;
}

export function fromColumns(c: PostingColumns): Posting[] {
  const out: Posting[] = new Array(c.key.length);
  for (let i = 0; i < c.key.length; i++)
    out[i] = { key: c.key[i] ?? 0, setId: c.setId[i] ?? 0, t: c.t[i] ?? 0, detail: c.detail[i] ?? 0 };
  return out;
}

export type ToThread =
  | { kind: 'read'; id: number; file: string; ffmpeg?: string }
  | { kind: 'scan'; id: number; setId: number; peaks: Peak[]; regions: Region[] }
  | { kind: 'match'; id: number; query: LandmarkQuery; opts: LandmarkMatchOptions }
  | { kind: 'answer'; ask: number; postings?: PostingColumns; peaks?: Uint8Array | null };

export type FromThread = (
  | { kind: 'read'; id: number; peaks: Peak[]; landmarks: Landmark[]; seconds: number }
  | { kind: 'scan' | 'match'; id: number; matches: LandmarkMatch[] }
  | { kind: 'failed'; id: number; why: 'ffmpeg-missing' | 'unreadable' | 'error'; message: string }
  | { kind: 'ask'; ask: number; for: number; lookup?: number[]; peaksOf?: number; except?: number[] }
) & {
  /** The reader process's CPU time so far (user and system), in milliseconds; a thread sends none. */
  cpuMs?: number;
};

export interface ReadAudio {
  peaks: Peak[];
  landmarks: Landmark[];
  seconds: number;
}

/**
 * What the thread may ask for while it matches: the index's postings and a set's peaks, as stored
 * (peak-codec.ts): the reader decodes them, once per piece of work.
 */
export interface ScanSource {
  lookup(keys: number[], exceptSets: number[]): Promise<Posting[]>;
  peaks(setId: number): Promise<Uint8Array | undefined>;
}

/** The reader's end of the conversation, a thread or a process. */
interface Channel {
  post(message: ToThread): void;
  close(): Promise<void>;
  /** The reader's process, when it has one. */
  pid?: number;
}

const BOOTSTRAP = new URL('./reader-thread.mjs', import.meta.url);
/** The argument that tells the reader it is the job's process (a thread has none). */
export const AS_PROCESS = '--landmark-reader-process';

export class LandmarkReader {
  private readonly channel: Channel;
  private readonly waiting = new Map<number, { resolve(r: FromThread): void; reject(e: Error): void }>();
  private next = 1;
  private failed: Error | undefined;
  private readonly sources = new Map<number, ScanSource>();
  private processCpuMs = 0;

  /**
   * `background`: the thread runs behind requests (the job's). A thread a listener waits on
   * (heard-in) runs at the server's priority, and never keeps the process alive by itself.
   */
  constructor(opts: { background: boolean } = { background: true }) {
    const receive = (message: FromThread) => {
      if (message.cpuMs !== undefined) this.processCpuMs = message.cpuMs;
      if (message.kind === 'ask') {
        void this.answer(message);
        return;
      }
      this.waiting.get(message.id)?.resolve(message);
      this.waiting.delete(message.id);
    };
    const fail = (error: Error) => {
      this.failed = error;
      for (const wait of this.waiting.values()) wait.reject(error);
      this.waiting.clear();
    };
    this.channel = opts.background ? processChannel(receive, fail) : threadChannel(receive, fail);
  }

  /** The file's peaks and landmarks; rejects with AudioUnreadable or FfmpegMissing as decodeAudio does. */
  async read(file: string, opts: { ffmpeg?: string } = {}): Promise<ReadAudio> {
    const reply = await this.send((id) => ({ kind: 'read', id, file, ffmpeg: opts.ffmpeg }));
    if (reply.kind !== 'read') throw new Error('the landmark reader answered out of turn');
    return { peaks: reply.peaks, landmarks: reply.landmarks, seconds: reply.seconds };
  }

  /** Every stretch of the regions heard in the sets `source` looks up. */
  async scan(setId: number, peaks: Peak[], regions: Region[], source: ScanSource): Promise<LandmarkMatch[]> {
    const reply = await this.send((id) => ({ kind: 'scan', id, setId, peaks, regions }), source);
    if (reply.kind !== 'scan') throw new Error('the landmark reader answered out of turn');
    return reply.matches;
  }

  /** findLandmarkMatches, on the thread. */
  async match(
    query: LandmarkQuery,
    opts: LandmarkMatchOptions,
    source: ScanSource,
  ): Promise<LandmarkMatch[]> {
    const reply = await this.send((id) => ({ kind: 'match', id, query, opts }), source);
    if (reply.kind !== 'match') throw new Error('the landmark reader answered out of turn');
    return reply.matches;
  }

  /** The CPU time the reader's own process has used (ffmpeg's not counted); 0 for a thread. */
  get cpuMs(): number {
    return this.processCpuMs;
  }

  /** The reader's own process (for an operator's `ps`); none for a thread. */
  get pid(): number | undefined {
    return this.channel.pid;
  }

  /** The thread stopped (an error it could not answer): a new reader is needed. */
  get stopped(): boolean {
    return this.failed !== undefined;
  }

  async close(): Promise<void> {
    await this.channel.close();
  }

  private async send(message: (id: number) => ToThread, source?: ScanSource): Promise<FromThread> {
    if (this.failed) throw this.failed;
    const id = this.next++;
    if (source) this.sources.set(id, source);
    const reply = await new Promise<FromThread>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.channel.post(message(id));
    }).finally(() => this.sources.delete(id));
    if (reply.kind !== 'failed') return reply;
    if (reply.why === 'ffmpeg-missing') throw new FfmpegMissing(reply.message);
    if (reply.why === 'unreadable') throw new AudioUnreadable(reply.message);
    throw new Error(reply.message);
  }

  private async answer(message: Extract<FromThread, { kind: 'ask' }>): Promise<void> {
    const source = this.sources.get(message.for);
    let answer: ToThread;
    try {
      if (!source) throw new Error('nothing is asking');
      answer =
        message.lookup !== undefined
          ? {
              kind: 'answer',
              ask: message.ask,
              postings: toColumns(await source.lookup(message.lookup, message.except ?? [])),
            }
          : { kind: 'answer', ask: message.ask, peaks: (await source.peaks(message.peaksOf ?? 0)) ?? null };
    } catch {
      // the scan finds nothing there rather than stopping; the job logs its own failures
      answer = { kind: 'answer', ask: message.ask, postings: toColumns([]), peaks: null };
    }
    this.channel.post(answer);
  }
}

/** A thread at the server's priority that never keeps the process alive by itself. */
function threadChannel(receive: (m: FromThread) => void, fail: (e: Error) => void): Channel {
  const worker = new Worker(BOOTSTRAP);
  worker.on('message', receive);
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the landmark reader's thread stopped (${code})`)));
  // after the listeners: adding a 'message' listener refs the thread's port again
  worker.unref();
  return {
    post: (message) => worker.postMessage(message),
    close: async () => {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}

/**
 * A process in a session of its own (`detached`), which lowers its own priority and its session's
 * (reader-thread.ts). It leaves when this process does: its channel closes.
 */
function processChannel(receive: (m: FromThread) => void, fail: (e: Error) => void): Channel {
  const child: ChildProcess = fork(BOOTSTRAP, [AS_PROCESS], {
    detached: true,
    serialization: 'advanced',
    // not the server's flags: an --inspect port would clash, and the bootstrap loads TypeScript itself
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (message) => receive(message as FromThread));
  child.on('error', fail);
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      fail(new Error(`the landmark reader's process stopped (${signal ?? code})`));
      resolve();
    });
  });
  return {
    pid: child.pid,
    post: (message) => {
      if (child.connected) child.send(message);
      else fail(new Error("the landmark reader's process is gone"));
    },
    close: async () => {
      child.removeAllListeners('message');
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
