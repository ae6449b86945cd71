// Listeners first: background work that runs in the server's own process (the fingerprint job's reads
// and writes of the landmark index) waits for a moment when no listener's request is being answered
// before each statement. On the embedded database every statement runs on the one thread that also
// answers listeners, one statement at a time: a job statement started just before a listener's
// request makes that request wait for it. docs/fingerprints.md ("Listeners first") has the figures.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** Quiet means no request answered for this long. */
const QUIET_MS = 30;
/** A request older than this is a stream (live events, audio), not one a listener waits on. */
const STREAM_MS = 2_000;
/** An entry kept this long was never seen to end: dropped. */
const FORGET_MS = 10 * 60_000;
/** However busy the server is, background work takes a statement at least this often. */
const MAX_WAIT_MS = 1_000;

/** The requests being answered, with when each started. */
const inFlight = new Map<object, number>();
let lastActivity = 0;

/** Counts the requests being answered, in this process. */
export function registerListenersFirst(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    lastActivity = performance.now();
    inFlight.set(request, lastActivity);
  });
  const ended = async (request: object) => {
    inFlight.delete(request);
    lastActivity = performance.now();
  };
  // answered, or given up by the client
  app.addHook('onResponse', ended);
  app.addHook('onRequestAbort', ended);
}

function quiet(now: number): boolean {
  if (now - lastActivity < QUIET_MS) return false;
  let open = false;
  for (const [request, at] of inFlight) {
    // a stream that ended without either hook (its socket torn down) is not kept for ever
    if (now - at > FORGET_MS) inFlight.delete(request);
    else if (now - at < STREAM_MS) open = true;
  }
  return !open;
}

/**
 * Resolves when no listener's request is being answered (streams left aside) and none was for
 * QUIET_MS, or after MAX_WAIT_MS at the latest, so background work always moves on.
 */
export async function listenersFirst(): Promise<void> {
  const deadline = performance.now() + MAX_WAIT_MS;
  for (;;) {
    const now = performance.now();
    if (quiet(now) || now >= deadline) return;
    await sleep(QUIET_MS / 2);
  }
}
