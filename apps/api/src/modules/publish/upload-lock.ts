// One request at a time writes an upload's bytes, across every instance (docs/publishing.md
// "Uploading"): tus asks for a lock around each request of an upload, and its own lock lives in one
// process's memory, so two instances behind a balancer could both append at the same offset. The
// hold is a row's `writer` and `writing_until`: taken when free or run out, renewed while the request
// lives, given back when it ends. A process that dies holding it leaves a hold that runs out by itself.
// Inside one process a waiting request ends the request holding the upload (as tus's own lock does):
// the client gave up on that one, or it would not be asking again.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Db } from '../../db/client';
import { errorBody } from '../../plugins/errors';
import { releaseWriting, renewWriting, takeWriting } from './queries';

/** How long a hold lasts unless renewed; renewed at a third of that. */
export const HOLD_S = 30;
/** How long a request waits for a hold held elsewhere before the client is told to try again. */
const WAIT_MS = 20_000;
const POLL_MS = 100;

/** The answer to a request that could not get the upload: tus clients retry a 423. */
export const LOCKED = {
  status_code: 423,
  body: JSON.stringify(errorBody(423, 'Another request is writing this upload. Try again in a moment.')),
} as const;

export class UploadLocker implements Locker {
  /** Holds of this process: upload id → how to end the request holding it. */
  private readonly held = new Map<string, RequestRelease>();

  constructor(
    private readonly db: Db,
    /** The draft a tus upload id stands for. */
    private readonly draftOf: (uploadId: string) => string,
    private readonly timing = { waitMs: WAIT_MS, holdS: HOLD_S },
  ) {}

  newLock(uploadId: string): Lock {
    const id = this.draftOf(uploadId);
    const writer = randomBytes(12).toString('hex');
    let renewal: NodeJS.Timeout | undefined;
    let guarded = false;
    let release: RequestRelease | undefined;
    return {
      lock: async (signal: AbortSignal, cancelReq: RequestRelease) => {
        const { waitMs, holdS } = this.timing;
        const until = Date.now() + waitMs;
        let asked = false;
        for (;;) {
          if (signal.aborted) throw ERRORS.ABORTED;
          const outcome = await takeWriting(this.db, id, writer, holdS);
          if (outcome === 'none') return; // no draft: the store answers that it is not found
          if (outcome === 'taken') break;
          // held here: that request is one the client gave up on
          const holder = this.held.get(id);
          if (holder && !asked) {
            asked = true;
            await holder();
          }
          if (Date.now() >= until) throw LOCKED;
          await sleep(POLL_MS);
        }
        guarded = true;
        release = cancelReq;
        this.held.set(id, cancelReq);
        renewal = setInterval(
          () => {
            renewWriting(this.db, id, writer, holdS).catch(() => {});
          },
          (holdS * 1000) / 3,
        );
        renewal.unref();
      },
      unlock: async () => {
        if (renewal) clearInterval(renewal);
        if (!guarded) return;
        guarded = false;
        if (this.held.get(id) === release) this.held.delete(id);
        await releaseWriting(this.db, id, writer);
      },
    };
  }
}
