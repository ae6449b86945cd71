// The set-up of an import test: the API on the test database, a signed-in listener to read the
// catalogue back as, a fresh folder for the files, and `run` for `cratedig import` in that folder.
// Registers its own hooks; fields are set before each test.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { importCommand } from '../cli/commands/import';
import type { Database } from '../db/client';
import { buildTestApp, makeTempDir } from './app';
import { createUserWithToken, type SignedInUser } from './auth';
import { runCommand } from './commands';
import { getTestDatabase, resetDatabase } from './database';

export interface ImportBed {
  app: FastifyInstance;
  database: Database;
  user: SignedInUser;
  dir: string;
  run: (args: string[]) => ReturnType<typeof runCommand>;
  /** The newest set as the listener sees it: its list row (`summary`) and its page (`detail`). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read the answers' fields they check
  importedSet: () => Promise<{ summary: any; detail: any }>;
}

export function useImportBed(folderPrefix: string): ImportBed {
  const bed = {} as ImportBed;
  beforeAll(async () => {
    bed.database = await getTestDatabase();
    bed.app = await buildTestApp();
  });
  afterAll(async () => {
    await bed.app.close();
  });
  beforeEach(async () => {
    await resetDatabase();
    bed.user = await createUserWithToken(bed.app);
    bed.dir = makeTempDir(folderPrefix);
  });
  bed.run = (args) => runCommand(importCommand, bed.database, bed.app.config, args, bed.dir);
  bed.importedSet = async () => {
    const read = async (url: string) => (await bed.app.inject({ url, headers: bed.user.headers })).json();
    const [summary] = (await read('/api/sets')).data;
    return { summary, detail: await read(`/api/sets/${summary.id}`) };
  };
  return bed;
}
