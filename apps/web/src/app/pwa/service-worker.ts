// The page's side of the service worker (docs/web-app.md: registered from /sw.js). Registration waits for the
// page's load and the first idle moment after it, and loads its code (register-worker.ts) only then, so it
// never delays the first screen.
// A new version is installed in the background but only takes over when the listener chooses Reload
// (update-prompt.tsx): switching code under a playing set would cut the audio.
import { useSyncExternalStore } from 'react';

type Apply = () => void;

let applyUpdate: Apply | null = null;
const listeners = new Set<() => void>();

/** Offers a waiting version (apply) to the page, or withdraws the offer (null). */
export function setWaiting(apply: Apply | null) {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

/** Registers /sw.js once the page has loaded and is idle; only in builds (in development it would cache Vite's modules). */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    import('./register-worker')
      .then((module) => module.registerWorker(setWaiting))
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  // The load event can come before the first screen is drawn (a visitor's app waits for its page's
  // chunk, main.tsx): wait for the first idle moment after it, so registering and precaching never
  // compete with that render (at most 3 s).
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 3_000 })
      : setTimeout(register, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Applies the waiting version (the page reloads once it controls), or null when there is none. */
export function useWaitingUpdate(): Apply | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => applyUpdate,
    () => null,
  );
}
