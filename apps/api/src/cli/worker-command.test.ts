// `cratedig worker` needs a PostgreSQL server: on the embedded database (one process's database) it
// refuses and says why; with arguments it shows its usage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { makeTempDir, testConfig } from '../test/app';
import { runCommand } from '../test/commands';
import { workerCommand } from './commands/worker';

let embedded: Database;
beforeAll(async () => {
  embedded = await openDatabase({});
});
afterAll(async () => {
  await embedded?.close();
});

describe('cratedig worker', () => {
  it('refuses on the embedded database, whose server runs the jobs itself', async () => {
    const run = await runCommand(workerCommand, embedded, testConfig(makeTempDir()), [], '/');
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      'worker: a worker needs a PostgreSQL server (DATABASE_URL); on the embedded database the server runs the jobs itself.',
    ]);
  });

  it('shows its usage when given arguments', async () => {
    const run = await runCommand(workerCommand, embedded, testConfig(makeTempDir()), ['--now'], '/');
    expect(run.code).toBe(2);
    expect(run.err[0]).toMatch(/^usage: npm run cratedig -- worker/);
  });
});
