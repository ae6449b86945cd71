// Setup of every API test file. Registered before the file's own hooks, so this afterAll runs after
// them (Vitest runs after-hooks in reverse order): the file's apps and servers are closed by then.
import { afterAll } from 'vitest';
import { removeTempDirs } from './app';

afterAll(() => {
  removeTempDirs();
});
