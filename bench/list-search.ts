// List search benchmark (bench/README.md): the catalogue lists' `search` with the shortest inputs, the
// ones that match most of the catalogue: every one-letter input a-z and 0-9 and a fixed sample of
// two-letter inputs, on /tracks, /sets, /artists and /labels in their default order (first page of
// 20), sequentially through the API in this process (app.inject). Each input is asked twice: the
// first answer may count its matches up to the cap, the second finds it among the searches known past
// the cap (list_search_capped). Prints p50/p95/max per list and pass, the slowest inputs, and the
// load average at both ends. Each list is warmed up first with two requests that are not recorded.
//   DATABASE_URL=postgres://… node --import tsx bench/list-search.ts   the large catalogue
// Settings: BENCH_PAIRS (two-letter inputs per list, default 60), BENCH_FRESH=1 empties
// list_search_capped first (a cold start's figures), BENCH_READY=1 empties it and then runs the fill of
// the job that keeps short searches ready (modules/catalogue/ready-searches.ts), printing what it
// counted and its time: the first pass is then every listener's first ask once the job has run.
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig, resolveJwtSecret } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { accessTokenKey, signAccessToken } from '../apps/api/src/lib/tokens';
import { fillReadySearches } from '../apps/api/src/modules/catalogue/ready-searches';
import { ensureBenchUser } from './lib/catalogue-bench-user';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) throw new Error('DATABASE_URL must name the large catalogue');
const PAIRS = Number(process.env.BENCH_PAIRS ?? 60);
const LISTS = ['tracks', 'sets', 'artists', 'labels'] as const;

const config = loadConfig({
  ...process.env,
  CRATEDIG_ENV: 'development',
  DATA_DIR: join(tmpdir(), `cratedig-bench-list-search-${process.pid}`),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  SEARCH_MAX: '1000000',
  DATABASE_URL: databaseUrl,
});
const database = await openDatabase({ databaseUrl, poolMax: 4 });
await migrate(database);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
const { userId } = await ensureBenchUser(pool);
const ready = process.env.BENCH_READY === '1';
if (process.env.BENCH_FRESH === '1' || ready) await pool.query('delete from list_search_capped');
if (ready) {
  const load = loadavg()[0]?.toFixed(2);
  const run = await fillReadySearches(database.db);
  console.log(
    `kept ready: ${run.candidates} candidate prefixes, ${run.counted} counted, ${run.recorded} recorded past the cap in ${(run.ms / 1000).toFixed(1)} s (load ${load} -> ${loadavg()[0]?.toFixed(2)})`,
  );
  const again = await fillReadySearches(database.db);
  console.log(`a second fill: ${again.counted} counted, ${again.recorded} recorded in ${again.ms} ms`);
}
const app = await buildApp(config, { database });
await app.ready();
const token = await signAccessToken(accessTokenKey(resolveJwtSecret(config)), userId);

const letters = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');
// a fixed, spread sample of pairs: every (7i mod 36, 11i mod 26) combination
const pairs = Array.from(
  { length: PAIRS },
  (_, i) => `${letters[(7 * i) % 36]}${letters[(11 * i + 3) % 26]}`,
);
const inputs = [...letters, ...pairs];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
// Warm-up, not recorded: a process's first request to a list pays for compiling its code and for
// its pooled connection's first look at the tables (some 150 ms), which is not the search's cost.
for (const list of LISTS) {
  for (const query of ['limit=1', 'search=zzqxwv&limit=1']) {
    await app.inject({ url: `/api/${list}?${query}`, headers: { authorization: `Bearer ${token}` } });
  }
}
const loadStart = loadavg()[0]?.toFixed(2);
console.log(`list search bench: ${inputs.length} inputs per list, load ${loadStart}`);
for (const pass of ['first', 'second'] as const) {
  for (const list of LISTS) {
    const times: { s: string; ms: number; total: number }[] = [];
    for (const s of inputs) {
      const started = performance.now();
      const response = await app.inject({
        url: `/api/${list}?search=${encodeURIComponent(s)}&limit=20`,
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${list} ${s}: HTTP ${response.statusCode}`);
      times.push({ s, ms, total: (response.json() as { pagination: { total: number } }).pagination.total });
    }
    const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
    const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, 3);
    console.log(
      `${pass.padEnd(6)} /${list.padEnd(7)} p50 ${pct(sorted, 0.5).toFixed(1)} ms  p95 ${pct(sorted, 0.95).toFixed(1)} ms  max ${sorted.at(-1)?.toFixed(1)} ms  slowest: ${slowest.map((t) => `${t.s} ${t.ms.toFixed(0)} ms (${t.total})`).join(', ')}`,
    );
  }
}
console.log(`load ${loadStart} -> ${loadavg()[0]?.toFixed(2)}`);
await app.close();
await pool.end();
await database.close?.();
