// Cost of a set's heat strip (GET /api/sets/{id}/heat) with 100,000 moment likes on one two-hour set,
// on a PostgreSQL server: the statement alone (EXPLAIN ANALYZE execution time), the service call and
// the whole HTTP request in process (app.inject), each repeated; and, for comparison, the same buckets
// aggregated straight from the likes table. It also records 1,000 likes through the real statement
// (which keeps the per-set slots) and checks that the slots still equal a recount of the likes.
//
//   DATABASE_URL=postgres://…/postgres npm run bench:heat       # else `scripts/pg-server.sh url`
//   BENCH_LIKES=100000 BENCH_RUNS=300 npm run bench:heat
//
// It creates (and drops first) its own database `cratedig_bench_heat` on that server and drops it at
// the end. Results: a table on stdout, JSON in bench/results/heat.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { signAccessToken } from '../apps/api/src/lib/tokens';
import { heatOf } from '../apps/api/src/modules/player/moments-queries';
import { setHeat } from '../apps/api/src/modules/player/moments-service';
import { recordMomentLike } from '../apps/api/src/modules/player/queries';

const DB_NAME = 'cratedig_bench_heat';
const LIKES = Number(process.env.BENCH_LIKES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const DURATION_S = 2 * 3600;
const USERS = 500;

function serverUrl(): string {
  if (process.env.DATABASE_URL?.startsWith('postgres')) return process.env.DATABASE_URL;
  try {
    return execFileSync('bash', ['scripts/pg-server.sh', 'url'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('No PostgreSQL server: run `bash scripts/pg-server.sh start` or set DATABASE_URL.');
  }
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function stats(samples: number[]): { p50_ms: number; p95_ms: number; max_ms: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { p50_ms: round(at(50)), p95_ms: round(at(95)), max_ms: round(sorted.at(-1) ?? 0) };
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i += 1) await work(); // warm the plan cache and the buffers
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function main(): Promise<void> {
  const server = serverUrl();
  await admin(server, `drop database if exists ${DB_NAME} with (force)`);
  await admin(server, `create database ${DB_NAME}`);
  const url = new URL(server);
  url.pathname = `/${DB_NAME}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cratedig-bench-heat-'));
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrate(database);
    const config = loadConfig({
      CRATEDIG_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PORT: '0',
    });
    const app = await buildApp(config, { database });
    const db = app.db;
    const one = async <R>(statement: ReturnType<typeof sql>) =>
      ((await db.execute(statement)) as unknown as { rows: R[] }).rows[0] as R;

    // One two-hour set of 24 five-minute tracks, 500 listeners.
    const { id: setId } = await one<{ id: number }>(sql`
      insert into sets (set_name, artist, genre, release_date, duration_ms)
      values ('Heat bench', 'Bench Performer', 'Techno', '2025-01-01', ${DURATION_S * 1000}) returning id`);
    await db.execute(sql`
      with t as (
        insert into tracks (title, artist, mix_type)
        select 'Track ' || g, 'Artist ' || g, 'original_mix' from generate_series(1, 24) g returning id)
      insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
      select ${setId}, row_number() over (order by id), id,
             (row_number() over (order by id) - 1) * 300, row_number() over (order by id) * 300 from t`);
    await db.execute(sql`
      insert into users (username, email, auth_provider)
      select 'bench-heat-' || g, 'bench-heat-' || g || '@example.test', 'web_client' from generate_series(1, ${USERS}) g`);

    // LIKES moment likes in a few crowd peaks over a spread, deterministic (setseed). Loaded in bulk,
    // with the slots counted the way migration 0010 counts existing likes.
    const loadStart = performance.now();
    await db.execute(sql`select setseed(0.42)`);
    await db.execute(sql`
      insert into set_likes (user_id, set_id, set_timestamp, track_position)
      select u.id, ${setId}, s.t, s.t / 300 + 1
      from (select g,
              least(${DURATION_S - 1}, greatest(0, (case when random() < 0.6
                then (array[900, 2710, 5400, 6600])[1 + floor(random() * 4)::int] + (random() - 0.5) * 240
                else random() * ${DURATION_S} end)::int)) as t
            from generate_series(1, ${LIKES}) g) s
      join users u on u.id = (select min(id) from users) + s.g % ${USERS}`);
    await db.execute(sql`
      insert into set_like_slots (set_id, slot, likes)
      select set_id, set_timestamp / 5, count(*)::int from set_likes where set_id = ${setId} group by 1, 2`);
    await db.execute(sql`update sets set likes = ${LIKES} where id = ${setId}`);
    await db.execute(sql`vacuum analyze set_likes`);
    await db.execute(sql`vacuum analyze set_like_slots`);
    const loadMs = performance.now() - loadStart;

    // 1,000 more likes through the real statement: what keeping the slots costs a like.
    const users = (
      (await db.execute(sql`select id from users order by id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const likeSamples: number[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const start = performance.now();
      await recordMomentLike(db, users[i % users.length]?.id ?? 1, setId, (i * 7.3) % DURATION_S);
      likeSamples.push(performance.now() - start);
    }
    const check = await one<{ mismatched: number; likes: number }>(sql`
      select (select count(*) from (
                select set_timestamp / 5 as slot, count(*)::int as likes from set_likes where set_id = ${setId} group by 1
                except select slot, likes from set_like_slots where set_id = ${setId}) d)::int as mismatched,
             (select count(*) from set_likes where set_id = ${setId})::int as likes`);
    if (check.mismatched !== 0)
      throw new Error(`${check.mismatched} slots differ from a recount of the likes`);

    const ctx = { db, config };
    const heat = await setHeat(ctx, setId);
    const token = await signAccessToken(app.accessTokens, users[0]?.id ?? 1);
    const explainMs = async (statement: string): Promise<number> => {
      const plan = (await db.execute(sql.raw(`explain (analyze, format json) ${statement}`))) as unknown as {
        rows: { 'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number }] }[];
      };
      const top = plan.rows[0]?.['QUERY PLAN'][0];
      return (top?.['Execution Time'] ?? 0) + (top?.['Planning Time'] ?? 0);
    };
    // The statement heatOf() sends (moments-queries.ts), with the set id inlined.
    const heatSql = `select s.duration_ms,
      coalesce((select json_agg(json_build_array(ls.slot, ls.likes) order by ls.slot)
                from set_like_slots ls where ls.set_id = s.id), '[]'::json) as slots,
      coalesce((select json_agg(json_build_object('track_position', st.track_position, 'track_meta_id', st.track_id,
                  'artist', t.artist, 'title', t.title, 'start_time', st.start_time, 'end_time', st.end_time,
                  'likes', st.likes) order by st.track_position)
                from set_tracks st join tracks t on t.id = st.track_id where st.set_id = s.id), '[]'::json) as tracks
      from sets s where s.id = ${setId}`;
    const rawSql = `select set_timestamp / ${heat.bucket_s} as bucket, count(*) from set_likes
      where set_id = ${setId} group by 1 order by 1`;
    const explainSlots: number[] = [];
    const explainRaw: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      explainSlots.push(await explainMs(heatSql));
      explainRaw.push(await explainMs(rawSql));
    }

    const rows = {
      'heat statement on the server (EXPLAIN ANALYZE, planning + execution)': stats(explainSlots),
      'heat statement, round trip from Node (heatOf)': stats(await timed(RUNS, () => heatOf(db, setId))),
      'service: buckets + peak (setHeat)': stats(await timed(RUNS, () => setHeat(ctx, setId))),
      'GET /api/sets/{id}/heat in process (app.inject)': stats(
        await timed(RUNS, () =>
          app.inject({
            method: 'GET',
            url: `/api/sets/${setId}/heat`,
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      ),
      'for comparison: aggregate over set_likes (EXPLAIN ANALYZE)': stats(explainRaw),
      'POST /set-likes statement incl. slot upkeep (recordMomentLike)': stats(likeSamples),
    };
    console.log(
      `set ${setId}: ${check.likes} moment likes over ${DURATION_S} s; ${heat.buckets.length} buckets of ${heat.bucket_s} s;` +
        ` peak at ${heat.peak?.start_s} s (${heat.peak?.likes} likes); bulk load ${(loadMs / 1000).toFixed(1)} s`,
    );
    console.table(rows);
    console.log(
      `load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      'bench/results/heat.json',
      `${JSON.stringify({ at: new Date().toISOString(), likes: check.likes, buckets: heat.buckets.length, bucket_s: heat.bucket_s, results: rows }, null, 2)}\n`,
    );
    await app.close();
  } finally {
    await database.close();
    await admin(server, `drop database if exists ${DB_NAME} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
