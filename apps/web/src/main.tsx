import '@fontsource-variable/inter';
import '@fontsource-variable/space-grotesk';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { STORAGE_KEYS } from './api/token-storage';
import { AppProviders } from './app/providers';
import { startServiceWorker } from './app/pwa/service-worker';
import { AppRoutes, preloadFirstPage } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

function hasStoredToken(): boolean {
  try {
    return Boolean(localStorage.getItem(STORAGE_KEYS.accessToken));
  } catch {
    // Storage switched off: the app treats the browser as a visitor's too.
    return false;
  }
}

function render() {
  // As a transition React renders in slices, yielding to the browser between them, instead of one
  // long task that keeps a phone's main thread blocked while it builds the first screen.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

// A visitor's first screen is drawn once its page's chunk is here: one render and one layout, instead
// of the layout first and the page a round trip later (if the chunk cannot be loaded, the page's own
// error boundary says so). With a stored token the app renders at once: the session check (GET /me)
// starts with that render and runs while the page's chunks load.
const signedIn = hasStoredToken();
const firstPage = preloadFirstPage(window.location.pathname, signedIn);
if (signedIn) render();
else firstPage.then(render, render);

startServiceWorker();
