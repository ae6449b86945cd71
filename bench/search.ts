// Search benchmark (bench/README.md): GET /api/search (all four sections, page of 20) over a mix of
// queries taken from the catalogue's own names, at a fixed arrival rate and sequentially, plus the
// same statements run directly on the database for the API/SQL ratio.
//   DATABASE_URL=postgres://… npm run bench:search   the large catalogue on a PostgreSQL server
//   npm run bench:search                             the demo catalogue on PGlite (sequential only)
// Settings: BENCH_RATE (requests/s, default 100), BENCH_SECONDS (default 30), BENCH_PER_GROUP (names
// per group of the mix, default 30), BENCH_ORDER (`interleaved`, default: the groups take turns, as a
// search box's traffic mixes kinds of query; `grouped`: each group's queries back to back, a burst of
// one kind, the worst case for the short heavy groups). Latencies at a fixed rate are measured from
// each request's scheduled start, so a slow answer also counts against the requests queued behind it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { searchQuery } from '@cratedig/contract/search';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig, resolveJwtSecret } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seedDemo } from '../apps/api/src/db/seed/demo';
import type { UserContext } from '../apps/api/src/lib/service-context';
import { accessTokenKey, signAccessToken } from '../apps/api/src/lib/tokens';
import { sectionStatement } from '../apps/api/src/modules/search/queries';
import { prepareQuery } from '../apps/api/src/modules/search/service';
import { ensureBenchUser } from './lib/catalogue-bench-user';
import { type BenchQuery, searchQueryMix } from './lib/search-queries';

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PER_GROUP = Number(process.env.BENCH_PER_GROUP ?? 30);
const ORDER = process.env.BENCH_ORDER === 'grouped' ? 'grouped' : 'interleaved';
const databaseUrl = process.env.DATABASE_URL;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(pct(s, 50)), p90: r(pct(s, 90)), p99: r(pct(s, 99)), max: r(s.at(-1) ?? 0) };
};

const dataDir = join(tmpdir(), `cratedig-bench-search-${process.pid}`);
mkdirSync(dataDir, { recursive: true });
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  PORT: '0',
  // One user sends every request here: the per-user search limit would turn them into 429s.
  SEARCH_MAX: process.env.SEARCH_MAX ?? '1000000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openDatabase({ databaseUrl, poolMax: 16 });
await migrate(database);
let pool: pg.Pool | undefined;
let userId: number;
let mix: BenchQuery[];
if (databaseUrl) {
  pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  userId = (await ensureBenchUser(pool)).userId;
  mix = await searchQueryMix(pool, PER_GROUP);
} else {
  await seedDemo(database, { mediaDir: join(dataDir, 'media'), media: false });
  const rows = async (q: string) => (await database.executeSql(q)).rows as { n: string }[];
  await database.exec(
    `insert into users (username, email) values ('bench-search', 'bench-search@example.test')`,
  );
  userId = Number((await rows(`select id::text as n from users where username = 'bench-search'`))[0]?.n);
  mix = await searchQueryMix(
    {
      query: async (q: string) => ({
        rows: await (
          database.db.execute((await import('drizzle-orm')).sql.raw(q)) as unknown as Promise<{
            rows: unknown[];
          }>
        ).then((r) => r.rows),
      }),
    } as unknown as pg.Pool,
    PER_GROUP,
  );
}
const app = await buildApp(config, { database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const token = await signAccessToken(accessTokenKey(resolveJwtSecret(config)), userId);
const headers = { authorization: `Bearer ${token}` };
const url = (q: BenchQuery) => `${address}/api/search?s=${encodeURIComponent(q.s)}`;

async function request(q: BenchQuery): Promise<void> {
  const response = await fetch(url(q), { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${q.s}: HTTP ${response.status}`);
}

console.error(
  `search bench: ${mix.length} queries, ${databaseUrl ? 'PostgreSQL' : 'PGlite demo'}, load ${loadavg()[0]?.toFixed(1)}`,
);
for (const q of mix.slice(0, 20)) await request(q); // warm-up

// Sequential, per group.
const sequential: number[] = [];
const byGroup = new Map<string, number[]>();
for (const q of mix) {
  const t = performance.now();
  await request(q);
  const ms = performance.now() - t;
  sequential.push(ms);
  byGroup.set(q.group, [...(byGroup.get(q.group) ?? []), ms]);
}

// The same work as SQL: the corrections lookup and the four section statements, one after another.
const sqlTimes: number[] = [];
const ctx = { db: database.db, config, userId } as UserContext;
for (const q of mix) {
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

/** The groups take turns: the first query of each group, then the second of each, and so on. */
function interleaved(queries: BenchQuery[]): BenchQuery[] {
  const byName = new Map<string, BenchQuery[]>();
  for (const q of queries) byName.set(q.group, [...(byName.get(q.group) ?? []), q]);
  const groups = [...byName.values()];
  const longest = Math.max(...groups.map((g) => g.length));
  return Array.from({ length: longest }, (_, i) =>
    groups.flatMap((g) => (i < g.length ? [g[i] as BenchQuery] : [])),
  ).flat();
}

// Fixed arrival rate (PostgreSQL only: PGlite answers one statement at a time).
let atRate: ReturnType<typeof summary> | undefined;
let errors = 0;
let firstError: string | undefined;
if (databaseUrl) {
  const latencies: number[] = [];
  const total = RATE * SECONDS;
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];
  const arrivals = ORDER === 'grouped' ? mix : interleaved(mix);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const q = arrivals[i % arrivals.length] as BenchQuery;
    pending.push(
      request(q).then(
        () => void latencies.push(performance.now() - due),
        (error: Error) => {
          errors++;
          firstError ??= String(error.cause ?? error.message);
        },
      ),
    );
  }
  await Promise.all(pending);
  atRate = summary(latencies);
}

const seq = summary(sequential);
const sqlSummary = summary(sqlTimes);
const result = {
  catalogue: databaseUrl ? 'large (PostgreSQL)' : 'demo (PGlite)',
  queries: mix.length,
  loadAverage: loadavg()[0],
  sequential: seq,
  sequentialByGroup: Object.fromEntries([...byGroup].map(([g, ms]) => [g, summary(ms)])),
  sqlDirect: sqlSummary,
  apiOverSql: Math.round((seq.p50 / sqlSummary.p50) * 100) / 100,
  ...(atRate
    ? { [`at${RATE}PerSecond`]: { order: ORDER, ...atRate, errors, ...(firstError ? { firstError } : {}) } }
    : {}),
};
console.log(JSON.stringify(result, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  `bench/results/search-${databaseUrl ? 'large' : 'demo'}.json`,
  `${JSON.stringify(result, null, 2)}\n`,
);
await app.close();
await pool?.end();
await database.close();
