// Two API instances on the worker's PostgreSQL database, as two processes of one deployment behind a
// load balancer: each with its own connection pool, both signing with one key (a deployment's
// instances share JWT_SECRET), so a token from either works on both. For *.server-test.ts files
// (CI's PostgreSQL pass runs them).
import type { FastifyInstance } from 'fastify';
import { type Database, openDatabase } from '../db/client';
import { buildTestApp } from './app';
import { authOverrides } from './auth-overrides';
import { workerDatabaseUrl } from './database';

const SHARED_SIGNING_KEY = 'two-instances-share-this-signing-key-0123456789';

export interface TwoInstances {
  first: FastifyInstance;
  second: FastifyInstance;
  close(): Promise<void>;
}

/** Opens the two instances with `auth` overrides on top of the test defaults (authOverrides). */
export async function openTwoInstances(
  auth: Parameters<typeof authOverrides>[0] = {},
): Promise<TwoInstances> {
  const url = workerDatabaseUrl();
  if (!url) throw new Error('server tests need TEST_DATABASE_URL');
  const settings = authOverrides({ jwtSecret: SHARED_SIGNING_KEY, ...auth });
  const first = await buildTestApp(settings);
  let secondDatabase: Database | undefined;
  try {
    secondDatabase = await openDatabase({ databaseUrl: url, poolMax: 4 });
    const second = await buildTestApp(settings, { database: secondDatabase });
    const database = secondDatabase;
    return {
      first,
      second,
      close: async () => {
        await second.close();
        await first.close();
        await database.close();
      },
    };
  } catch (error) {
    await first.close();
    await secondDatabase?.close();
    throw error;
  }
}

/** How many answers had each status code. */
export function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
