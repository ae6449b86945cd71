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
  // As a transition React renders (or hydrates) in slices, yielding to the browser between them,
  // instead of one long task that keeps a phone's main thread blocked while it builds the first screen.
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
// the app renders at once: the session check (GET /me) starts with that render and runs while the
// page's chunks load.
const firstPage = preloadFirstPage(window.location.pathname, signedIn);
if (signedIn) render();
else firstPage.then(render, render);

startServiceWorker();
