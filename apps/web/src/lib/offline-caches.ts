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
