#!/usr/bin/env node
// The Firebase Auth emulator for tests, `npm run dev` and the end-to-end runner (docs/decisions/0004-social-sign-in-offline.md:
// social sign-in against a real provider implementation, not a mock).
//
//   import { startAuthEmulator } from './scripts/firebase-emulator.mjs';
//   const emulator = await startAuthEmulator(); // { host: '127.0.0.1:PORT', stop() }
//
//   node scripts/firebase-emulator.mjs   # prints the host, runs until Ctrl-C
//
// firebase-tools is big and only needed here, so it is installed once into .cache/firebase-tools
// (gitignored), outside the workspaces. The config goes into a temporary folder with the emulator UI
// disabled: the UI tries to download itself and fails offline.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const TOOLS_DIR = join(REPO_ROOT, '.cache/firebase-tools');
const FIREBASE_BIN = join(TOOLS_DIR, 'node_modules/.bin/firebase');
const FIREBASE_TOOLS = 'firebase-tools@15.34.2';
export const EMULATOR_PROJECT_ID = 'demo-cratedig';
// Generous: on a loaded machine the CLI alone takes a minute to start (Playwright waits up to 180 s).
const READY_TIMEOUT_MS = 150_000;

/** Installs firebase-tools into .cache/firebase-tools when it is missing (about a minute, once). */
export function ensureFirebaseTools() {
  if (existsSync(FIREBASE_BIN)) return FIREBASE_BIN;
  mkdirSync(TOOLS_DIR, { recursive: true });
  console.error(`[firebase-emulator] installing ${FIREBASE_TOOLS} into ${TOOLS_DIR} (once, about a minute)`);
  const result = spawnSync(
    'npm',
    // Without optional packages: the Auth emulator needs none of them, and one (re2, for the Hosting
    // emulator's rewrites) compiles C++ for about 4 minutes of a CI run.
    [
      'install',
      '--prefix',
      TOOLS_DIR,
      '--no-audit',
      '--no-fund',
      '--no-save',
      '--omit=optional',
      FIREBASE_TOOLS,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0 || !existsSync(FIREBASE_BIN)) {
    throw new Error(`installing ${FIREBASE_TOOLS} failed (exit ${result.status})`);
  }
  return FIREBASE_BIN;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(url, child, logFile) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const how = child.exitCode ?? child.signalCode;
      throw new Error(`the Firebase Auth emulator exited (${how}); see ${logFile}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the Firebase Auth emulator did not answer within ${READY_TIMEOUT_MS} ms; see ${logFile}`);
}

/**
 * Starts the Auth emulator on a free loopback port and resolves once it answers.
 * @param {{ port?: number }} [options]
 * @returns {Promise<{ host: string, stop(): Promise<void> }>}
 */
export async function startAuthEmulator(options = {}) {
  const emulator = await spawnAuthEmulator(options);
  try {
    await emulator.ready;
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  return { host: emulator.host, stop: emulator.stop };
}

/**
 * Like startAuthEmulator, but resolves as soon as the process is spawned; `ready` settles when it
 * answers (~10 s). Vitest's globalSetup uses this so the start overlaps the workers' own start-up.
 * @param {{ port?: number }} [options]
 * @returns {Promise<{ host: string, ready: Promise<void>, stop(): Promise<void> }>}
 */
export async function spawnAuthEmulator(options = {}) {
  const bin = ensureFirebaseTools();
  const port = options.port ?? (await freePort());
  const workDir = mkdtempSync(join(tmpdir(), 'cratedig-firebase-'));
  // The hub and logging ports default to 4400 and 4500: free ones, so that emulators of several runs
  // on one machine do not meet there.
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(join(workDir, 'firebase.json'), `${JSON.stringify(config, null, 2)}\n`);
  const logFile = join(workDir, 'emulator.log');
  const log = openSync(logFile, 'a');
  const child = spawn(
    bin,
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      EMULATOR_PROJECT_ID,
      '--config',
      join(workDir, 'firebase.json'),
    ],
    {
      cwd: workDir,
      // Its own process group, so stop() ends the CLI and anything it started, and nothing else.
      detached: true,
      stdio: ['ignore', log, log],
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: '1' },
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const host = `127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        // A started emulator shuts down on SIGINT in ~0.1 s; one still starting ignores it.
        process.kill(-child.pid, isReady ? 'SIGINT' : 'SIGKILL');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  let isReady = false;
  const ready = waitUntilReady(`http://${host}/`, child, logFile).then(() => {
    isReady = true;
  });
  // A caller that never awaits `ready` must not crash the process with an unhandled rejection.
  ready.catch(() => {});
  return { host, ready, stop };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = process.env.FIREBASE_AUTH_EMULATOR_PORT
    ? Number(process.env.FIREBASE_AUTH_EMULATOR_PORT)
    : undefined;
  const emulator = await startAuthEmulator(port ? { port } : {});
  console.log(emulator.host);
  const shutdown = async () => {
    await emulator.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
