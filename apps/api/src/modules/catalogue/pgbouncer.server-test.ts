// Behind PgBouncer in transaction mode (Debian's, started by scripts/pgbouncer.sh in front of the
// worker's database): named prepared statements break there, and DATABASE_POOL_MODE=transaction makes
// the whole API work through it. Runs in the PostgreSQL pass (*.server-test.ts).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken } from '../../test/auth';
import { resetDatabase, workerDatabaseUrl } from '../../test/database';
import { createSet } from '../../test/factories';
import { findSetDetail } from './queries';

const SCRIPT = join(fileURLToPath(new URL('../../../../..', import.meta.url)), 'scripts/pgbouncer.sh');
const pgbDir = makeTempDir('cratedig-pgbouncer-');
let pooledUrl: string;

function pgbouncer(command: 'start' | 'stop'): string {
  return execFileSync('bash', [SCRIPT, command], {
    // One server connection: every client of the pooler shares it, so a statement name one client
    // prepared is met by the next, as happens under load with any pool size.
    env: { ...process.env, PGB_DIR: pgbDir, PGB_UPSTREAM: workerDatabaseUrl(), PGB_POOL_SIZE: '1' },
    encoding: 'utf8',
  }).trim();
}

beforeAll(async () => {
  if (!workerDatabaseUrl()) throw new Error('server tests need TEST_DATABASE_URL');
  pooledUrl = pgbouncer('start');
  await resetDatabase();
});
afterAll(() => {
  pgbouncer('stop');
  rmSync(pgbDir, { recursive: true, force: true });
});

describe('behind PgBouncer in transaction mode', () => {
  it('named statements collide between clients; DATABASE_POOL_MODE=transaction sends them unnamed', async () => {
    const named: Database = await openDatabase({ databaseUrl: pooledUrl, poolMax: 4 });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => findSetDetail(named.db, i + 1, 0)),
      );
      const failures = results.flatMap((r) =>
        // Drizzle wraps the driver's error: PostgreSQL's message is its cause.
        r.status === 'rejected' ? [String((r.reason as { cause?: unknown }).cause ?? r.reason)] : [],
      );
      expect(failures.join('\n')).toMatch(/prepared statement "cd_\w+" (already exists|does not exist)/);
    } finally {
      await named.close();
    }
    const unnamed = await openDatabase({ databaseUrl: pooledUrl, poolMax: 4, poolMode: 'transaction' });
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => findSetDetail(unnamed.db, i + 1, 0)),
      );
      expect(results).toHaveLength(8);
    } finally {
      await unnamed.close();
    }
  });

  it('serves signed-in lists, likes and the queue through the pooler', async () => {
    const database = await openDatabase({
      databaseUrl: pooledUrl,
      poolMax: 4,
      poolMode: 'transaction',
      listenUrl: workerDatabaseUrl(),
    });
    let app: FastifyInstance | undefined;
    try {
      app = await buildTestApp({}, { database });
      const set = await createSet(app, { name: 'Pooled Night', tracks: [[0, 200]] });
      const user = await createUserWithToken(app);
      const writes = await Promise.all([
        app.inject({
          method: 'POST',
          url: '/api/set-likes',
          headers: user.headers,
          payload: { set_meta_id: set.id, set_timestamp: 30 },
        }),
        app.inject({
          method: 'POST',
          url: '/api/queue',
          headers: user.headers,
          payload: { user_id: user.user.id, set_meta_id: set.id },
        }),
      ]);
      expect(writes.map((r) => r.statusCode)).toEqual([200, 200]);
      const reads = await Promise.all(
        ['/api/sets', `/api/sets/${set.id}`, '/api/tracks', '/api/queue', '/api/sets/favs'].flatMap((url) =>
          [1, 2, 3].map(() => app?.inject({ method: 'GET', url, headers: user.headers })),
        ),
      );
      expect(reads.map((r) => r?.statusCode)).toEqual(reads.map(() => 200));
      const detail = await app.inject({ method: 'GET', url: `/api/sets/${set.id}`, headers: user.headers });
      expect(detail.json()).toMatchObject({ set_name: 'Pooled Night', likes: 1 });
    } finally {
      await app?.close();
      await database.close();
    }
  });
});
