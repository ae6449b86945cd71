// Bench-only entry: the real app (buildApp) on a loopback port in its own process, so that the load
// generator (autocannon, in the parent) does not share the API's event loop. Unlike main.ts it takes
// the database pool size from BENCH_POOL_MAX, never seeds or migrates (the parent has migrated), and
// listens on 127.0.0.1 port 0 (its pool's connections warmed as main.ts warms them). It prints one
// JSON line {"address": "http://127.0.0.1:PORT"} once listening, and closes cleanly on SIGTERM or
// SIGINT (so --cpu-prof writes its profile).
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { indexKeeperFor } from '../../apps/api/src/modules/search/index-keeper';
import { keepPopularItems, warmSearchConnections } from '../../apps/api/src/modules/search/service';
import { serviceContext } from '../../apps/api/src/plugins/service-context';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  poolMode: config.databasePoolMode,
  listenUrl: config.databaseListenUrl,
  poolMax: Number(process.env.BENCH_POOL_MAX ?? 16),
});
const app = await buildApp(config, { database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
// As main.ts does before it reports ready: every pooled connection opened and readied.
await warmSearchConnections(serviceContext(app), database.connections);
// The search index in memory is loaded before the benchmark starts (the server answers searches
// from the database until then); its figures go with the address.
let searchIndex: Record<string, number> | undefined;
if (config.searchIndex) {
  const rss = process.memoryUsage().rss;
  const index = await indexKeeperFor(database.db, (err) => console.error(err)).load();
  if (index) {
    // as main.ts has the server do once the index has loaded
    const kept = await keepPopularItems(serviceContext(app), index, async () => {});
    searchIndex = {
      documents: index.documents,
      loadedMs: index.loadedMs,
      typedArraysMb: Math.round(index.bytes / 1048576),
      rssGrowthMb: Math.round((process.memoryUsage().rss - rss) / 1048576),
      itemsKeptAhead: Object.values(kept.items).reduce((a, b) => a + b, 0),
      keptAheadMs: kept.ms,
    };
  }
}

let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdout.write(`${JSON.stringify({ address, searchIndex })}\n`);
