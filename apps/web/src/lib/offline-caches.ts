// The service worker's caches as the page sees them (CacheStorage is shared with the worker).
// Precached build files (Workbox names them workbox-precache-…) hold nothing personal; every other
// cache was filled at run time while someone was signed in.

const PRECACHE_PREFIX = 'workbox-precache';

/** Deletes every runtime cache (logout: the next person on this browser starts from nothing). */
export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => caches.delete(name)),
  );
}

/** When, after a logout, the runtime caches are emptied again. */
export const CLEAR_AGAIN_AFTER_MS = [1000, 5000] as const;

/**
 * Empties the runtime caches at a logout, then again a moment later and later still, unless someone
 * has signed in by then: the artwork of the page just left may still be on its way, and the worker
 * puts each image into its cache when it arrives, opening the cache again after it was deleted.
 */
export function clearRuntimeCachesAfterLogout(signedIn: () => boolean): void {
  void clearRuntimeCaches().catch(() => {});
  for (const ms of CLEAR_AGAIN_AFTER_MS)
    setTimeout(() => {
      if (!signedIn()) void clearRuntimeCaches().catch(() => {});
    }, ms);
}
