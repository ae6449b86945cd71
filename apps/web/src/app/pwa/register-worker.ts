// Registration of the generated worker with the browser's own API. The Workbox helper library did
// the same in 2 KB more (gzipped) on every page's first load; what it did here is a few lines: offer
// a version that waits, and make it take over on demand (the worker skips waiting on the message
// {type: 'SKIP_WAITING'}, as Workbox's generated workers do).

/** How often an open tab asks the server whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the generated worker. When a new version has installed and waits, onWaiting gets the way
 * to apply it: the waiting worker is told to take over, and the page reloads once it controls.
 */
export function registerWorker(onWaiting: (apply: (() => void) | null) => void): void {
  const { serviceWorker } = navigator;
  const offer = (waiting: ServiceWorker) => {
    onWaiting(() => {
      serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
      onWaiting(null);
    });
  };
  void serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      // Only a version installed while another one controls the page waits: the very first install
      // takes the page at once (clientsClaim), with nothing to offer.
      if (registration.waiting && serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && serviceWorker.controller) offer(installing);
        });
      });
      setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
