import { Workbox } from 'workbox-window';

/** How often an open tab asks the server whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the generated worker. When a new version has installed and waits, onWaiting gets the way
 * to apply it: the waiting worker is told to take over, and the page reloads once it controls.
 */
export function registerWorker(onWaiting: (apply: (() => void) | null) => void): void {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    onWaiting(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
      onWaiting(null);
    });
  });
  void workbox.register().then((registration) => {
    if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
  });
}
