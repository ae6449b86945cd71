// Vitest globalSetup of the api project: one Firebase Auth emulator per run, its host handed to the
// workers through provide/inject (test/auth.ts). It is spawned without waiting, so its ~10 s start
// overlaps the workers' PGlite start; tests that use it await waitForEmulator() first.
// FIREBASE_AUTH_EMULATOR_HOST set in the environment means "use that running emulator instead".
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script without type declarations; its JSDoc documents the shape.
import { spawnAuthEmulator } from '../../../../scripts/firebase-emulator.mjs';

interface SpawnedEmulator {
  host: string;
  ready: Promise<void>;
  stop(): Promise<void>;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const running = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (running) {
    project.provide('firebaseAuthEmulatorHost', running);
    return undefined;
  }
  const emulator = (await spawnAuthEmulator()) as SpawnedEmulator;
  project.provide('firebaseAuthEmulatorHost', emulator.host);
  return () => emulator.stop();
}
