import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig, resolveJwtSecret } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { accessTokenKey, signAccessToken } from '../apps/api/src/lib/tokens';
import { ensureBenchUser } from './lib/catalogue-bench-user';
const databaseUrl = process.env.DATABASE_URL as string;
const dataDir = join(tmpdir(), `sp-list-${process.pid}`);
mkdirSync(dataDir, { recursive: true });
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', PORT: '0', DATABASE_URL: databaseUrl });
const database = await openDatabase({ databaseUrl, poolMax: 8 });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
const { userId } = await ensureBenchUser(pool);
const app = await buildApp(config, { database });
const token = await signAccessToken(accessTokenKey(resolveJwtSecret(config)), userId);
const urls = ['/api/tracks?search=memory', '/api/tracks?search=memory&order_by=track_meta.title&order_direction=asc', '/api/tracks?search=memory%20machine', '/api/artists?search=kowalski', '/api/sets?search=festival', '/api/tracks?search=m', '/api/labels?search=rec'];
for (const url of urls) {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < 12; i++) {
    const t = performance.now();
    const r = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    ms.push(performance.now() - t);
    total = (r.json() as { pagination: { total: number } }).pagination.total;
    if (r.statusCode !== 200) throw new Error(r.body);
  }
  ms.sort((a, b) => a - b);
  console.log(url.padEnd(72), 'total', String(total).padStart(7), 'p50', ms[6].toFixed(1), 'max', ms[11].toFixed(1), 'ms');
}
await app.close(); await pool.end(); await database.close();
