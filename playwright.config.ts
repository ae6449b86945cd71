import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/find-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8181);
// A fresh database every run, removed when the run's process exits (after Playwright stopped the
// servers; the journeys' own files are written inside it too). Generated media is deterministic, so it
// is cached between runs.
const given = process.env.E2E_DATA_DIR;
const dataDir = given ?? mkdtempSync(join(tmpdir(), 'cratedig-e2e-'));
if (!given) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
process.env.E2E_DATA_DIR = dataDir;
const mediaDir = process.env.E2E_MEDIA_DIR ?? join(process.cwd(), 'data', 'e2e-media');
process.env.E2E_MEDIA_DIR = mediaDir;
// The Firebase Auth emulator for the Google/Apple journeys (scripts/firebase-emulator.mjs).
const emulatorPort = Number(process.env.E2E_FIREBASE_PORT ?? 9199);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // The server reads the demo's audio in the background for its first minutes (docs/fingerprints.md),
  // so a page may answer slower then on a 2-core machine: a person waits, and so do the journeys.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  projects: [
    { name: 'journeys', testIgnore: /fingerprints\.spec\.ts$/ },
    // Waits for the fingerprint job to have read and heard the whole demo. The job runs on what
    // listeners leave of the CPU (docs/fingerprints.md), so this comes after the other journeys,
    // which keep the machine busy; alone, run it with --no-deps.
    { name: 'listening', testMatch: /fingerprints\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'node scripts/firebase-emulator.mjs',
      url: `http://127.0.0.1:${emulatorPort}/`,
      // The first run installs firebase-tools into .cache (about a minute).
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FIREBASE_AUTH_EMULATOR_PORT: String(emulatorPort) },
      // The emulator runs in its own process group: the script must get a signal it can handle to
      // stop it, not Playwright's default SIGKILL (which would leave the emulator running).
      gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
    },
    {
      command: 'node scripts/start.mjs',
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MEDIA_DIR: mediaDir,
        LOG_LEVEL: 'warn',
        // Reset links must open on the origin the browser uses (localStorage is per origin).
        PUBLIC_URL: baseURL,
        // The API accepts the emulator's tokens and tells the web app to use it (client-config).
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
        // accounts.spec.ts: the throttling journey reaches the limit in 3 failures; every journey
        // registers accounts from the same address, so that limit is lifted.
        LOGIN_PAIR_MAX_FAILURES: '3',
        REGISTER_MAX: '1000',
        USERNAME_LOOKUP_MAX: '1000',
      },
    },
  ],
});
