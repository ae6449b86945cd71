// A real streaming replica (scripts/pg-server.sh, pg_basebackup) under the app: catalogue reads go to
// it; a listener reads their own write at once, through this instance's memory or, on another
// instance, through the position their client sends back; a replica that falls behind or goes away
// is skipped without a failed request, and used again once it is back. Runs in the PostgreSQL pass
// (*.server-test.ts), on a primary and replica of its own.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { parseLsn, replicaWhileUsable } from './db/replica';
import { IndexKeeper, searchGeneration } from './modules/search/index-keeper';
import { READ_AFTER_HEADER, WROTE_HEADER } from './plugins/read-your-writes';
import { buildTestApp, makeTempDir } from './test/app';
import { createUserWithToken, type SignedInUser } from './test/auth';
import { createSet, refreshCatalogue } from './test/factories';

const PG_SCRIPT = join(fileURLToPath(new URL('../../..', import.meta.url)), 'scripts/pg-server.sh');
const pgDir = makeTempDir('cratedig-replica-pg-');
// Long enough that a loaded CI machine reads the paused replica well within it; the test of falling
// behind waits it out.
const MAX_LAG_MS = 6000;

function pgServer(command: string, env: Record<string, string> = {}): string {
  return execFileSync('bash', [PG_SCRIPT, command], {
    env: { ...process.env, PG_DIR: pgDir, PG_HUGE_PAGES: '0', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

const inDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

let database: Database;
let app: FastifyInstance;
let other: FastifyInstance;
let replicaAdmin: string;
let me: SignedInUser;
let someone: SignedInUser;
let setId: number;

const replicaReads = () => database.replica?.reads.reads ?? 0;
const until = async (what: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
// A pause is only asked for by pg_wal_replay_pause(); replay stops once the state says so.
const replay = async (pause: boolean) => {
  const client = new pg.Client({ connectionString: replicaAdmin });
  await client.connect();
  try {
    await client.query(pause ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');
    const state = async () =>
      (await client.query('select pg_get_wal_replay_pause_state() as s')).rows[0].s as string;
    await until(async () => (await state()) === (pause ? 'paused' : 'not paused'));
  } finally {
    await client.end();
  }
};
const isFav = async (target: FastifyInstance, who: SignedInUser, headers: Record<string, string> = {}) => {
  const res = await target.inject({ url: `/api/sets/${setId}`, headers: { ...who.headers, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user_fav.is_fav as boolean;
};

beforeAll(async () => {
  const primary = pgServer('start', { PG_REPLICA: '1' });
  replicaAdmin = pgServer('replica-start');
  const admin = new pg.Client({ connectionString: primary });
  await admin.connect();
  await admin.query('create database replica_test');
  await admin.end();
  database = await openDatabase({
    databaseUrl: inDatabase(primary, 'replica_test'),
    replicaUrl: inDatabase(replicaAdmin, 'replica_test'),
    replicaMaxLagMs: MAX_LAG_MS,
    poolMax: 4,
  });
  await migrate(database);
  // two instances: the same token key, each its own memory of writers
  const auth = (await buildTestApp({}, { database })).config.auth;
  const shared = { auth: { ...auth, jwtSecret: 'replica-test-secret-that-is-at-least-32-characters' } };
  app = await buildTestApp(shared, { database });
  other = await buildTestApp(shared, { database });
  me = await createUserWithToken(app);
  someone = await createUserWithToken(app);
  setId = (await createSet(app, { name: 'Heard from the replica' })).id;
  await until(() => database.replica?.reads.usable(undefined) === true);
}, 120_000);
afterAll(async () => {
  await other?.close();
  await app?.close();
  await database?.close();
  try {
    pgServer('stop');
  } catch {}
});

describe('a read replica', { timeout: 120_000 }, () => {
  it('answers the catalogue reads once it has replayed the writes they need', async () => {
    const before = replicaReads();
    await until(
      async () =>
        (await app.inject({ url: `/api/sets/${setId}`, headers: someone.headers })).statusCode === 200,
    );
    expect(replicaReads()).toBeGreaterThan(before);
  });

  it('lets a listener read their own write at once, while others read the replica', async () => {
    await replay(true);
    try {
      const put = await app.inject({ method: 'PUT', url: `/api/favs/set/${setId}`, headers: me.headers });
      expect(put.statusCode, put.body).toBe(200);
      const wrote = put.headers[WROTE_HEADER] as string;
      expect(parseLsn(wrote)).toBeDefined();
      // this instance remembers its writer: the primary answers them
      expect(await isFav(app, me)).toBe(true);
      // another instance knows nothing of the write but the position the client sends back
      expect(await isFav(other, me, { [READ_AFTER_HEADER]: wrote })).toBe(true);
      // without it, that instance reads the replica, which has not replayed the write yet
      const before = replicaReads();
      const fav = await isFav(other, me);
      expect({ fav, fromReplica: replicaReads() > before }).toEqual({ fav: false, fromReplica: true });
      // a position that is not one is left out, not refused
      expect(await isFav(other, me, { [READ_AFTER_HEADER]: 'not-a-position' })).toBe(false);
    } finally {
      await replay(false);
    }
    await until(async () => (await isFav(other, me)) === true);
  });

  it('loads the search index from the replica, and from the primary while it lacks the import a search met', async () => {
    const replica = database.replica;
    if (!replica) throw new Error('no replica');
    await createSet(app, { name: 'Indexed on the replica' });
    await refreshCatalogue(app);
    const caughtUp = await searchGeneration(database.db);
    await until(async () => (await searchGeneration(replica.db)) === caughtUp);
    const keeper = new IndexKeeper(database.db, (err) => {
      throw err;
    });
    // the replica as the server passes it while it keeps up (replicaWhileUsable), here whatever its lag
    keeper.readFrom(() => replica.db);
    await replay(true);
    try {
      // an import the replica has not replayed
      await createSet(app, { name: 'Imported while the replica waits' });
      await refreshCatalogue(app);
      const wanted = await searchGeneration(database.db);
      expect(wanted).toBeGreaterThan(caughtUp);
      // a load at the start reads the replica as it is: its generation, not the primary's
      const early = await keeper.load();
      expect(early?.generation).toBe(caughtUp);
      expect(early?.documents).toBeGreaterThan(0);
      // a search that met the import on the primary waits for no replica: that load reads the primary
      const fresh = await keeper.load(wanted);
      expect(fresh?.generation).toBe(wanted);
      expect(await keeper.at(wanted)).toBe(fresh);
    } finally {
      await replay(false);
    }
    await until(() => database.replica?.reads.usable() === true);
  });

  it('is skipped while it falls behind, and used again once it has caught up', async () => {
    await replay(true);
    try {
      // a write it cannot replay, then more than the allowed lag
      await app.inject({ method: 'PUT', url: `/api/favs/set/${setId}`, headers: someone.headers });
      await until(() => database.replica?.reads.usable() === false, MAX_LAG_MS * 4);
      // nor do the search index's loads read it meanwhile
      const whileUsable = replicaWhileUsable(database.replica as NonNullable<Database['replica']>);
      expect(whileUsable()).toBeUndefined();
      const before = replicaReads();
      expect(await isFav(other, someone)).toBe(true);
      expect(replicaReads()).toBe(before);
    } finally {
      await replay(false);
    }
    await until(() => database.replica?.reads.usable() === true);
  });

  it('goes away and comes back without a failed request', async () => {
    pgServer('replica-stop');
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push((await other.inject({ url: `/api/sets/${setId}`, headers: someone.headers })).statusCode);
    }
    expect(answers).toEqual(Array(10).fill(200));
    await until(() => database.replica?.reads.usable() === false);
    pgServer('replica-start');
    await until(() => database.replica?.reads.usable() === true, 30_000);
    const before = replicaReads();
    expect((await other.inject({ url: `/api/sets/${setId}`, headers: someone.headers })).statusCode).toBe(
      200,
    );
    expect(replicaReads()).toBeGreaterThan(before);
  });
});
