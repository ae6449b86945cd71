/**
 * The lock every tab of the site shares while it spends the refresh token. Tabs share one token pair
 * in localStorage, and a refresh token sent twice revokes its whole family (docs/accounts.md), so
 * two tabs must never refresh at the same time: the second waits, then finds the pair the first one
 * stored.
 *
 *   const lock = webLocks();                 // the browser's Web Locks API, or none
 *   await lock(() => refreshUnderLock());    // resolves to what the task resolves to
 */

/** Runs `task` while holding the cross-tab lock; resolves or rejects as the task does. */
export type CrossTabLock = <T>(task: () => Promise<T>) => Promise<T>;

/** The name of the lock: one per site, shared by every tab of it. */
export const TOKEN_REFRESH_LOCK = 'cratedig-token-refresh';

/** The part of the Web Locks API the lock uses (navigator.locks). */
export interface LockRequester {
  request<T>(name: string, callback: () => Promise<T>): Promise<unknown>;
}

/**
 * The Web Locks API where the browser has it (every current browser; not jsdom), else no lock at all:
 * the task runs at once, as in a single tab.
 */
export function webLocks(locks: LockRequester | null = browserLocks()): CrossTabLock {
  if (!locks) return (task) => task();
  // request() types a promise-returning callback as Promise<Promise<T>>; at run time it is flattened.
  return <T>(task: () => Promise<T>) => locks.request(TOKEN_REFRESH_LOCK, task) as Promise<T>;
}

function browserLocks(): LockRequester | null {
  return typeof navigator === 'undefined' ? null : (navigator.locks ?? null);
}
