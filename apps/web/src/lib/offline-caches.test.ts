// Logout empties the service worker's runtime caches, and again once the artwork the page was still
// fetching has had time to land in them, unless someone signed in meanwhile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLEAR_AGAIN_AFTER_MS, clearRuntimeCachesAfterLogout } from './offline-caches';

/** A CacheStorage holding `names`, where a late image can open a cache again. */
function storage(names: string[]) {
  const held = new Set(names);
  return {
    held,
    keys: async () => [...held],
    delete: async (name: string) => held.delete(name),
  };
}

let caches: ReturnType<typeof storage>;
beforeEach(() => {
  vi.useFakeTimers();
  caches = storage(['workbox-precache-v2', 'cratedig-artwork']);
  vi.stubGlobal('caches', caches);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('emptying the caches at logout', () => {
  it('empties them at once, and again after an image that was on its way opened one again', async () => {
    clearRuntimeCachesAfterLogout(() => false);
    await vi.advanceTimersByTimeAsync(0);
    expect([...caches.held]).toEqual(['workbox-precache-v2']);
    // the artwork of the page just left arrives and is put into its cache
    caches.held.add('cratedig-artwork');
    await vi.advanceTimersByTimeAsync(CLEAR_AGAIN_AFTER_MS[0]);
    expect([...caches.held]).toEqual(['workbox-precache-v2']);
    caches.held.add('cratedig-artwork');
    await vi.advanceTimersByTimeAsync(CLEAR_AGAIN_AFTER_MS[1]);
    expect([...caches.held]).toEqual(['workbox-precache-v2']);
  });

  it('leaves the caches of someone who signed in meanwhile', async () => {
    let signedIn = false;
    clearRuntimeCachesAfterLogout(() => signedIn);
    await vi.advanceTimersByTimeAsync(0);
    signedIn = true;
    caches.held.add('cratedig-artwork');
    await vi.advanceTimersByTimeAsync(CLEAR_AGAIN_AFTER_MS[1] + 1);
    expect([...caches.held]).toEqual(['workbox-precache-v2', 'cratedig-artwork']);
  });
});
