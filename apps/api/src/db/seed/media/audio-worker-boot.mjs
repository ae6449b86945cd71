// Entry of an audio worker thread: the API runs TypeScript through tsx (docs/decisions/0001), and a
// worker thread does not inherit the main thread's loader, so it registers tsx before loading the
// worker's TypeScript module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
