// What one search call costs, piece by piece, timed one at a time (sequential, so each is close to its
// CPU): the rate limit's hit (which reads the search documents' generation in the same statement),
// the index in memory, and the items of the four sections read in full or, kept, their own fields
// only. Each piece's wall time, and its CPU: PostgreSQL's processes' (from /proc) and this process's
// (process.cpuUsage, so it includes the garbage collector's share). N (400) distinct queries from the
// bench's mix. DATABASE_URL=postgres://… node --import tsx bench/search-call-pieces.ts
import { performance } from 'node:perf_hooks';
import { normalisedWords } from '@cratedig/contract/search-normalise';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { takeSearch } from '../apps/api/src/modules/accounts/rate-limit-service';
import { keptItemsById } from '../apps/api/src/modules/catalogue/service';
import { loadSearchIndex } from '../apps/api/src/modules/search/index-keeper';
import { searchIndexSection } from '../apps/api/src/modules/search/index-query';
import { indexedQuery } from '../apps/api/src/modules/search/service';
import type { UserContext } from '../apps/api/src/plugins/service-context';
import { postgresCpuReader } from './lib/api-child';
import { ensureBenchUser } from './lib/catalogue-bench-user';
import { searchQueryMix } from './lib/search-queries';
import { distinctShuffled, summary } from './lib/search-runs';

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL: the large catalogue on a PostgreSQL server');
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  CRATEDIG_ENV: 'development',
  SEED_DEMO: 'false',
});
const database = await openDatabase({ databaseUrl: url, poolMax: 2 });
await (await import('../apps/api/src/db/migrate')).migrate(database);
const pool = new pg.Pool({ connectionString: url, max: 1 });
const { userId } = await ensureBenchUser(pool);
const qs = distinctShuffled(await searchQueryMix(pool, 40)).slice(0, Number(process.env.N ?? 400));
const index = await loadSearchIndex(database.db);
// the per-user search limit lifted: this one listener asks N times in a row
const limits = { ...config.auth.limits, search: { max: 100000, windowS: 60 } };
const ctx = {
  db: database.db,
  config: { ...config, auth: { ...config.auth, limits } },
  userId,
} as UserContext;
const t: Record<string, number[]> = { take: [], index: [], itemsFull: [], itemsOwn: [] };
const pgCpu = (await postgresCpuReader(pool)) ?? (() => 0);
const pgCpuMs: Record<string, number> = {};
const selfCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const nodeCpuMs: Record<string, number> = {};
const time = async (k: string, f: () => unknown) => {
  const p0 = pgCpu();
  const c0 = selfCpu();
  const s = performance.now();
  await f();
  t[k]?.push(performance.now() - s);
  pgCpuMs[k] = (pgCpuMs[k] ?? 0) + pgCpu() - p0;
  nodeCpuMs[k] = (nodeCpuMs[k] ?? 0) + selfCpu() - c0;
};
for (const q of qs) {
  await time('take', () => takeSearch(ctx));
  const words = normalisedWords(q.s).slice(0, 8);
  const wanted: Record<string, number[]> = {};
  await time('index', () => {
    const p = indexedQuery(index, { words, text: words.join(' ') });
    for (const [k, ix] of index.kinds)
      wanted[k] = searchIndexSection(ix, p.words, p.corrections, 20, 0).hits.map((h) => h.id);
  });
  await time('itemsFull', () =>
    keptItemsById({ ...ctx, config: { ...ctx.config, catalogueCacheMb: 0 } }, wanted),
  );
  await keptItemsById(ctx, wanted);
  await time('itemsOwn', () => keptItemsById(ctx, wanted));
}
for (const [k, v] of Object.entries(t))
  console.log(
    k,
    JSON.stringify(summary(v)),
    'pg cpu/call',
    ((pgCpuMs[k] ?? 0) / v.length).toFixed(2),
    'node cpu/call',
    ((nodeCpuMs[k] ?? 0) / v.length).toFixed(2),
  );
await pool.end();
await database.close();
