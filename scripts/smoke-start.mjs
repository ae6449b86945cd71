// Starts Cratedig as `npm start` does, waits until /api/health answers, reports how long that took,
// then stops it with SIGTERM and checks it exits cleanly. Used by CI (on PostgreSQL) and for figures.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '8282';
const limitMs = Number(process.env.SMOKE_TIMEOUT_MS ?? 180_000);
const started = Date.now();
const app = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
const exited = new Promise((resolve) => app.on('exit', (code, signal) => resolve({ code, signal })));

async function healthy() {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

let ok = false;
while (Date.now() - started < limitMs) {
  if (await healthy()) {
    ok = true;
    break;
  }
  if (app.exitCode !== null) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const healthyAfterS = ((Date.now() - started) / 1000).toFixed(1);
if (ok) {
  const page = await fetch(`http://127.0.0.1:${port}/sets/1`);
  const html = await page.text();
  if (!html.includes('<div id="root">')) ok = false;
}
app.kill('SIGTERM');
const { code } = await exited;
console.log(`smoke-start: healthy=${ok} after ${healthyAfterS}s, exit code after SIGTERM ${code}`);
process.exit(ok && code === 0 ? 0 : 1);
