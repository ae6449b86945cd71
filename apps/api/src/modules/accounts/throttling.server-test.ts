// Failed-login limits across two API instances on one PostgreSQL server (CI's PostgreSQL pass runs
// *.server-test.ts files): attempts split between the instances are counted as one.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { buildTestApp } from '../../test/app';
import { createUserWithToken } from '../../test/auth';
import { authOverrides, basic } from '../../test/auth-overrides';
import { workerDatabaseUrl } from '../../test/database';

const limits = authOverrides({ limits: { loginPair: { max: 5, windowS: 900 } } });
let first: FastifyInstance;
let second: FastifyInstance;
let secondDatabase: Database | undefined;

beforeAll(async () => {
  const url = workerDatabaseUrl();
  if (!url) throw new Error('server tests need TEST_DATABASE_URL');
  first = await buildTestApp(limits);
  // Its own connection pool, as a second process would have.
  secondDatabase = await openDatabase({ databaseUrl: url, poolMax: 4 });
  second = await buildTestApp(limits, { database: secondDatabase });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await secondDatabase?.close();
});

describe('concurrent wrong passwords split across two instances', () => {
  it('answers exactly 5 of 12 simultaneous attempts with 401 and the rest with 429', async () => {
    const { user } = await createUserWithToken(first);
    const attempts = Array.from({ length: 12 }, (_, i) =>
      (i % 2 === 0 ? first : second).inject({
        method: 'POST',
        url: '/api/tokens',
        headers: basic(user.username, 'wrong'),
        remoteAddress: '198.51.100.50',
      }),
    );
    const counts: Record<number, number> = {};
    for (const { statusCode } of await Promise.all(attempts))
      counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 401: 5, 429: 7 });
  });
});
