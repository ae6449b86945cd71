// `npm run test:e2e`: Playwright journeys in Debian's Chromium against the app as `npm start` serves it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
try {
  findChromium();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
ensureWebBuild();
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
