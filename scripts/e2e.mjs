// `npm run test:e2e`: Playwright journeys in Debian's Chromium against the app as `npm start` serves it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

// Whatever the run writes to a temporary directory goes into one of its own, removed afterwards.
// Chromium on Linux writes the player's cover (the Media Session's artwork, as a PNG) and its
// singleton socket there as `.org.chromium.Chromium.*`, and never removes them when it is closed: every
// run left a few in the machine's /tmp. The journeys' servers, their database and Playwright's own
// files go there too.
const systemTmp = tmpdir();
const chromiumLeftovers = () => readdirSync(systemTmp).filter((name) => name.startsWith('.org.chromium.'));
const before = new Set(chromiumLeftovers());
const runTmp = mkdtempSync(join(systemTmp, 'cratedig-e2e-run-'));
let status = 1;
try {
  const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TMPDIR: runTmp },
  });
  status = result.status ?? 1;
} finally {
  rmSync(runTmp, { recursive: true, force: true });
}
// In CI nothing else runs Chromium, so a new file there is this run's and fails it.
const left = chromiumLeftovers().filter((name) => !before.has(name));
if (left.length > 0) {
  console.error(`Chromium left ${left.length} file(s) in ${systemTmp}: ${left.join(', ')}`);
  if (process.env.CI) status ||= 1;
}
process.exit(status);
