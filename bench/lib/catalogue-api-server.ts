// Bench-only entry: the real app (buildApp) on a loopback port in its own process, so that the load
// generator (autocannon, in the parent) does not share the API's event loop. Unlike main.ts it takes
// the database pool size from BENCH_POOL_MAX, never seeds or migrates (the parent has migrated), and
// listens on 127.0.0.1 port 0. It prints one JSON line {"address": "http://127.0.0.1:PORT"} once
// listening, and closes cleanly on SIGTERM or SIGINT (so --cpu-prof writes its profile).
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  poolMode: config.databasePoolMode,
  listenUrl: config.databaseListenUrl,
  poolMax: Number(process.env.BENCH_POOL_MAX ?? 16),
});
const app = await buildApp(config, { database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

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
process.stdout.write(`${JSON.stringify({ address })}\n`);
