// `npm start`: build the web app if needed, then run the API, which migrates, seeds the demo
// catalogue on first start and serves everything on one origin (README: Configuration).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureWebBuild();

const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// The API owns graceful shutdown; pass signals through and exit with its code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
