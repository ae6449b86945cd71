// Search against a baseline (bench/README.md "Against a baseline"): this checkout's API and another
// checkout's (BENCH_BASELINE=<dir>: a clone at an earlier commit, with its own node_modules), both
// started on the same database, answer the same distinct queries at a fixed rate in alternating
// blocks, the side that goes first alternating too. On a machine whose speed drifts by tens of
// percent within minutes (a virtual machine with neighbours), two separate runs of bench:search
// cannot tell a 5% change from the drift; blocks a few seconds long, interleaved, put the drift on
// both sides alike. Each block reads the CPU of the API process that answered it and of PostgreSQL's
// backends (the other API is idle meanwhile); the load generator shares the cores with both.
// Each side sees each query once, so nothing is a repeat for its caches; the database's own buffers
// are shared, which the alternating order evens out.
//   DATABASE_URL=postgres://… BENCH_BASELINE=/path/to/checkout npm run bench:search-against
// Settings: BENCH_RATE (200 requests/s), BENCH_BLOCK_SECONDS (5), BENCH_BLOCKS (8 per side),
// BENCH_USERS (200 listeners taking turns, as in bench:search), BENCH_API_NODE_ARGS (flags for both
// API processes' node, space-separated, e.g. --trace-gc).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, resolveJwtSecret } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { accessTokenKey, signAccessToken } from '../apps/api/src/lib/tokens';
import {
  type ApiChild,
  postgresCpuReader,
  postgresDurability,
  processRssMb,
  startApiChild,
} from './lib/api-child';
import { ensureBenchUser } from './lib/catalogue-bench-user';
import { getterFor } from './lib/light-client';
import { type BenchQuery, searchQueryMix } from './lib/search-queries';
import { distinctShuffled, type RateRun, runAtRate, searchListeners, summary } from './lib/search-runs';

const databaseUrl = process.env.DATABASE_URL;
const baseline = process.env.BENCH_BASELINE;
if (!databaseUrl || !baseline)
  throw new Error(
    'DATABASE_URL (the large catalogue on PostgreSQL) and BENCH_BASELINE (a checkout) are needed',
  );
const RATE = Number(process.env.BENCH_RATE ?? 200);
const BLOCK_SECONDS = Number(process.env.BENCH_BLOCK_SECONDS ?? 5);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 8);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const perBlock = RATE * BLOCK_SECONDS;

const dataDir = join(tmpdir(), `cratedig-bench-against-${process.pid}`);
mkdirSync(dataDir, { recursive: true });
const env = {
  CRATEDIG_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  PORT: '0',
  DATABASE_URL: databaseUrl,
  BENCH_POOL_MAX: process.env.BENCH_POOL_MAX ?? '16',
};
const config = loadConfig({ ...process.env, ...env });
const database = await openDatabase({ databaseUrl, poolMax: 2 });
await migrate(database);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const { userId } = await ensureBenchUser(pool);
const listeners = await searchListeners((q) => database.executeSql(q), userId, USERS);
// both sides read the signing secret from the same data folder
const key = accessTokenKey(resolveJwtSecret(config));
const tokens = await Promise.all(listeners.map((id) => signAccessToken(key, id)));

// a block per side to warm up (not counted: code paths compiled, the pools opened), then BLOCKS
// blocks per side; every query once
const needed = (BLOCKS + 1) * perBlock;
const distinct = distinctShuffled(await searchQueryMix(pool, Math.ceil((needed * 1.3) / 8)));
if (distinct.length < needed) throw new Error(`only ${distinct.length} distinct queries for ${needed}`);

const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
const sides: { name: string; child: ApiChild }[] = [
  { name: 'this checkout', child: await startApiChild(env, nodeArgs) },
  { name: `baseline (${baseline})`, child: await startApiChild(env, nodeArgs, baseline) },
];
let turn = 0;
const requestTo = (address: string) => {
  const get = getterFor(address);
  return async (q: BenchQuery) => {
    const status = await get(`/api/search?s=${encodeURIComponent(q.s)}`, {
      authorization: `Bearer ${tokens[turn++ % tokens.length]}`,
    });
    if (status !== 200) throw new Error(`${q.s}: HTTP ${status}`);
  };
};
const sqlCpu = await postgresCpuReader(pool);
const load0 = loadavg()[0] ?? 0;
const blocks: RateRun[][] = [[], []];
for (let b = -1; b < BLOCKS; b++) {
  const queries = distinct.slice((b + 1) * perBlock, (b + 2) * perBlock);
  for (const s of b % 2 === 0 ? [0, 1] : [1, 0]) {
    const { child } = sides[s] as (typeof sides)[number];
    const run = await runAtRate(queries, RATE, requestTo(child.address), {
      api: () => child.cpuMs(),
      sql: sqlCpu,
    });
    if (b < 0) continue;
    (blocks[s] as RateRun[]).push(run);
    console.error(`block ${b + 1} ${s === 0 ? 'this' : 'baseline'}: cpu ${run.cpuPerCall} p99 ${run.p99}`);
  }
}

const mean = (runs: RateRun[], k: 'apiCpuPerCall' | 'sqlCpuPerCall') =>
  Math.round((runs.reduce((a, r) => a + (r[k] ?? 0), 0) / runs.length) * 100) / 100;
const result = {
  rate: RATE,
  blockSeconds: BLOCK_SECONDS,
  blocksPerSide: BLOCKS,
  users: USERS,
  durability: await postgresDurability(pool),
  load: [Math.round(load0 * 10) / 10, Math.round((loadavg()[0] ?? 0) * 10) / 10],
  sides: sides.map(({ name, child }, s) => {
    const runs = blocks[s] as RateRun[];
    const api = mean(runs, 'apiCpuPerCall');
    const sql = mean(runs, 'sqlCpuPerCall');
    return {
      name,
      cpuPerCall: Math.round((api + sql) * 100) / 100,
      apiCpuPerCall: api,
      sqlCpuPerCall: sql,
      p50OfBlocks: runs.map((r) => r.p50),
      p99OfBlocks: runs.map((r) => r.p99),
      medianBlockP99: summary(runs.map((r) => r.p99)).p50,
      cpuOfBlocks: runs.map((r) => r.cpuPerCall),
      errors: runs.reduce((a, r) => a + r.errors, 0),
      rssMb: processRssMb(child.pid),
    };
  }),
};
console.log(JSON.stringify(result, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  `bench/results/search-against-${new Date().toISOString().slice(0, 16)}.json`,
  `${JSON.stringify(result, null, 2)}\n`,
);
for (const { child } of sides) await child.stop();
await pool.end();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
