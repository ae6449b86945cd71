// The time a signed-in request spends verifying its token and loading its user.
// Measured inside the process: a root onRequest hook (the last one before the route's
// app.authenticate) marks the start, a root preParsing hook (the first one after it) the end, over
// N GET /api/me requests through app.inject with our access token (a JWT check plus one primary-key
// lookup). Firebase tokens are not measured here: in production their check is firebase-admin's
// RS256 verification with cached Google keys, which needs the network.
//
//   npx tsx bench/auth-overhead.ts                     # embedded PGlite
//   TEST_DATABASE_URL=$(scripts/pg-server.sh start) npx tsx bench/auth-overhead.ts   # + PostgreSQL
//
// N defaults to 5000 (BENCH_N). TEST_DATABASE_URL is a superuser URL: a throwaway database is
// created on it. DATABASE_URL is used as is (migrated, one bench user added and removed).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { createUserWithToken } from '../apps/api/src/test/auth';

const N = Number(process.env.BENCH_N ?? 5000);
const WARMUP = 200;

interface Row {
  database: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  wholeRequestP50Ms: number;
}

async function measure(label: string, database: Database): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cratedig-bench-'));
  const config = loadConfig({
    CRATEDIG_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const app = await buildApp(config, { database });
  const started = new WeakMap<object, number>();
  const samples: number[] = [];
  let recording = false;
  app.addHook('onRequest', async (request) => {
    started.set(request, performance.now());
  });
  app.addHook('preParsing', async (request) => {
    const start = started.get(request);
    if (recording && start !== undefined && request.url === '/api/me')
      samples.push(performance.now() - start);
  });
  await app.ready();
  const { headers, user } = await createUserWithToken(app, { username: `bench-${Date.now()}` });
  try {
    for (let i = 0; i < WARMUP; i += 1) await app.inject({ url: '/api/me', headers });
    recording = true;
    const whole: number[] = [];
    for (let i = 0; i < N; i += 1) {
      const t0 = performance.now();
      const response = await app.inject({ url: '/api/me', headers });
      whole.push(performance.now() - t0);
      if (response.statusCode !== 200) throw new Error(`GET /api/me answered ${response.statusCode}`);
    }
    return {
      database: label,
      requests: samples.length,
      p50Ms: round(percentile(samples, 0.5)),
      p99Ms: round(percentile(samples, 0.99)),
      meanMs: round(samples.reduce((sum, value) => sum + value, 0) / samples.length),
      wholeRequestP50Ms: round(percentile(whole, 0.5)),
    };
  } finally {
    await database.exec(`delete from users where id = ${user.id}`);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

const rows: Row[] = [];
console.log(`Token verification + user load per signed-in request (GET /api/me, ${N} requests each)`);
{
  const pglite = await openDatabase({});
  await migrate(pglite);
  rows.push(await measure('PGlite (in memory)', pglite));
  console.table(rows);
  await pglite.close();
}
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const pg = await import('pg');
  const name = `cratedig_bench_${process.pid}`;
  const admin = new pg.default.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrate(server);
    rows.push(await measure('PostgreSQL (TEST_DATABASE_URL)', server));
  } finally {
    await server.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else if (process.env.DATABASE_URL) {
  const server = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  try {
    await migrate(server);
    rows.push(await measure('PostgreSQL (DATABASE_URL)', server));
  } finally {
    await server.close();
  }
}

if (rows.length > 1) console.table(rows);
