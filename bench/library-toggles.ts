// Latency of the library toggles: 32 signed-in users hammering each toggle endpoint
// on ONE item at once (the worst case: every statement waits for the same item row), on a PostgreSQL
// server, through the real HTTP app. Afterwards every counted item must satisfy
// total_user_likes = number of users with show_likes, or the run fails.
//
//   bash scripts/pg-server.sh start
//   node --import tsx bench/library-toggles.ts            # DATABASE_URL, else `scripts/pg-server.sh url`
//   BENCH_SECONDS=5 BENCH_USERS=32 node --import tsx bench/library-toggles.ts
//
// It creates (and drops first) its own database `cratedig_bench_library` on that server, migrates it
// and loads the demo catalogue without media. Results: a table on stdout, JSON in bench/results/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seedDemo } from '../apps/api/src/db/seed/demo';
import { signAccessToken } from '../apps/api/src/lib/tokens';

const DB_NAME = 'cratedig_bench_library';
const USERS = Number(process.env.BENCH_USERS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

function serverUrl(): string {
  if (process.env.DATABASE_URL?.startsWith('postgres')) return process.env.DATABASE_URL;
  try {
    return execFileSync('bash', ['scripts/pg-server.sh', 'url'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('No PostgreSQL server: run `bash scripts/pg-server.sh start` or set DATABASE_URL.');
  }
}

async function freshDatabase(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${DB_NAME}`;
  return target.toString();
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

interface EndpointResult {
  endpoint: string;
  requests: number;
  non2xx: number;
  errors: number;
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

async function main(): Promise<void> {
  const url = await freshDatabase(serverUrl());
  const dataDir = mkdtempSync(join(tmpdir(), 'cratedig-bench-library-'));
  const config = loadConfig({
    CRATEDIG_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PORT: '0',
  });
  // The production pool size (db/client.ts default): 32 users share 10 connections, as they would.
  const database = await openDatabase({ databaseUrl: url });
  await migrate(database);
  await seedDemo(database, { mediaDir: join(dataDir, 'media'), media: false });
  const app = await buildApp(config, { database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;

  const created = (await app.db.execute(sql`
    insert into users (username, email, auth_provider)
    select 'bench-toggle-' || g, 'bench-toggle-' || g || '@example.test', 'web_client'
    from generate_series(1, ${USERS}) g returning id`)) as unknown as { rows: { id: number }[] };
  const tokens = await Promise.all(created.rows.map((r) => signAccessToken(app.accessTokens, r.id)));
  const first = async (query: string) =>
    ((await app.db.execute(sql.raw(query))) as unknown as { rows: { id: number }[] }).rows[0]?.id as number;
  const track = await first(`select id from tracks where mix_type <> 'ID' order by id limit 1`);
  const idTrack = await first(`select id from tracks where mix_type = 'ID' order by id limit 1`);
  const set = await first('select id from sets order by id limit 1');
  const artist = await first('select id from artists order by id limit 1');
  const label = await first('select id from labels order by id limit 1');

  const endpoints = [
    `/api/favs/set/${set}`,
    `/api/favs/track/${track}`,
    `/api/favs/set/${set}/likes-toggle`,
    `/api/favs/track/${track}/likes-toggle`,
    `/api/favs/track/${idTrack}/likes-toggle`,
    `/api/favs/track/${track}/purchase`,
    `/api/stats/artist/${artist}/follow`,
    `/api/stats/label/${label}/follow`,
    `/api/stats/artist/${artist}/likes-toggle`,
    `/api/stats/label/${label}/likes-toggle`,
  ];

  const results: EndpointResult[] = [];
  for (const path of endpoints) {
    // Warm-up (plans, JIT, connection pool), not recorded.
    await load(base, path, tokens, 1);
    const { run, latencies } = await load(base, path, tokens, SECONDS);
    latencies.sort((a, b) => a - b);
    const result: EndpointResult = {
      endpoint: `PUT ${path.replace(/\/\d+/, '/{id}')}${path === endpoints[4] ? ' (an ID: watch)' : ''}`,
      requests: run.requests.total,
      non2xx: run.non2xx,
      errors: run.errors + run.timeouts,
      rps: Math.round(run.requests.average),
      p50_ms: round(percentile(latencies, 50)),
      p95_ms: round(percentile(latencies, 95)),
      p99_ms: round(percentile(latencies, 99)),
      max_ms: round(latencies.at(-1) ?? Number.NaN),
    };
    results.push(result);
    console.error(`${result.endpoint}: p95 ${result.p95_ms} ms, ${result.rps} req/s`);
  }

  // The counts must have stayed exact through all of it.
  const check = (await app.db.execute(sql`
    select 'track' as kind, t.id, t.total_user_likes as counted,
      (select count(*)::int from user_track_favs f where f.track_id = t.id and f.show_likes) as actual
    from tracks t where t.id in (${track}, ${idTrack})
    union all select 'artist', a.id, a.total_user_likes,
      (select count(*)::int from user_artist_stats f where f.artist_id = a.id and f.show_likes) from artists a where a.id = ${artist}
    union all select 'label', l.id, l.total_user_likes,
      (select count(*)::int from user_label_stats f where f.label_id = l.id and f.show_likes) from labels l where l.id = ${label}
  `)) as unknown as { rows: { kind: string; id: number; counted: number; actual: number }[] };
  const exact = check.rows.every((row) => row.counted === row.actual);

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  const all = results.map((r) => r.p95_ms).sort((a, b) => a - b);
  const summary = {
    benchmark: 'library-toggles',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    database: 'PostgreSQL server (scripts/pg-server.sh), demo catalogue, pool of 10',
    users: USERS,
    seconds_per_endpoint: SECONDS,
    worst_p95_ms: all.at(-1),
    counts_exact: exact,
    counts: check.rows,
    results,
  };
  console.table(results);
  console.log(`worst p95 over the toggle endpoints: ${summary.worst_p95_ms} ms; counts exact: ${exact}`);
  mkdirSync('bench/results', { recursive: true });
  const file = join('bench/results', `library-toggles-${summary.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`saved ${file}`);
  if (!exact || results.some((r) => r.non2xx > 0 || r.errors > 0)) process.exitCode = 1;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** `tokens.length` connections, one user each, hitting `path` for `seconds`; every latency kept. */
function load(
  base: string,
  path: string,
  tokens: string[],
  seconds: number,
): Promise<{ run: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: tokens.length,
        duration: seconds,
        requests: [
          {
            method: 'PUT',
            path,
            // autocannon keeps one context per connection: it keeps the token it was given first.
            setupRequest: (request, context) => {
              const ctx = context as { token?: string };
              ctx.token ??= tokens[next++ % tokens.length];
              return { ...request, headers: { ...request.headers, authorization: `Bearer ${ctx.token}` } };
            },
          },
        ],
      },
      (error, run) => (error ? reject(error) : resolve({ run, latencies })),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
