// The landmark reader starts here, as a thread or as a process: TypeScript is loaded the way the
// server loads it, then the reader itself (reader-thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./reader-thread.ts');
