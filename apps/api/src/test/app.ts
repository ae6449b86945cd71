// buildTestApp(): the real app on the worker's test database with a throwaway DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { Database } from '../db/client';
import type { Readiness } from '../lib/readiness';
import { getTestDatabase } from './database';

export interface TestAppOptions {
  /** Defaults to the worker's shared test database. */
  database?: Database;
  /** Receives the log lines (set logLevel in the overrides; the default is silent). */
  logStream?: NodeJS.WritableStream;
  /** A start-up phase of the app's own (main.ts passes one); default: ready from the beginning. */
  readiness?: Readiness;
  /** Adds test-only routes before the app is readied (e.g. to exercise validation). */
  register?: (app: FastifyInstance) => void | Promise<void>;
}

/** The folders makeTempDir made that are not removed yet. */
const tempDirs: string[] = [];

/**
 * A new empty folder under the system's temporary folder, removed after the test file that made it
 * (removeTempDirs, run by the suite's setup file): a suite run leaves nothing behind.
 */
export function makeTempDir(prefix = 'cratedig-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Removes every folder makeTempDir made so far. */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A config as a test run has it: test mode, silent logs, no demo seed, DATA_DIR = `dataDir`. */
export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  const config = loadConfig({
    CRATEDIG_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PORT: '0',
    // A test file sends hundreds of searches as one user; the limit has its own test.
    SEARCH_MAX: '100000',
  });
  return { ...config, ...overrides };
}

/**
 * Builds and readies the app on a fresh temporary DATA_DIR (a makeTempDir folder, removed after the
 * test file; each file closes its apps in afterAll).
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  const dataDir = makeTempDir();
  const config = testConfig(dataDir, overrides);
  const database = options.database ?? (await getTestDatabase());
  const app = await buildApp(config, {
    database,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.readiness ? { readiness: options.readiness } : {}),
  });
  await options.register?.(app);
  await app.ready();
  return app;
}
