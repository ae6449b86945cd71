import '@fontsource-variable/inter';
import '@fontsource-variable/space-grotesk';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { STORAGE_KEYS } from './api/token-storage';
import { AppRoot } from './app/app-root';
import { startServiceWorker } from './app/pwa/service-worker';
import { preloadFirstPage } from './app/router';

function rootElement(): HTMLElement {
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  return element;
}
const container = rootElement();

function hasStoredToken(): boolean {
  try {
    return Boolean(localStorage.getItem(STORAGE_KEYS.accessToken));
  } catch {
    // Storage switched off: the app treats the browser as a visitor's too.
    return false;
  }
}

const signedIn = hasStoredToken();
// /login and /register arrive drawn (apps/web/scripts/prerender.mjs): a visitor's browser painted
// them before this script ran, and React takes that markup over. A signed-in browser is on its way
// to another page: the visitor's screen goes at once and the app draws its own.
const prerendered = container.dataset.firstScreen;
const hydrates = prerendered === window.location.pathname && !signedIn;
if (prerendered && !hydrates) container.replaceChildren();

function render() {
  const app = <AppRoot router={BrowserRouter} />;
  // A signed-in first screen renders as an ordinary update. As a transition it is rendered again:
  // its slices yield while the session check, the page's chunks and the queries answer, each answer
  // restarts the slices or makes React render the whole tree again at once (a store read by the
  // tree changed mid-render), and a phone's main thread stayed blocked for seconds.
  if (signedIn) {
    createRoot(container).render(app);
    return;
  }
  // A visitor's page is here before the render (below): as a transition React renders or hydrates
  // it in slices that yield to the browser, instead of one long task.
  startTransition(() => {
    if (!hydrates) {
      createRoot(container).render(app);
      return;
    }
    hydrateRoot(container, app, {
      // React then draws the page anew, which looks the same; the message is for the end-to-end
      // journey that watches the console (e2e/public-pages.spec.ts).
      onRecoverableError: (error) => console.error('the prerendered first screen did not hydrate', error),
    });
  });
}

// A visitor's first screen is drawn once its page's chunk is here: one render and one layout, instead
// of the layout first and the page a round trip later (if the chunk cannot be loaded, the page's own
// error boundary says so); a prerendered page is hydrated with its page in hand. With a stored token
// the app renders at once and its routes load their chunks as they render: the session check
// (GET /me) starts with that render and runs while they load.
if (signedIn) render();
else preloadFirstPage(window.location.pathname, false).then(render, render);

startServiceWorker();
