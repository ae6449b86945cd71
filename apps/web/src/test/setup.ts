import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages are lazy chunks: the first visit to each one in a test file transforms and imports it, which
// on a busy 2-core machine can take longer than Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
