// The service worker and web app manifest (docs/web-app.md: a service worker registered from /sw.js), built
// by Workbox through vite-plugin-pwa. docs/decisions/0016-service-worker-and-first-load.md.
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { colors } from './src/lib/design-tokens.ts';

/**
 * Paths the worker never answers: the API (per-user, signed-in answers), share previews (/public),
 * and all media (audio links are signed per user). Their requests go to the network untouched, and
 * a navigation to one of them is never answered with the app shell.
 */
export const NEVER_FROM_THE_WORKER = [/^\/api(\/|$)/, /^\/public(\/|$)/, /^\/media(\/|$)/];

/** The only runtime cache: same-origin artwork images (/media/art/), emptied at logout (lib/offline-caches.ts). */
export const ARTWORK_CACHE = 'cratedig-artwork';

export const pwaOptions: Partial<VitePWAOptions> = {
  // The page registers the worker itself (app/pwa/register-worker.ts) and asks before updating.
  registerType: 'prompt',
  injectRegister: false,
  strategies: 'generateSW',
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'default-artwork.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Cratedig',
    short_name: 'Cratedig',
    description: 'Electronic DJ sets with identified tracklists.',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: colors.ink,
    theme_color: colors.ink,
    categories: ['music', 'entertainment'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The app shell and every built file (scripts, styles, fonts, icons): the app opens offline.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    // Only the Latin font subsets are worth keeping offline; other scripts load from the network.
    globIgnores: ['**/*-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-*.woff2'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: NEVER_FROM_THE_WORKER,
    // Hashed names already identify a version; no cache-busting query needed.
    dontCacheBustURLsMatching: /^assets\//,
    cleanupOutdatedCaches: true,
    // The first install takes the open page at once; a new version waits for the listener's Reload.
    clientsClaim: true,
    skipWaiting: false,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/art/'),
        handler: 'CacheFirst',
        options: {
          cacheName: ARTWORK_CACHE,
          expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
