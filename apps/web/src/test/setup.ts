import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FakeEventSource, liveStreams } from './fake-event-source';

// Pages are lazy chunks: the first visit to each one in a test file transforms and imports it, which
// on a busy 2-core machine can take longer than Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 5_000 });

// The app's live stream (api/live-events.ts) opens an EventSource, which jsdom lacks.
globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;

// Test files share one document per worker (vite.config.ts: isolate off, for speed): each test
// leaves it as a new page would find it, whatever the test added by hand or navigated to.
afterEach(() => {
  cleanup();
  liveStreams.length = 0;
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.body.innerHTML = '';
  document.title = '';
  window.history.replaceState(null, '', '/');
});
