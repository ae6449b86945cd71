// Whether the session (refresh-token family) behind an access token was revoked, as this process
// last saw it. The answer is kept for a bounded time, so a session revoked through another instance
// stops being accepted here within that bound (docs/decisions/0018-sessions-end-on-the-server.md).

export interface SessionRevocations {
  /** True when the session was revoked; from memory when this process asked less than ttl ago. */
  isRevoked(sessionId: string): Promise<boolean>;
  /** Sessions this process has just revoked: refused here from the next request on, no waiting. */
  revoked(sessionIds: Iterable<string>): void;
}

/** Past this many remembered sessions the memory starts again empty (bounds it; costs a few checks). */
const MAX_ENTRIES = 10_000;

/**
 * `load` asks the database; `ttlMs` is how long a "still live" answer is reused. A revocation is
 * final, so a "revoked" answer is kept as long as any access token could still carry the session.
 */
export function sessionRevocations(
  load: (sessionId: string) => Promise<boolean>,
  ttlMs: number,
  revokedKeepMs: number,
  now: () => number = Date.now,
): SessionRevocations {
  const entries = new Map<string, { revoked: Promise<boolean>; until: number }>();
  const remember = (sessionId: string, revoked: Promise<boolean>, forMs: number) => {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(sessionId, { revoked, until: now() + forMs });
  };
  return {
    isRevoked(sessionId) {
      const hit = entries.get(sessionId);
      if (hit && hit.until > now()) return hit.revoked;
      // Concurrent requests of one session share one query.
      const pending = load(sessionId);
      remember(sessionId, pending, ttlMs);
      pending.then(
        (revoked) => {
          if (revoked && entries.get(sessionId)?.revoked === pending)
            remember(sessionId, pending, revokedKeepMs);
        },
        () => {
          if (entries.get(sessionId)?.revoked === pending) entries.delete(sessionId);
        },
      );
      return pending;
    },
    revoked(sessionIds) {
      for (const sessionId of sessionIds) remember(sessionId, Promise.resolve(true), revokedKeepMs);
    },
  };
}
