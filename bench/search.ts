// Search benchmark (bench/README.md): GET /api/search (all four sections, page of 20) over queries taken
// from the catalogue's own names, as listeners type them (bench/lib/search-queries.ts), sequentially
// beside the same statements run directly on the database (API/SQL ratio), then at fixed arrival
// rates: once with distinct queries (none repeated in the run, so no cache of any kind is flattered)
// and once with a Zipf-distributed repeat pattern over a hot set. Each rate run reports p50/p99 from
// each request's scheduled start and the CPU ms per call of the API process and PostgreSQL's backends
// together, read from /proc (the API runs in a child process, apart from the load generator), and the
// load generator's own (bench/lib/light-client.ts: it shares the cores).
//   DATABASE_URL=postgres://… npm run bench:search   the large catalogue on a PostgreSQL server
//   npm run bench:search                             the demo catalogue on PGlite (sequential only)
// Settings: BENCH_RATES (default 100,200), BENCH_SECONDS per run (default 20), BENCH_SEQUENTIAL
// (queries of the sequential phase, default 300), BENCH_ZIPF_HOT (the Zipf run's hot set, default
// 2000), BENCH_MIX (`listeners`, the default: whole names, swapped letters, prefixes, a word and a
// genre, last words, as the outside load draws them; `groups`: the earlier fixed groups of kinds),
// BENCH_PER_GROUP (names per group of the `groups` mix; by default enough for every run to be distinct),
// BENCH_API_CPU_PROF=<dir> (the API child's CPU profile is written there), BENCH_API_NODE_ARGS (flags
// for the API child's node, space-separated, e.g. --max-semi-space-size=64), BENCH_USERS (default
// 60, as the outside load): the requests take turns among this many listeners, so each stays under the
// per-user search limit as real listeners do. Each rate run also reports the state it found the
// machine in (`state`): PostgreSQL's blocks per call from its shared buffers and from the operating
// system, and minor page faults per call of the API and of PostgreSQL.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { searchQuery } from '@cratedig/contract/search';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig, resolveJwtSecret } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { fillItemDocs } from '../apps/api/src/db/read-models/catalogue-item-docs';
import { seedDemo } from '../apps/api/src/db/seed/demo';
import { accessTokenKey, signAccessToken } from '../apps/api/src/lib/tokens';
import { sectionStatement } from '../apps/api/src/modules/search/plans';
import { prepareQuery } from '../apps/api/src/modules/search/service';
import type { UserContext } from '../apps/api/src/plugins/service-context';
import {
  type ApiChild,
  postgresBlocks,
  postgresCpuReader,
  postgresDurability,
  postgresFaultsReader,
  processMinorFaults,
  processRssMb,
  startApiChild,
} from './lib/api-child';
import { ensureBenchUser } from './lib/catalogue-bench-user';
import { getterFor } from './lib/light-client';
import { type BenchQuery, listenersQueryMix, searchQueryMix } from './lib/search-queries';
import {
  distinctShuffled,
  type RateRun,
  runAtRate,
  searchListeners,
  summary,
  zipfStream,
} from './lib/search-runs';

const RATES = (process.env.BENCH_RATES ?? '100,200').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 300);
const ZIPF_HOT = Number(process.env.BENCH_ZIPF_HOT ?? 2000);
/** `listeners` (default): queries as listeners type them; `groups`: the fixed groups of kinds. */
const MIX = process.env.BENCH_MIX ?? 'listeners';
const databaseUrl = process.env.DATABASE_URL;
const needed = SEQUENTIAL + (databaseUrl ? RATES.reduce((a, r) => a + r * SECONDS, 0) : 0);
// about 8 of the 11 groups grow with perGroup, and normalising folds some names together
const PER_GROUP = Number(process.env.BENCH_PER_GROUP ?? Math.ceil((needed * 1.3) / 8));

const dataDir = join(tmpdir(), `cratedig-bench-search-${process.pid}`);
mkdirSync(dataDir, { recursive: true });
// also when it fails (a bad DATABASE_URL, the API not starting)
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const env = {
  CRATEDIG_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: databaseUrl ? 'warn' : 'silent',
  SEED_DEMO: 'false',
  PORT: '0',
  ...(process.env.SEARCH_MAX ? { SEARCH_MAX: process.env.SEARCH_MAX } : {}),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const config = loadConfig({ ...process.env, ...env });
const database = await openDatabase({ databaseUrl, poolMax: 4 });
await migrate(database);
let pool: pg.Pool | undefined;
let userId: number;
let mix: BenchQuery[];
if (databaseUrl) {
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  userId = (await ensureBenchUser(pool)).userId;
  mix =
    MIX === 'groups'
      ? await searchQueryMix(pool, PER_GROUP)
      : await listenersQueryMix(pool, Math.ceil(needed * 1.2));
} else {
  await seedDemo(database, { mediaDir: join(dataDir, 'media'), media: false });
  const rows = async (q: string) => (await database.executeSql(q)).rows as { n: string }[];
  await database.exec(
    `insert into users (username, email) values ('bench-search', 'bench-search@example.test')`,
  );
  userId = Number((await rows(`select id::text as n from users where username = 'bench-search'`))[0]?.n);
  const { sql } = await import('drizzle-orm');
  const demoPool = {
    query: async (q: string) => ({
      rows: ((await database.db.execute(sql.raw(q))) as unknown as { rows: unknown[] }).rows,
    }),
  } as unknown as pg.Pool;
  mix = await searchQueryMix(demoPool, PER_GROUP);
}
// The items' documents, as a started server's job writes them (docs/catalogue.md "What is kept
// between requests"): on the large catalogue the first fill takes minutes, later ones find none missing.
const fillStarted = performance.now();
const itemDocs = { ...(await fillItemDocs(database.db)), ms: Math.round(performance.now() - fillStarted) };
console.error('item documents', JSON.stringify(itemDocs));
const distinct = distinctShuffled(mix);
if (distinct.length < needed)
  console.error(`only ${distinct.length} distinct queries for ${needed}: the last runs end early`);

// The API: a child process on PostgreSQL (its CPU read apart from this load generator's), in this
// process on the demo PGlite.
let child: ApiChild | undefined;
let address: string;
let inProcess: Awaited<ReturnType<typeof buildApp>> | undefined;
if (databaseUrl) {
  const profDir = process.env.BENCH_API_CPU_PROF;
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  child = await startApiChild({ ...env, BENCH_POOL_MAX: process.env.BENCH_POOL_MAX ?? '16' }, [
    ...nodeArgs,
    ...(profDir ? ['--cpu-prof', '--cpu-prof-dir', profDir] : []),
  ]);
  address = child.address;
} else {
  inProcess = await buildApp(config, { database });
  address = await inProcess.listen({ port: 0, host: '127.0.0.1' });
}
const USERS = Number(process.env.BENCH_USERS ?? 60);
const listeners = await searchListeners((q) => database.executeSql(q), userId, USERS);
const key = accessTokenKey(resolveJwtSecret(config));
const tokens = await Promise.all(listeners.map((id) => signAccessToken(key, id)));
let turn = 0;
const get = getterFor(address);

async function request(q: BenchQuery): Promise<void> {
  const token = tokens[turn++ % tokens.length];
  const status = await get(`/api/search?s=${encodeURIComponent(q.s)}`, {
    authorization: `Bearer ${token}`,
  });
  if (status !== 200) throw new Error(`${q.s}: HTTP ${status}`);
}

console.error(
  `search bench: SEARCH_INDEX=${process.env.SEARCH_INDEX ?? 'true'}, ${distinct.length} distinct queries, ${databaseUrl ? 'PostgreSQL' : 'PGlite demo'}, load ${loadavg()[0]?.toFixed(1)}`,
);
let next = 0;
const take = (n: number) => {
  const slice = distinct.slice(next, next + n);
  next += n;
  return slice;
};
for (const q of take(20)) await request(q); // warm-up

// Sequential, per group, then the same queries' statements straight on the database.
const sequentialSlice = take(SEQUENTIAL);
const sequential: number[] = [];
const byGroup = new Map<string, number[]>();
const load0 = loadavg()[0] ?? 0;
for (const q of sequentialSlice) {
  const t = performance.now();
  await request(q);
  const ms = performance.now() - t;
  sequential.push(ms);
  byGroup.set(q.group, [...(byGroup.get(q.group) ?? []), ms]);
}
const sqlTimes: number[] = [];
const ctx = { db: database.db, config, userId } as UserContext;
for (const q of sequentialSlice) {
  const parsed = searchQuery.parse({ s: q.s });
  const t = performance.now();
  const prepared = await prepareQuery(ctx, parsed.s);
  if (prepared.words.length > 0) {
    for (const kind of parsed.kinds) {
      const statement = sectionStatement(kind, prepared, userId, 20, 0);
      if (statement) await database.db.execute(statement);
    }
  }
  sqlTimes.push(performance.now() - t);
}

// Fixed arrival rates (PostgreSQL only: PGlite answers one statement at a time).
const runs: Record<string, RateRun & { repeats: number }> = {};
if (databaseUrl && pool && child) {
  const api = child;
  const cpu = { api: () => api.cpuMs(), sql: await postgresCpuReader(pool) };
  const statePool = pool;
  const state = {
    blocks: () => postgresBlocks(statePool),
    apiFaults: () => processMinorFaults(api.pid),
    sqlFaults: await postgresFaultsReader(pool),
  };
  const hot = distinct.slice(0, ZIPF_HOT);
  // Requests whose query was asked before in this bench: the most the API's cache of search pages
  // (docs/search.md) can answer from what it kept (fewer if it dropped some). Distinct runs have none.
  const asked = new Set(distinct.slice(0, next).map((q) => q.s));
  const repeats = (stream: BenchQuery[]) => {
    let n = 0;
    for (const q of stream) {
      if (asked.has(q.s)) n += 1;
      else asked.add(q.s);
    }
    return n;
  };
  for (const rate of RATES) {
    const fresh = take(rate * SECONDS);
    const freshRepeats = repeats(fresh);
    runs[`distinct@${rate}`] = {
      ...(await runAtRate(fresh, rate, request, cpu, state)),
      repeats: freshRepeats,
    };
    console.error(`distinct@${rate}`, JSON.stringify(runs[`distinct@${rate}`]));
    const zipf = zipfStream(hot, rate * SECONDS, rate);
    const zipfRepeats = repeats(zipf);
    runs[`zipf@${rate}`] = { ...(await runAtRate(zipf, rate, request, cpu, state)), repeats: zipfRepeats };
    console.error(`zipf@${rate}`, JSON.stringify(runs[`zipf@${rate}`]));
  }
}

const durability = pool ? await postgresDurability(pool) : null;
const seq = summary(sequential);
const sqlSummary = summary(sqlTimes);
const result = {
  catalogue: databaseUrl ? 'large (PostgreSQL)' : 'demo (PGlite)',
  durability,
  distinctQueries: distinct.length,
  groups: Object.fromEntries(
    [...new Set(distinct.map((q) => q.group))].map((g) => [g, distinct.filter((q) => q.group === g).length]),
  ),
  sequentialLoad: [Math.round(load0 * 10) / 10, Math.round((loadavg()[0] ?? 0) * 10) / 10],
  sequential: seq,
  sequentialByGroup: Object.fromEntries([...byGroup].map(([g, ms]) => [g, summary(ms)])),
  sqlDirect: sqlSummary,
  apiOverSql: Math.round((seq.p50 / sqlSummary.p50) * 100) / 100,
  users: USERS,
  runs,
  apiRssMb: child ? processRssMb(child.pid) : null,
  searchIndex: child?.info.searchIndex ?? null,
  itemDocs,
};
console.log(JSON.stringify(result, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  `bench/results/search-${databaseUrl ? 'large' : 'demo'}-${new Date().toISOString().slice(0, 16)}.json`,
  `${JSON.stringify(result, null, 2)}\n`,
);
await child?.stop();
await inProcess?.close();
await pool?.end();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
