/**
 * When the next token refresh runs (docs/accounts.md "Token handling in the browser"): 5 minutes before the stored
 * token expires, at once when it has expired or its expiry is unknown, and never before the 30 s
 * cooldown since the last refresh started has ended.
 *
 *   const scheduler = createRefreshScheduler({ now, canRefresh, expiry, lastRefreshStartedAt, refresh });
 *   scheduler.schedule();   // (re)plans the one timer; nothing is planned without a refresh method
 *   scheduler.cancel();     // logout, dispose
 *
 * Tokens live in localStorage, shared by every tab: when the timer fires it reads the expiry again,
 * and if another tab refreshed meanwhile it plans anew instead of refreshing.
 */
import { AUTH } from '@cratedig/contract/constants';

export interface RefreshSchedulerDeps {
  now: () => number;
  /** Whether a refresh method exists; without one nothing is planned. */
  canRefresh: () => boolean;
  /** The stored token's expiry in epoch ms; null when there is no token or its expiry is unknown. */
  expiry: () => number | null;
  /** When the last refresh started (epoch ms), or null when none has in this session. */
  lastRefreshStartedAt: () => number | null;
  /** Starts the refresh once it is due. */
  refresh: () => void;
}

export interface RefreshScheduler {
  /** Replaces any planned refresh with one planned from the current expiry and cooldown. */
  schedule(): void;
  cancel(): void;
}

/** The time the refresh is due: 5 min before `expiry` (now when unknown), not before the cooldown ends. */
export function refreshDueAt(
  expiry: number | null,
  lastRefreshStartedAt: number | null,
  now: number,
): number {
  const beforeExpiry = expiry === null ? now : expiry - AUTH.refreshBeforeExpiryMs;
  if (lastRefreshStartedAt === null) return beforeExpiry;
  return Math.max(beforeExpiry, lastRefreshStartedAt + AUTH.refreshCooldownMs);
}

export function createRefreshScheduler(deps: RefreshSchedulerDeps): RefreshScheduler {
  let timer: ReturnType<typeof setTimeout> | null = null;

  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const schedule = () => {
    cancel();
    if (!deps.canRefresh()) return;
    const at = refreshDueAt(deps.expiry(), deps.lastRefreshStartedAt(), deps.now());
    timer = setTimeout(
      () => {
        timer = null;
        // Another tab may have refreshed meanwhile: a token that is not due yet is planned anew.
        const due = deps.expiry();
        if (due !== null && due - AUTH.refreshBeforeExpiryMs > deps.now()) schedule();
        else deps.refresh();
      },
      Math.max(0, at - deps.now()),
    );
  };

  return { schedule, cancel };
}
