// `npm start`: build the web app if needed, then run the API, which migrates, seeds the demo
// catalogue on first start and serves everything on one origin (README: Configuration).
//
// Stopping: SIGINT or SIGTERM to this process is passed to the API, which finishes in-flight requests
// and exits; this process exits with its code. A process manager or container runtime signals the
// top process, `npm`, which signals `sh -c node scripts/start.mjs`: the shell dies without passing
// the signal on. So this process also stops the API when its parent goes away.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const parent = process.ppid;
let stopping = false;

// A WEB_DIST_DIR of its own is a build made elsewhere (a deploy): only the repository's is built here.
if (!process.env.WEB_DIST_DIR) ensureWebBuild();

const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

function stop(signal) {
  if (stopping) return;
  stopping = true;
  api.kill(signal);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
// The parent (npm's shell) is gone when this process has been handed to another one.
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 250).unref();
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
