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
  return bed;
}
