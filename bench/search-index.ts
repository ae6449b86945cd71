// The search index in memory (docs/search.md "The index in memory"), measured on its own: how long
// it takes to load from the search documents, what it holds in memory, the longest the event loop
// waited during the load, and what answering one section costs in CPU, per kind, over distinct
// queries from the catalogue's own names (bench/lib/search-queries.ts, each asked once, so no
// warm-up per query flatters it), beside the same sections' statements on the database.
//   DATABASE_URL=postgres://… node --expose-gc --import tsx bench/search-index.ts
// Settings: BENCH_QUERIES (distinct queries, default 1000); BENCH_ONLY=a,b,c asks those three times.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { SEARCH_KINDS, SEARCH_WORDS_MAX } from '@cratedig/contract/search';
import { normalisedWords } from '@cratedig/contract/search-normalise';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { loadSearchIndex } from '../apps/api/src/modules/search/index-keeper';
import { searchIndexSection } from '../apps/api/src/modules/search/index-query';
import { sectionStatement } from '../apps/api/src/modules/search/plans';
import { indexedQuery, prepareQuery } from '../apps/api/src/modules/search/service';
import type { UserContext } from '../apps/api/src/plugins/service-context';
import { ensureBenchUser } from './lib/catalogue-bench-user';
import { searchQueryMix } from './lib/search-queries';
import { distinctShuffled, summary } from './lib/search-runs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the large catalogue on a PostgreSQL server');
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1000);
const mb = (bytes: number) => Math.round(bytes / 1048576);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const database = await openDatabase({ databaseUrl, poolMax: 4 });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const { userId } = await ensureBenchUser(pool);
const only = process.env.BENCH_ONLY?.split(',').map((s) => ({ group: 'asked', s }));
const queries = only
  ? [...only, ...only, ...only]
  : distinctShuffled(await searchQueryMix(pool, Math.ceil((QUERIES * 1.3) / 8))).slice(0, QUERIES);

gc();
const before = process.memoryUsage();
let stall = 0;
let tick = performance.now();
const timer = setInterval(() => {
  const now = performance.now();
  stall = Math.max(stall, now - tick - 10);
  tick = now;
}, 10);
const loadStarted = loadavg()[0] ?? 0;
const index = await loadSearchIndex(database.db);
clearInterval(timer);
gc();
const after = process.memoryUsage();

// CPU per query: the query's spellings and all four sections from the index, the process's own CPU
const perQuery: number[] = [];
const perKind = new Map<string, number[]>(SEARCH_KINDS.map((k) => [k, []]));
const slowest: { s: string; group: string; ms: number }[] = [];
const cpu0 = process.cpuUsage();
for (const q of queries) {
  const t = performance.now();
  const words = normalisedWords(q.s).slice(0, SEARCH_WORDS_MAX);
  const prepared = indexedQuery(index, { words, text: words.join(' ') });
  for (const kind of SEARCH_KINDS) {
    const k = performance.now();
    const kept = index.kinds.get(kind);
    if (kept) searchIndexSection(kept, prepared.words, prepared.corrections, 20, 0);
    perKind.get(kind)?.push(performance.now() - k);
  }
  perQuery.push(performance.now() - t);
  slowest.push({ s: q.s, group: q.group, ms: Math.round((performance.now() - t) * 100) / 100 });
}
slowest.sort((a, b) => b.ms - a.ms);
const cpu = process.cpuUsage(cpu0);

// the same sections' statements on the database, as the search runs them without the index
const sqlTimes: number[] = [];
const ctx = { db: database.db, userId } as UserContext;
for (const q of queries.slice(0, 300)) {
  const prepared = await prepareQuery(ctx, q.s);
  const t = performance.now();
  for (const kind of SEARCH_KINDS) {
    const statement = prepared.words.length > 0 ? sectionStatement(kind, prepared, userId, 20, 0) : undefined;
    if (statement) await database.db.execute(statement);
  }
  sqlTimes.push(performance.now() - t);
}

console.log(
  JSON.stringify(
    {
      load: {
        loadAverage: [loadStarted, loadavg()[0]],
        ms: index.loadedMs,
        longestEventLoopWaitMs: Math.round(stall),
      },
      documents: index.documents,
      words: Object.fromEntries([...index.kinds].map(([k, i]) => [k, i.words.length])),
      memoryMb: {
        typedArrays: mb(index.bytes),
        heap: mb(after.heapUsed - before.heapUsed),
        rss: mb(after.rss - before.rss),
      },
      queries: queries.length,
      indexAllSectionsMs: summary(perQuery),
      indexCpuMsPerQuery: Math.round(((cpu.user + cpu.system) / 1000 / queries.length) * 100) / 100,
      slowestQueries: slowest.slice(0, 8),
      indexPerKindMs: Object.fromEntries([...perKind].map(([k, ms]) => [k, summary(ms)])),
      databaseAllSectionsMs: summary(sqlTimes),
      loadAverageEnd: loadavg()[0],
    },
    null,
    2,
  ),
);
await pool.end();
await database.close();
