// What the catalogue's kept pages (apps/api/src/modules/catalogue/page-cache.ts) cost in memory: the app
// in this process on a PostgreSQL catalogue, asked for PAGES distinct pages (every list and sort at
// growing offsets, then set, track and artist details), then the heap and RSS are compared with the
// JSON the cache counted. Not part of `npm test`.
//
//   DATABASE_URL=$(bash scripts/pg-server.sh url) node --expose-gc --import tsx bench/catalogue-cache-memory.ts
//
// BENCH_PAGES (default 3000) pages are asked; CATALOGUE_CACHE_MB (default 32) bounds the cache as in
// production, so past it the figures show the bound holding.
import { loadavg } from 'node:os';
import { SORTS } from '@cratedig/contract/constants';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { signAccessToken } from '../apps/api/src/lib/tokens';
import { pageCacheFor } from '../apps/api/src/modules/catalogue/page-cache';
import { ensureBenchUser } from './lib/catalogue-bench-user';

const PAGES = Number(process.env.BENCH_PAGES ?? 3000);
const databaseUrl = process.env.DATABASE_URL ?? '';
if (!databaseUrl.startsWith('postgres')) throw new Error('Set DATABASE_URL to a PostgreSQL catalogue.');

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const rssMb = () => process.memoryUsage().rss / 2 ** 20;

function* urls(): Generator<string> {
  const lists = Object.entries(SORTS).filter(([kind]) =>
    ['sets', 'tracks', 'artists', 'labels'].includes(kind),
  );
  for (let offset = 0; ; offset += 20) {
    for (const [kind, sorts] of lists) {
      for (const orderBy of Object.values(sorts) as string[]) {
        yield `/api/${kind}?order_by=${orderBy}&order_direction=desc&offset=${offset}`;
      }
    }
    for (let i = 1; i <= 5; i++) {
      const id = offset + i;
      yield `/api/sets/${id}`;
      yield `/api/tracks/${id}`;
      yield `/api/artists/${id}`;
    }
  }
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
const database = await openDatabase({ databaseUrl, poolMax: 4 });
const app = await buildApp(config, { database });
await app.ready();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
const { userId } = await ensureBenchUser(pool);
await pool.end();
const headers = { authorization: `Bearer ${await signAccessToken(app.accessTokens, userId)}` };

const heapBefore = heapMb();
const rssBefore = rssMb();
let asked = 0;
let failed = 0;
const started = performance.now();
for (const url of urls()) {
  if (asked >= PAGES) break;
  const response = await app.inject({ url, headers });
  asked += 1;
  if (response.statusCode !== 200) {
    failed += 1;
    if (failed <= 3) console.error(response.statusCode, url, response.body.slice(0, 160));
  }
}
const seconds = (performance.now() - started) / 1000;
const cache = pageCacheFor(database.db, config.catalogueCacheMb);
const heapAfter = heapMb();
const keptMb = (cache?.keptBytes ?? 0) / 2 ** 20;
console.log(
  JSON.stringify({
    pagesAsked: asked,
    notOk: failed,
    pagesKept: cache?.size ?? 0,
    keptJsonMb: Number(keptMb.toFixed(1)),
    budgetMb: config.catalogueCacheMb,
    heapGrowthMb: Number((heapAfter - heapBefore).toFixed(1)),
    heapPerJsonMb: keptMb > 0 ? Number(((heapAfter - heapBefore) / keptMb).toFixed(2)) : null,
    rssGrowthMb: Number((rssMb() - rssBefore).toFixed(1)),
    seconds: Number(seconds.toFixed(1)),
    loadAverage: loadavg().map((n) => Number(n.toFixed(2))),
  }),
);
await app.close();
await database.close();
