// What the import journeys share: the running server's data folder (playwright.config.ts makes it and
// removes it after the run) and `cratedig import` run beside the server, as an operator would.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The running server's data folder. */
export function e2eDataDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dataDir;
}

/** A new folder for a journey's source files, inside the data folder (so removed with it). */
export function sourceDir(prefix: string): string {
  return mkdtempSync(join(e2eDataDir(), prefix));
}

/** `npm run cratedig -- import <file>` beside the running server (through its control socket). */
export async function importWithCommand(file: string): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'cratedig', '--', 'import', file], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), DATABASE_URL: '' },
    timeout: 120_000,
  });
  return stdout;
}
